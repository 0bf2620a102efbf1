import { decodeJsonText } from '../../diagnostics/jsonText.js';
import type { CacheReply } from '../../cache/index.js';

/**
 * SPEC, `cache` object: `get` decodes JSON values automatically. Text that parses as JSON (an object, an array,
 * a number, `true`, `false`, `null`, a quoted string) becomes that value; any other text is kept as it is.
 */
export function decodeCachedText(text: string): unknown {
  return decodeJsonText(text);
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
