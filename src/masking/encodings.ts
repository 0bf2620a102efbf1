/**
 * The forms a secret takes when it travels: as is, percent-encoded the ways URLs are built
 * (encodeURIComponent, form encoding as URLSearchParams writes it, WHATWG path and query encoding),
 * JSON-escaped, base64 and base64url.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret)]);
  forms.add(new URLSearchParams([['x', secret]]).toString().slice(2));
  for (const [prefix, part] of [
    ['http://h/', 'pathname'],
    ['http://h/?', 'search'],
  ] as const) {
    try {
      const url = new URL(prefix + secret);
      forms.add(part === 'pathname' ? url.pathname.slice(1) : url.search.slice(1));
    } catch {
      // A secret that cannot sit in a URL cannot leak through one either.
    }
  }
  forms.add(JSON.stringify(secret).slice(1, -1));
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  forms.add(base64);
  forms.add(base64.replace(/=+$/, ''));
  forms.add(Buffer.from(secret, 'utf8').toString('base64url'));
  return [...forms];
}
