import { maskCookieHeader, type CookieHeader } from './cookies.js';
import { secretForms } from './encodings.js';
import { BUILT_IN_MASK_FIELDS, COOKIE_HEADERS, MASK, SENSITIVE_HEADER_NAMES } from './fields.js';
import { SecretRegistry } from './secrets.js';
import { maskUrlPasswords } from './urlCredentials.js';

export interface MaskingPolicy {
  /** `security.mask.enabled`: turns the user's extra `fields` on or off. */
  enabled: boolean;
  /** `security.mask.fields`: extra field names or dotted JSON paths, case-insensitive. */
  fields: readonly string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The path of a value that is not an object: #walk never pushes onto it. */
const NO_KEYS: string[] = [];

/** Output shortens long values with `…`; the part of a secret before it must not survive either. */
const ELLIPSIS = '…';
const MIN_VISIBLE_PREFIX = 4;

/**
 * The one masking boundary (STYLE.md, "Masking happens at one boundary"): structured data is masked by
 * field name before it is serialised, and text is scrubbed of every known secret in every encoding.
 * Built-in fields (SPEC: "always active") and credential values are masked whatever the policy says;
 * `security.mask.enabled` governs the user's extra fields.
 */
export class Masker {
  readonly #names: Set<string>;
  readonly #paths: string[][];
  readonly #secrets: SecretRegistry;
  readonly #policy: MaskingPolicy;
  readonly #always: readonly string[];
  /** `cookie` and `set-cookie`, unless the user listed them: masked cookie by cookie, not whole. */
  readonly #cookieHeaders: ReadonlySet<string>;
  #pattern: RegExp | undefined;
  /** Whether a key name alone is masked, by key as written: a run asks about the same few keys over and over. */
  readonly #keyVerdicts = new Map<string, boolean>();
  #forms: string[] = [];
  #patternVersion = -1;

  constructor(
    policy: MaskingPolicy,
    secrets: SecretRegistry,
    always: readonly string[] = [...BUILT_IN_MASK_FIELDS, ...SENSITIVE_HEADER_NAMES],
  ) {
    this.#policy = policy;
    this.#secrets = secrets;
    this.#always = always;
    const all = [...always, ...(policy.enabled ? policy.fields : [])].map((field) => field.toLowerCase());
    this.#names = new Set(all.filter((field) => !field.includes('.')));
    this.#paths = all.filter((field) => field.includes('.')).map((field) => field.split('.'));
    const listed = new Set(policy.enabled ? policy.fields.map((field) => field.toLowerCase()) : []);
    this.#cookieHeaders = new Set(COOKIE_HEADERS.filter((name) => !listed.has(name)));
  }

