/**
 * Which proxy, if any, carries a request (DECISIONS, "HTTP": `http.proxy`, else the environment as curl
 * reads it). Pure: the caller reads the settings and the environment variables.
 */
export type ProxySettings =
  /** `proxy: false`: never a proxy, whatever the environment says. */
  | { mode: 'off' }
  /** `proxy: http://[user:pass@]host:port`: every request. */
  | { mode: 'fixed'; url: string }
  /** No `proxy` key: `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY`, in either case. */
  | { mode: 'environment'; httpProxy?: string; httpsProxy?: string; noProxy?: string };

/** The proxy variables of an environment, lower case winning over upper case as in curl. */
export function proxySettingsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): ProxySettings {
  const read = (name: string): string | undefined => {
    const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const httpProxy = read('http_proxy');
  const httpsProxy = read('https_proxy');
  const noProxy = read('no_proxy');
  if (httpProxy === undefined && httpsProxy === undefined) return { mode: 'off' };
  return {
    mode: 'environment',
    ...(httpProxy === undefined ? {} : { httpProxy }),
    ...(httpsProxy === undefined ? {} : { httpsProxy }),
    ...(noProxy === undefined ? {} : { noProxy }),
  };
}

function bareHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

/**
 * curl's NO_PROXY: `*` for every host; otherwise names matched as themselves or as a domain suffix
 * (`example.com` and `.example.com` both cover `api.example.com`), optionally with `:port`; IP
 * addresses match exactly.
 */
export function bypassesProxy(noProxy: string | undefined, url: URL): boolean {
  if (noProxy === undefined) return false;
  const host = bareHost(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const portMatch = /^(.*[^:]):(\d+)$/.exec(entry);
    const bracketed = entry.startsWith('[');
    const name = bareHost(
      portMatch !== null && (bracketed || !portMatch[1]!.includes(':')) ? portMatch[1]! : entry,
    );
    const entryPort =
      portMatch !== null && (bracketed || !portMatch[1]!.includes(':')) ? portMatch[2] : undefined;
    if (entryPort !== undefined && entryPort !== port) continue;
    const domain = name.replace(/^\*?\./, '');
    if (host === domain || host.endsWith(`.${domain}`)) return true;
  }
  return false;
}

/** The proxy URL for a request to `url`, or undefined to connect directly. */
export function proxyFor(settings: ProxySettings | undefined, url: URL): string | undefined {
  if (settings === undefined || settings.mode === 'off') return undefined;
  if (settings.mode === 'fixed') return settings.url;
  if (bypassesProxy(settings.noProxy, url)) return undefined;
  return url.protocol === 'https:' ? settings.httpsProxy : settings.httpProxy;
}
