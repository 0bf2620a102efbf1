import type { Masker } from '../masking/index.js';

/** A field masked when first read, not read yet (undefined is a value a field can have). */
const UNREAD: unique symbol = Symbol('unread');

/** The fields of a request or response record that can be large: masked when a reporter reads them. */
type LazyField = 'headers' | 'body';

/**
 * Reads a record whose `headers` and `body` are masked when first read, with every secret known by then
 * (the console reads neither for a passing step). The record is a Proxy over a plain object holding every
 * key in the record's order, so spreading, JSON, key listing and equality see it as the record it stands
 * for; a field is masked when read, by `get` or by its property descriptor (as spreading and
 * Object.entries read). An object literal with getters did the same, but V8 builds each one in dictionary
 * mode, which cost more per step than the rest of the boundary (bench/README.md, issue 24).
 */
class MaskOnRead implements ProxyHandler<Record<PropertyKey, unknown>> {
  readonly #raw: Readonly<Partial<Record<LazyField, unknown>>>;
  readonly #masker: Masker;
  readonly #paths: Readonly<Record<LazyField, readonly string[]>>;

  constructor(
    raw: Readonly<Partial<Record<LazyField, unknown>>>,
    masker: Masker,
    paths: Readonly<Record<LazyField, readonly string[]>>,
  ) {
    this.#raw = raw;
    this.#masker = masker;
    this.#paths = paths;
  }

  get(target: Record<PropertyKey, unknown>, key: PropertyKey): unknown {
    const value = target[key];
    return value === UNREAD ? this.#read(target, key as LazyField) : value;
  }

  getOwnPropertyDescriptor(target: Record<PropertyKey, unknown>, key: PropertyKey) {
    if (target[key] === UNREAD) this.#read(target, key as LazyField);
    return Reflect.getOwnPropertyDescriptor(target, key);
  }

  #read(target: Record<PropertyKey, unknown>, key: LazyField): unknown {
    const masked = this.#masker.maskValue(this.#raw[key], this.#paths[key]);
    target[key] = masked;
    return masked;
  }
}

/**
 * `fields` (the record's keys in order, `headers` and `body` set to `LAZY`) as a record whose headers and
 * body are `raw`'s, masked at `paths` when first read.
 */
export function maskedOnRead<T extends object>(
  fields: Record<keyof T, unknown>,
  raw: Readonly<Partial<Record<LazyField, unknown>>>,
  masker: Masker,
  paths: Readonly<Record<LazyField, readonly string[]>>,
): T {
  return new Proxy(fields as Record<PropertyKey, unknown>, new MaskOnRead(raw, masker, paths)) as T;
}

/** Stands for `headers` or `body` in the fields given to maskedOnRead. */
export const LAZY: unknown = UNREAD;
