/** A header's value by name, compared case-insensitively as HTTP does; several values joined with `, `. */
export function findHeader(
  headers: Readonly<Record<string, string | readonly string[]>>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : value.join(', ');
  }
  return undefined;
}
