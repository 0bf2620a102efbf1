/** A run checks the same few paths on every step: their keys are split once. */
const known = new Map<string, readonly string[]>();
const MAX_KNOWN = 1_000;

/** Between the names a path reads: dots, brackets, quotes, and the punctuation of JSONPath, XPath and functions. */
const SEPARATORS = /[.[\]"'()/@,\s=<>!?*$|&]+/;

/**
 * The keys a subject path reads (`body.auth.token` → body, auth, token; `headers.authorization` → headers,
 * authorization; `$.auth.token` and `xpath(//auth/token)` → auth, token), for the field-name masking rule.
 * `count(...)` and `length(...)` yield a number, never a secret: no keys. The array is shared between calls:
 * read it, do not change it.
 */
export function pathKeys(path: string): readonly string[] {
  let keys = known.get(path);
  if (keys === undefined) {
    keys = /^(count|length)\s*\(/.test(path) ? [] : path.split(SEPARATORS).filter((part) => part.length > 0);
    if (known.size < MAX_KNOWN) known.set(path, keys);
  }
  return keys;
}
