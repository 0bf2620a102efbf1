/**
 * Remembers parse results by source text: the same template or condition is evaluated once per step, loop
 * item and retry, and its syntax tree never changes. Bounded, and cleared whole when full, to stay simple.
 */
export function cachedBy<T>(parse: (text: string) => T, limit = 1000): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const result = parse(text);
    if (cache.size >= limit) cache.clear();
    cache.set(text, result);
    return result;
  };
}
