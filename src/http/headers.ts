/** A header's value by name, compared case-insensitively as HTTP does; several values joined with `, `. */
export function findHeader(
  headers: Readonly<Record<string, string | readonly string[]>>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  // Keys only, and a name of another length is not lower-cased (lower-casing keeps an ASCII name's length):
  // this runs for every response (decodeBody), where a pair array per header was a good part of the
  // step's allocation.
  for (const key of Object.keys(headers)) {
    if (key.length !== wanted.length || (key !== wanted && key.toLowerCase() !== wanted)) continue;
    const value = headers[key]!;
    return typeof value === 'string' ? value : value.join(', ');
  }
  return undefined;
}
