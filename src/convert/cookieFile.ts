/**
 * `-b <file>`: the cookies curl sends from a cookie file (Netscape format, as `-c` writes it, or `Set-Cookie:`
 * lines), filtered as curl filters them: domain (tail match unless host-only), path prefix, `Secure` only over
 * HTTPS, and not expired at conversion time.
 */
import type { RequestTarget } from './curlHeaders.js';

export function cookieFileHeader(
  text: string,
  target: RequestTarget,
  { junkSession = false, now = Date.now() }: { junkSession?: boolean; now?: number } = {},
): string {
  const pairs: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const httpOnly = rawLine.startsWith('#HttpOnly_');
    const line = httpOnly ? rawLine.slice('#HttpOnly_'.length) : rawLine;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const setCookie = /^set-cookie:\s*([^=;\s]+)=([^;]*)/i.exec(line);
    if (setCookie) {
      pairs.push(`${setCookie[1]}=${setCookie[2]}`);
      continue;
    }
    const fields = line.split('\t');
    if (fields.length < 7) continue;
    const [domain = '', tailMatch = '', path = '/', secure = '', expires = '0', name = '', value = ''] =
      fields;
    const host = target.host.toLowerCase();
    const cookieDomain = domain.replace(/^\./, '').toLowerCase();
    const domainMatches =
      host === cookieDomain || (tailMatch === 'TRUE' && host.endsWith(`.${cookieDomain}`));
    const expiry = Number(expires);
    if (!domainMatches || !target.path.startsWith(path)) continue;
    if (secure === 'TRUE' && !target.https) continue;
    if (expiry !== 0 && expiry * 1000 < now) continue;
    // `-j`: session cookies (no expiry) are thrown away, as at the start of a new session.
    if (expiry === 0 && junkSession) continue;
    pairs.push(`${name}=${value}`);
  }
  return pairs.join('; ');
}
