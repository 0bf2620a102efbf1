import { normaliseHost, type NormalisedHost } from './host.js';

/**
 * A `security.sandboxing` domain entry, ready to compare: `*` (every host), `*.example.com` (sub-domains
 * only), or one exact host, a name or an IP address in any spelling.
 */
type DomainPattern =
  { kind: 'any' } | { kind: 'subdomains'; suffix: string } | { kind: 'exact'; host: NormalisedHost };

/** Non-ASCII names are compared in their ASCII (IDNA) form, which is what URLs carry. */
function asciiHost(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  try {
    return new URL(`http://${text}/`).hostname;
  } catch {
    return text;
  }
}

function parsePattern(pattern: string): DomainPattern {
  const text = pattern.trim().toLowerCase();
  if (text === '*') return { kind: 'any' };
  if (text.startsWith('*.')) {
    const suffix = normaliseHost(asciiHost(text.slice(2)));
    if (suffix.kind === 'name') return { kind: 'subdomains', suffix: suffix.name };
  }
  return { kind: 'exact', host: normaliseHost(asciiHost(text)) };
}

function sameHost(a: NormalisedHost, b: NormalisedHost): boolean {
  if (a.kind === 'name') return b.kind === 'name' && a.name === b.name;
  return b.kind === 'address' && a.text === b.text;
}

/**
 * `*.example.com` matches `api.example.com` and `a.b.example.com` but NOT `example.com` itself, as in
 * browsers' certificate wildcards and most peers' allow-lists; list the apex separately to allow it.
 * Wildcards never match IP addresses.
 */
function matches(pattern: DomainPattern, host: NormalisedHost): boolean {
  switch (pattern.kind) {
    case 'any':
      return true;
    case 'subdomains':
      return host.kind === 'name' && host.name.endsWith(`.${pattern.suffix}`);
    case 'exact':
      return sameHost(pattern.host, host);
  }
}

/** The first entry of `patterns` that matches `host`, as the user wrote it, for the message. */
export function findMatchingPattern(patterns: readonly string[], host: NormalisedHost): string | undefined {
  return patterns.find((pattern) => matches(parsePattern(pattern), host));
}

/** `*.example.com` when the host is `example.com`: the wildcard the user probably expected to match. */
export function findApexWildcard(patterns: readonly string[], host: NormalisedHost): string | undefined {
  if (host.kind !== 'name') return undefined;
  return patterns.find((pattern) => {
    const parsed = parsePattern(pattern);
    return parsed.kind === 'subdomains' && parsed.suffix === host.name;
  });
}
