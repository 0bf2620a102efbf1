/**
 * The forms a secret takes when it travels: as is, percent-encoded the ways URLs are built
 * (encodeURIComponent, form encoding as URLSearchParams writes it, WHATWG path and query encoding),
 * case-folded as a URL host, JSON-escaped, base64 and base64url.
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
  // As a URL's password (`user:pass@`), percent-encoded by the userinfo set, which differs again.
  const userinfo = new URL('http://h/');
  userinfo.password = secret;
  forms.add(userinfo.password);
  // A secret used in a URL's host comes back case-folded (and, outside ASCII, as punycode) by the URL parser.
  forms.add(secret.toLowerCase());
  try {
    const host = new URL(`http://${secret}.x/`).hostname;
    if (host.endsWith('.x')) forms.add(host.slice(0, -2));
  } catch {
    // Not a valid host name: it cannot have been printed as one.
  }
  forms.add(JSON.stringify(secret).slice(1, -1));
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  forms.add(base64);
  forms.add(base64.replace(/=+$/, ''));
  forms.add(Buffer.from(secret, 'utf8').toString('base64url'));
  return [...forms];
}
