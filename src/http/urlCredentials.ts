/** What a URL's `user:pass@` part means for a request (DECISIONS.md, HTTP). */
export interface UrlCredentials {
  /** `Basic base64(user:pass)`, as curl sends it; absent when the URL names no user. */
  authorization?: string;
  /** The password as written, decoded: a secret from the moment it is read. Absent when empty. */
  password?: string;
}

/**
 * Reads `user:pass@` from an absolute URL. The client sends only origin and path, so without this the
 * credentials were dropped on the wire yet printed in every output.
 */
export function urlCredentials(url: string): UrlCredentials {
  // Userinfo always ends in `@`: most URLs have none, and parsing each one was ~4% of a run's own work.
  if (!url.includes('@')) return {};
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {};
  }
  if (parsed.username === '' && parsed.password === '') return {};
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const username = decode(parsed.username);
  const password = decode(parsed.password);
  const authorization = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  return password === '' ? { authorization } : { authorization, password };
}
