/**
 * Sets `record[key]` as an own, enumerable data property, as `Object.fromEntries` does: a key written in a
 * scenario or sent by a server (`__proto__`) is an ordinary key, never the object's prototype. For objects
 * built key by key in the step loop, where entries arrays and `fromEntries` cost more than the work itself.
 */
export function setOwnKey(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
