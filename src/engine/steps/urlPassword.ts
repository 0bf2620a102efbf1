import type { SecretRegistry } from '../../masking/index.js';

/**
 * A password written in the URL itself (not only through `$accounts`, which is secret already) must be
 * masked like a credential (DECISIONS, "Workspace"). A URL that does not parse is reported by the client
 * without being echoed.
 */
export function registerUrlPassword(url: string, secrets: SecretRegistry): void {
  let password: string;
  try {
    password = new URL(url).password;
  } catch {
    return;
  }
  if (password === '') return;
  secrets.add(password);
  try {
    secrets.add(decodeURIComponent(password));
  } catch {
    // Not percent-encoded after all: the raw form is registered.
  }
}
