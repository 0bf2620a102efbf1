/**
 * Which names carry secrets, and the credential fields that replace them. Credentials live in
 * `.runner/credentials/<env>.yaml` and are read as `$accounts.<account>.<field>` (DECISIONS, Workspace);
 * every converted secret goes to one account, `api`.
 */
import { Masker, SecretRegistry } from '../masking/index.js';

export const SECRET_ACCOUNT = 'api';

/**
 * Beyond the masker's field names: names that hold credentials in practice (`X-Auth-Token`,
 * `session_id`, `X-CSRF-Token`, `?key=` for API keys, `sig=` for signed URLs).
 */
const LIKELY_SECRET =
  /password|passwd|passphrase|(^|[-_])pass$|^pwd$|secret|token|(api|access|subscription)[-_]?key|^key$|^sig(nature)?$|signature|session|credential|private[-_]?key|(^|[-_])auth($|[-_])|authorization|cookie|csrf|xsrf/i;

/** The masker's built-in fields and sensitive headers (src/masking), with no user fields. */
const DEFAULT_MASKER = new Masker({ enabled: true, fields: [] }, new SecretRegistry());

export type SensitiveName = (name: string) => boolean;

export function secretNamePredicate(masker: Pick<Masker, 'isSensitive'> = DEFAULT_MASKER): SensitiveName {
  return (name) => masker.isSensitive([name]) || LIKELY_SECRET.test(name);
}

/** One credential field the user has to fill in, and what it stands for. */
export interface SecretSlot {
  field: string;
  what: string;
}

/** Hands out field names, one per distinct secret value: the same token in two places is one field. */
export class SecretFields {
  readonly slots: SecretSlot[] = [];
  readonly #byValue = new Map<string, string>();

  /** Field to the value it replaced, for an importer that writes the credentials file itself. */
  values(): Record<string, string> {
    return Object.fromEntries([...this.#byValue].map(([value, field]) => [field, value]));
  }

  /** The template that reads the secret, such as `$accounts.api.token`. */
  reference(preferred: string, value: string, what: string): string {
    let field = this.#byValue.get(value);
    if (field === undefined) {
      const base = fieldName(preferred);
      field = base;
      for (let n = 2; this.slots.some((slot) => slot.field === field); n++) field = `${base}${n}`;
      this.slots.push({ field, what });
      this.#byValue.set(value, field);
    }
    return `$accounts.${SECRET_ACCOUNT}.${field}`;
  }
}

/** `X-API-Key` → `xApiKey`: a name the bare `$accounts.api.<field>` form can reach. */
export function fieldName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  const camel = words
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('')
    .replace(/^\d+/, '');
  return camel === '' ? 'secret' : camel;
}

/** A name kept as written when `$accounts.<account>.<field>` can read it (`apiKey`), else `fieldName(name)`. */
export function readableFieldName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : fieldName(name);
}
