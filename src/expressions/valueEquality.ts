/**
 * Strict structural equality of JSON-like values, shared by conditions (for maps and lists) and by `expect`
 * literals (SPEC: "A literal means exact equality"). The loose `==` of conditions is `looselyEqual` in
 * comparison.ts; do not use one for the other.
 */

/** A map: an object made by `{}`, JSON or YAML, not an array, a Date or another class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Exact equality: numbers by value (1 equals 1.0), strings, booleans and null strictly (`42` never equals
 * `"42"`), arrays element by element in order, maps by their keys in any order.
 */
export function strictlyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => strictlyEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(b);
    if (Object.keys(a).length !== keys.length) return false;
    return keys.every((key) => Object.hasOwn(a, key) && strictlyEqual(a[key], b[key]));
  }
  return false;
}
