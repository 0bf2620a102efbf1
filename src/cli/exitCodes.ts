/** DECISIONS.md, Exit codes. */
export const EXIT = { passed: 0, failed: 1, unusable: 2 } as const;
