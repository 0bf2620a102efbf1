/**
 * `$env.NAME` and `${env.NAME}` in environment and credentials files (DECISIONS, Wave 2 "Language
 * additions"); `$$` writes a `$`. The workspace fills them in when a run starts; the shape check leaves a
 * value that holds one to be checked then, since only the filled-in text can be a URL or an address.
 */
export const ENV_REFERENCE = /\$\$|\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}|\$env\.([A-Za-z_][A-Za-z0-9_]*)/g;

export function hasEnvReference(text: string): boolean {
  return /\$\{env\.[A-Za-z_]|(^|[^$])\$env\.[A-Za-z_]/.test(text);
}
