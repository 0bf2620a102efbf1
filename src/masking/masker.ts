import { BUILT_IN_MASK_FIELDS, MASK, SENSITIVE_HEADER_NAMES } from './fields.js';
import { SecretRegistry } from './secrets.js';

export interface MaskingPolicy {
  /** `security.mask.enabled`: field-name masking on or off. Credential values are masked regardless (DECISIONS.md). */
  enabled: boolean;
  /** `security.mask.fields`: extra field names or dotted JSON paths, case-insensitive. */
  fields: readonly string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a secret takes when it travels: as is, URL-encoded, JSON-escaped, base64 and base64url. */
function encodings(secret: string): string[] {
  const forms = new Set<string>([secret]);
  forms.add(encodeURIComponent(secret));
  forms.add(encodeURIComponent(secret).replace(/%20/g, '+'));
  forms.add(JSON.stringify(secret).slice(1, -1));
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  forms.add(base64);
  forms.add(base64.replace(/=+$/, ''));
  forms.add(Buffer.from(secret, 'utf8').toString('base64url'));
  return [...forms].filter((form) => form.length >= SecretRegistry.MIN_TEXT_LENGTH);
}

/**
 * The one masking boundary (STYLE.md, "Masking happens at one boundary"): structured data is masked by
 * field name before it is serialised, and text is scrubbed of every known secret in every encoding.
 */
export class Masker {
  readonly #names: Set<string>;
  readonly #paths: string[][];
  readonly #secrets: SecretRegistry;
  readonly #policy: MaskingPolicy;
  #pattern: RegExp | undefined;
  #patternVersion = -1;

  constructor(policy: MaskingPolicy, secrets: SecretRegistry) {
    this.#policy = policy;
    this.#secrets = secrets;
    const all = [...BUILT_IN_MASK_FIELDS, ...SENSITIVE_HEADER_NAMES, ...policy.fields].map((f) =>
      f.toLowerCase(),
    );
    this.#names = new Set(all.filter((field) => !field.includes('.')));
    this.#paths = all.filter((field) => field.includes('.')).map((field) => field.split('.'));
  }

  /** A masker with more field names, sharing the same secrets (console adds `creditCard`). */
  withFields(extra: readonly string[]): Masker {
    return new Masker({ ...this.#policy, fields: [...this.#policy.fields, ...extra] }, this.#secrets);
  }

  /** Whether a key at `path` (its last element is the key) is a masked field. */
  isSensitive(path: readonly string[]): boolean {
    if (!this.#policy.enabled || path.length === 0) return false;
    const lower = path.map((part) => part.toLowerCase());
    if (this.#names.has(lower[lower.length - 1]!)) return true;
    return this.#paths.some(
      (suffix) =>
        suffix.length <= lower.length &&
        suffix.every((part, i) => lower[lower.length - suffix.length + i] === part),
    );
  }

  maskText(text: string): string {
    const pattern = this.#currentPattern();
    return pattern ? text.replace(pattern, MASK) : text;
  }

  /** A deep copy of `value` with masked fields replaced and secrets scrubbed from every string. */
  maskValue<T>(value: T): T {
    return this.#walk(value, []) as T;
  }

  #walk(value: unknown, path: string[]): unknown {
    if (typeof value === 'string') return this.maskText(value);
    if (Array.isArray(value)) return value.map((item) => this.#walk(item, path));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const childPath = [...path, key];
        out[key] =
          item !== undefined && item !== null && this.isSensitive(childPath)
            ? MASK
            : this.#walk(item, childPath);
      }
      return out;
    }
    return value;
  }

  #currentPattern(): RegExp | undefined {
    if (this.#patternVersion !== this.#secrets.version) {
      const forms = new Set<string>();
      for (const secret of this.#secrets.values()) {
        if (secret.length >= SecretRegistry.MIN_TEXT_LENGTH)
          for (const form of encodings(secret)) forms.add(form);
      }
      // Longest first, so a secret that contains another is replaced whole.
      const sorted = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
      this.#pattern = sorted.length > 0 ? new RegExp(sorted.join('|'), 'g') : undefined;
      this.#patternVersion = this.#secrets.version;
    }
    return this.#pattern;
  }
}
