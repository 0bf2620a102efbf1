/**
 * The set of secret values known so far in a run: every credential value, and values saved from masked fields
 * (SPEC, Authentication). The engine adds to it while the run goes on; every output reads it.
 */
export class SecretRegistry {
  readonly #values = new Set<string>();
  #version = 0;

  /** Values shorter than this are not masked inside free text: masking "1" or "no" would shred every line. */
  static readonly MIN_TEXT_LENGTH = 3;

  add(value: unknown): void {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
      const text = String(value);
      if (text.length > 0 && !this.#values.has(text)) {
        this.#values.add(text);
        this.#version++;
      }
    } else if (Array.isArray(value)) {
      for (const item of value) this.add(item);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) this.add(item);
    }
  }

  has(value: string): boolean {
    return this.#values.has(value);
  }

  get size(): number {
    return this.#values.size;
  }

  get version(): number {
    return this.#version;
  }

  values(): Iterable<string> {
    return this.#values;
  }
}
