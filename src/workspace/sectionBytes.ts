/**
 * A scenario section's steps as bytes and back (storedScenario.ts). JSON text when JSON keeps every value
 * as it is, which a parsed scenario's steps almost always allow: `JSON.parse` makes them again in about
 * half the time `v8.deserialize` takes (~15 µs against ~30 µs for 10 steps on Node 20, 22 and 24), and a
 * run makes every scenario's steps again at each execution. Otherwise V8's serializer, which keeps
 * `undefined`, `-0`, `NaN` and the infinities. The first byte tells them apart: JSON text of a list starts
 * with `[`, V8's format with its version tag (0xff).
 */
import { deserialize, serialize } from 'node:v8';

const OPEN_BRACKET = 0x5b;

/** Whether `JSON.parse(JSON.stringify(value))` gives back an equal value (own keys, order and prototypes). */
function survivesJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i += 1) {
          if (!(i in value) || !survivesJson(value[i])) return false;
        }
        return true;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
      // JSON.stringify would leave out symbol keys and read `toJSON`; V8's serializer keeps the former.
      if (Object.getOwnPropertySymbols(value).length > 0 || 'toJSON' in value) return false;
      for (const key in value) {
        if (!survivesJson((value as Record<string, unknown>)[key])) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** The bytes of a section (a list of steps, or absent in a partial model). */
export function encodeSection(steps: unknown): Uint8Array {
  return Array.isArray(steps) && survivesJson(steps)
    ? Buffer.from(JSON.stringify(steps), 'utf8')
    : serialize(steps);
}

/** The byte length of an empty section: `[]` as JSON text; no other section encodes to as few bytes. */
export const EMPTY_SECTION_BYTES = encodeSection([]).byteLength;

/** A section made again from its bytes: fresh objects that nothing else holds. */
export function decodeSection(bytes: Uint8Array): unknown {
  if (bytes[0] !== OPEN_BRACKET) return deserialize(bytes);
  return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}
