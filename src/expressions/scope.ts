/** What expressions read: the variables visible at this point of a run. Implemented by the engine's store. */
export interface VariableScope {
  /** Top-level names only: `userId`, `accounts`, `item`, `1-userId`. */
  has(name: string): boolean;
  get(name: string): unknown;
  names(): Iterable<string>;
}

/** The non-pure inputs of the expression language (generators, `dateNow`), passed in so tests can fix them. */
export interface ExpressionRuntime {
  now(): Date;
  /** A number in [0, 1). */
  random(): number;
  uuid(): string;
}

export function scopeFromObject(values: Record<string, unknown>): VariableScope {
  return {
    has: (name) => Object.prototype.hasOwnProperty.call(values, name),
    get: (name) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined),
    names: () => Object.keys(values),
  };
}
