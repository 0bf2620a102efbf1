/**
 * With `--env`, a URL under the environment's `baseUrl` or a service's `baseUrl` becomes relative, with
 * `service:` set for a service (SPEC, URL resolution, read backwards). The longest matching base wins, so
 * a service at `https://h/auth` beats a root `baseUrl` of `https://h`.
 */

export interface UrlTargets {
  baseUrl: string;
  services: Record<string, { baseUrl: string }>;
}

export function relativeTo(url: string, targets: UrlTargets): { url: string; service?: string } {
  const candidates: { base: string; service?: string }[] = [
    { base: targets.baseUrl },
    ...Object.entries(targets.services).map(([service, { baseUrl }]) => ({ base: baseUrl, service })),
  ];
  let best: { rest: string; base: string; service?: string } | undefined;
  for (const candidate of candidates) {
    const rest = pathUnder(url, candidate.base);
    if (rest !== undefined && (best === undefined || candidate.base.length > best.base.length)) {
      best = { rest, ...candidate };
    }
  }
  if (!best) return { url };
  return best.service === undefined ? { url: best.rest } : { url: best.rest, service: best.service };
}

/**
 * `/users?x=1` when `url` is `base` followed by `/` or `?` (resolveUrl joins them back); scheme and host
 * compare case-insensitively. Bases with variables in them (`https://$host`) never match.
 */
function pathUnder(url: string, base: string): string | undefined {
  const trimmed = base.replace(/\/+$/, '');
  if (trimmed === '' || trimmed.includes('$')) return undefined;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(trimmed)?.[0];
  if (origin === undefined) return undefined;
  const head = url.slice(0, trimmed.length);
  const sameHead =
    head.slice(0, origin.length).toLowerCase() === origin.toLowerCase() &&
    head.slice(origin.length) === trimmed.slice(origin.length);
  if (!sameHead) return undefined;
  // The base itself stays absolute: no relative URL resolves to exactly `base` without a slash.
  const rest = url.slice(trimmed.length);
  return rest.startsWith('/') || rest.startsWith('?') ? rest : undefined;
}
