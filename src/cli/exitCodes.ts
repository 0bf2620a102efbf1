/** DECISIONS.md, Exit codes; 130 for a run stopped by SIGINT or SIGTERM (Wave 2 / Platform, Interrupts). */
export const EXIT = { passed: 0, failed: 1, unusable: 2, interrupted: 130 } as const;
