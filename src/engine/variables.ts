import type { VariableScope } from '../expressions/index.js';

/**
 * The scenario's variable store: credentials under `accounts`, environment variables, the example data set,
 * then everything `set` and `save` store as the run goes (SPEC, Variables). Later steps see a value at once.
 */
export class VariableStore implements VariableScope {
  readonly #values = new Map<string, unknown>();
  /** `runner run --var`: wins over every other scope, `set` and saved values included (DECISIONS.md). */
  readonly #pinned: ReadonlyMap<string, unknown>;

  constructor(initial: Record<string, unknown> = {}, pinned: Record<string, unknown> = {}) {
    for (const [name, value] of Object.entries(initial)) this.#values.set(name, value);
    this.#pinned = new Map(Object.entries(pinned));
  }

  has(name: string): boolean {
    return this.#pinned.has(name) || this.#values.has(name);
  }

  get(name: string): unknown {
    return this.#pinned.has(name) ? this.#pinned.get(name) : this.#values.get(name);
  }

  names(): Iterable<string> {
    return new Set([...this.#values.keys(), ...this.#pinned.keys()]);
  }

  set(name: string, value: unknown): void {
    this.#values.set(name, value);
  }

  /** Binds `name` for a while (a loop's item, a `with` override); the returned function restores what was there. */
  bind(name: string, value: unknown): () => void {
    const had = this.#values.has(name);
    const previous = this.#values.get(name);
    this.#values.set(name, value);
    return () => {
      if (had) this.#values.set(name, previous);
      else this.#values.delete(name);
    };
  }

  snapshot(): Record<string, unknown> {
    return { ...Object.fromEntries(this.#values), ...Object.fromEntries(this.#pinned) };
  }
}
