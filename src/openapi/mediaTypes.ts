/** Matching a response's `content-type` to the media types a response documents (OpenAPI, "Content"). */

/** `Application/JSON; charset=utf-8` → `application/json`. */
function essence(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The documented media type that applies: the exact one, then `type/*`, then `*\/*`. */
export function documentedMediaType(contentType: string, documented: readonly string[]): string | undefined {
  const actual = essence(contentType);
  const [type] = actual.split('/');
  const byEssence = (wanted: string) => documented.find((written) => essence(written) === wanted);
  return byEssence(actual) ?? byEssence(`${type}/*`) ?? byEssence('*/*');
}

/** JSON media types (`application/json`, `application/problem+json`): their bodies are checked by schema. */
export function isJsonMediaType(contentType: string): boolean {
  const actual = essence(contentType);
  return actual === 'application/json' || actual.endsWith('+json') || actual === '*/*';
}
