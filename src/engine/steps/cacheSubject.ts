import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../diagnostics/jsonText.js';
import type { CacheReply } from '../../cache/index.js';

/** Integers past 2^53 would lose digits as numbers (`12345678901234567890`), so they stay text. */
function keepsItsValue(decoded: unknown, text: string): boolean {
  if (typeof decoded !== 'number') return true;
  if (!Number.isFinite(decoded)) return false;
  return Number.isSafeInteger(decoded) || !/^\s*-?\d+\s*$/.test(text);
}

/**
 * SPEC, `cache` object: `get` decodes JSON values automatically. Text that parses as JSON (an object, an array,
 * a number, `true`, `false`, `null`, a quoted string) becomes that value; any other text is kept as it is.
 */
export function decodeCachedText(text: string): unknown {
  // A value nested too deep for the checks and reporters to walk stays text, as a response body does.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return text;
  try {
    const decoded: unknown = JSON.parse(text);
    return keepsItsValue(decoded, text) ? decoded : text;
  } catch {
    return text;
  }
}

/**
 * The fields `expect` and `save` read as `cache.*`, per command. Redis's own answers are kept: `ttl` is -1 for
 * a key without expiry and -2 for a missing key; a missing key reads as `exists: false` everywhere.
 */
export function cacheSubject(reply: CacheReply): Record<string, unknown> {
  switch (reply.command) {
    case 'get':
      return {
        exists: reply.value !== null,
        value: reply.value === null ? null : decodeCachedText(reply.value),
      };
    case 'exists':
      return { exists: reply.count > 0 };
    case 'ttl':
      return { exists: reply.seconds !== -2, ttl: reply.seconds };
    case 'hgetall':
      // Redis answers an empty map for a missing key (a hash cannot be empty), so empty means missing.
      return { exists: Object.keys(reply.fields).length > 0, value: reply.fields };
  }
}
