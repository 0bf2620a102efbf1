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
  /**
   * `$env.<NAME>`: the operating-system environment variable, or undefined when unset (DECISIONS, Wave 2
   * "Language additions"). Absent: no variable is set. The engine's reader also learns which values are secrets.
   */
  env?(name: string): string | undefined;
}

export function scopeFromObject(values: Record<string, unknown>): VariableScope {
  return {
    has: (name) => Object.prototype.hasOwnProperty.call(values, name),
    get: (name) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined),
    names: () => Object.keys(values),
  };
}
