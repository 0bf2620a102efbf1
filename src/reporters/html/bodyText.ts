/** A body as the report prints it: JSON two-space indented, text as it came; '' when there is none. */
export function bodyText(body: unknown): string {
  if (body === undefined) return '';
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body, null, 2) ?? String(body);
  } catch {
    return String(body);
  }
}
