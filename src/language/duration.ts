/**
 * Durations as the scenario language writes them (DECISIONS, "Durations"): `500ms`, `1s`, `1.5s`, `1m`,
 * `2m30s`, and hours for long caps (`1h`). Units appear at most once, largest first, with no spaces.
 */

/** The accepted form, shared with the JSON Schema so editors and the validator agree. */
export const DURATION_PATTERN =
  '^(?=\\d)(?:(\\d+(?:\\.\\d+)?)h)?(?:(\\d+(?:\\.\\d+)?)m(?!s))?(?:(\\d+(?:\\.\\d+)?)s)?(?:(\\d+(?:\\.\\d+)?)ms)?$';

export const DURATION_EXAMPLES = '`500ms`, `1s`, `1.5s`, `1m` or `2m30s`';

const DURATION = new RegExp(DURATION_PATTERN);
const UNIT_MS = [3_600_000, 60_000, 1_000, 1];

/** Milliseconds (rounded to a whole number), or undefined when `text` is not a duration. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  let total = 0;
  for (let i = 0; i < UNIT_MS.length; i++) {
    const amount = match[i + 1];
    if (amount !== undefined) total += Number(amount) * UNIT_MS[i]!;
  }
  return Number.isFinite(total) ? Math.round(total) : undefined;
}