  /** A masker with more always-on field names, sharing the same secrets (console adds `creditCard`). */
  withFields(extra: readonly string[]): Masker {
    return new Masker(this.#policy, this.#secrets, [...this.#always, ...extra]);
  }

  /** Changes whenever a secret is added: output masked before is stale after. */
  get secretsVersion(): number {
    return this.#secrets.version;
  }

  /** Whether a key at `path` (its last element is the key) is a masked field. */
  isSensitive(path: readonly string[]): boolean {
    const last = path.length - 1;
    if (last < 0) return false;
    // Called for every key of every value masked: no copies, and the suffix rules only when there are any.
    if (this.#nameIsSensitive(path[last]!)) return true;
    return (
      this.#paths.length > 0 &&
      this.#paths.some(
        (suffix) =>
          suffix.length <= path.length &&
          suffix.every((part, i) => path[path.length - suffix.length + i]!.toLowerCase() === part),
      )
    );
  }

  #nameIsSensitive(key: string): boolean {
    let verdict = this.#keyVerdicts.get(key);
    if (verdict === undefined) {
      verdict = this.#names.has(key.toLowerCase());
      if (this.#keyVerdicts.size < 10_000) this.#keyVerdicts.set(key, verdict);
    }
    return verdict;
  }

  maskText(text: string): string {
    const pattern = this.#currentPattern();
    if (!pattern) return maskUrlPasswords(text);
    const masked = maskUrlPasswords(text.replace(pattern, MASK));
    return masked.includes(ELLIPSIS) ? this.#maskTruncated(masked) : masked;
  }

  /**
   * `value` with masked fields replaced and secrets scrubbed from every string and number; parts with
   * nothing to mask are shared with the input, so treat the result as read-only. `at` is where the value
   * sits (`['body', 'auth']`), so a value read from a masked field is masked whole.
   */
  maskValue<T>(value: T, at: readonly string[] = NO_KEYS): T {
    if (value === undefined || value === null) return value;
    if (at.length > 0 && this.isSensitive(at)) return this.#maskField(value, at) as T;
    // Masked once per field of every step: text directly, and only objects need a path of their own to
    // push keys onto.
    if (typeof value === 'string') return this.maskText(value) as T;
    return this.#walk(value, typeof value === 'object' ? [...at] : NO_KEYS) as T;
  }

  /**
   * Copy-on-write: a value with nothing to mask comes back as the same object, so a run's results are not
   * copied whole on their way to every reporter. `path` is one array, pushed and popped as the walk goes.
   */
  #walk(value: unknown, path: string[]): unknown {
    if (typeof value === 'string') return this.maskText(value);
    if (typeof value === 'number' || typeof value === 'bigint')
      return this.#secrets.size > 0 && this.#secrets.has(String(value)) ? MASK : value;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const masked = this.#walk(value[i], path);
        if (masked !== value[i]) (out ??= value.slice())[i] = masked;
      }
      return out ?? value;
    }
    if (value !== null && typeof value === 'object') {
      let out: Record<string, unknown> | undefined;
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        path.push(key);
        const masked =
          item !== undefined && item !== null && this.isSensitive(path)
            ? this.#maskField(item, path)
            : this.#walk(item, path);
        path.pop();
        if (masked !== item) (out ??= { ...value })[key] = masked;
      }
      return out ?? value;
    }
    return value;
  }

  /**
   * The value of a masked field: `[MASKED]`, except a `Cookie` or `Set-Cookie` header (a line or the list
   * of lines), which keeps its shape and every cookie but the values of secret-looking ones.
   */
  #maskField(value: unknown, path: readonly string[]): unknown {
    const name = path[path.length - 1]!.toLowerCase();
    if (!this.#cookieHeaders.has(name)) return MASK;
    const header = name as CookieHeader;
    const maskLine = (line: unknown): unknown =>
      typeof line === 'string'
        ? this.maskText(maskCookieHeader(line, header, (cookie) => this.isSensitive([cookie])))
        : MASK;
    return Array.isArray(value) ? value.map(maskLine) : maskLine(value);
  }

  /** Whether `path` names a cookie header, masked cookie by cookie (see #maskField). */
  isCookieHeader(path: readonly string[]): boolean {
    const last = path[path.length - 1];
    return last !== undefined && this.#cookieHeaders.has(last.toLowerCase());
  }

  /** `abcd…` where `abcd` begins a secret: the rest was cut off, the beginning must go too. */
  #maskTruncated(text: string): string {
    let out = text;
    for (let at = out.indexOf(ELLIPSIS); at >= 0; at = out.indexOf(ELLIPSIS, at + 1)) {
      for (const form of this.#forms) {
        let cut = 0;
        for (let k = Math.min(form.length - 1, at); k >= MIN_VISIBLE_PREFIX; k--) {
          if (out.slice(at - k, at) === form.slice(0, k)) {
            cut = k;
            break;
          }
        }
        if (cut > 0) {
          out = out.slice(0, at - cut) + MASK + out.slice(at + ELLIPSIS.length);
          at = at - cut + MASK.length - 1;
          break;
        }
      }
    }
    return out;
  }

  #currentPattern(): RegExp | undefined {
    if (this.#patternVersion !== this.#secrets.version) {
      const forms = new Set<string>();
      for (const secret of this.#secrets.values()) {
        if (secret.length < SecretRegistry.MIN_TEXT_LENGTH) continue;
        for (const form of secretForms(secret))
          if (form.length >= SecretRegistry.MIN_TEXT_LENGTH) forms.add(form);
      }
      // Longest first, so a secret that contains another is replaced whole.
      this.#forms = [...forms].sort((a, b) => b.length - a.length);
      this.#pattern =
        this.#forms.length > 0 ? new RegExp(this.#forms.map(escapeRegExp).join('|'), 'g') : undefined;
      this.#patternVersion = this.#secrets.version;
    }
    return this.#pattern;
  }
}
