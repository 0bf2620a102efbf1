import { MASK } from './fields.js';

/** `scheme://user:password@`: the password part of a URL's user info, wherever a URL appears in text. */
const USER_INFO_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*:)([^\s/?#@]+)(@)/gi;

/**
 * Hides the password of every URL with credentials in `text` (DECISIONS, "HTTP": a `user:pass@` URL never
 * shows the password), whether or not the value is a known secret yet: the label of a step is printed
 * before the URL is ever parsed.
 */
export function maskUrlPasswords(text: string): string {
  if (!text.includes('@')) return text;
  return text.replace(USER_INFO_PASSWORD, `$1${MASK}$3`);
}
