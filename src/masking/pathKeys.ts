/**
 * The keys a subject path reads (`body.auth.token` → body, auth, token; `headers.authorization` → headers,
 * authorization), for the field-name masking rule. `count(...)` yields a number, never a secret: no keys.
 */
export function pathKeys(path: string): string[] {
  if (path.startsWith('count(')) return [];
  return path.split(/[.[\]"']+/).filter((part) => part.length > 0);
}
