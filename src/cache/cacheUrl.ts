import { CacheError } from './cacheError.js';

/** Where a connection goes, read from its `redis://` or `rediss://` URL (DECISIONS, "Workspace"). */
export interface CacheTarget {
  tls: boolean;
  /** A host name or an IP address, without the brackets of an IPv6 URL. */
  host: string;
  port: number;
  username?: string;
  password?: string;
  /** The database number selected after connecting (the URL's path); 0 when absent. */
  database: number;
  /** The URL without its password, for messages. */
  display: string;
}

/** Redis listens on 6379 for plain and TLS connections alike unless told otherwise. */
const DEFAULT_PORT = 6379;

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function databaseOf(path: string, fail: (why: string) => never): number {
  if (path === '' || path === '/') return 0;
  const match = /^\/(\d{1,5})$/.exec(path);
  if (!match?.[1]) fail(`the path \`${path}\` is not a database number such as \`/0\``);
  return Number(match[1]);
}

/**
 * `redis://[user[:password]@]host[:port][/db]`, `rediss://` for TLS. The URL itself never appears in a
 * message: it may hold a password that was not (yet) masked.
 */
export function parseCacheUrl(connection: string, url: string): CacheTarget {
  const fail = (why: string): never => {
    throw new CacheError('url', `cache connection \`${connection}\`: invalid URL: ${why}`);
  };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail('expected `redis://[user[:password]@]host[:port][/db]` or `rediss://...`');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    return fail(`unsupported scheme \`${parsed.protocol}\` (use redis:// or rediss://)`);
  }
  if (parsed.hostname === '') return fail('no host');
  // `redis://u:1234/pw@h` parses as host `u`, port 1234, path `/pw@h`: the tail of a password that holds an
  // unencoded `/`, `?` or `#`. That part must never be echoed (it is not known as a secret).
  if (`${parsed.pathname}${parsed.search}${parsed.hash}`.includes('@')) {
    return fail(
      'an `@` follows the host: write `/`, `?` and `#` in a password percent-encoded (`%2F`, `%3F`, `%23`)',
    );
  }
  if (parsed.search !== '' || parsed.hash !== '')
    return fail('query parameters and fragments are not supported');
  const database = databaseOf(parsed.pathname, fail);
  const username = parsed.username === '' ? undefined : decode(parsed.username);
  const password = parsed.password === '' ? undefined : decode(parsed.password);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = parsed.port === '' ? DEFAULT_PORT : Number(parsed.port);
  const user = parsed.username === '' ? '' : `${parsed.username}@`;
  return {
    tls: parsed.protocol === 'rediss:',
    host,
    port,
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    database,
    display: `${parsed.protocol}//${user}${parsed.host}/${database}`,
  };
}
