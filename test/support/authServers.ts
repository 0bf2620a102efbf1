// Real servers for the auth tests (issue 23), all on loopback: an OAuth2 authorization server
// (oauth2-mock-server) that checks client credentials and counts token requests, a resource server that
// accepts only the tokens it issued (and says `invalid_token` otherwise), and httpbin for Digest.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { OAuth2Server, type MutableResponse } from 'oauth2-mock-server';

export interface TokenRequestSeen {
  grant: string;
  /** The client authenticated with an `Authorization: Basic` header (else in the form, or not at all). */
  basic: boolean;
  form: Record<string, unknown>;
  userAgent?: string;
}

export interface TokenServerOptions {
  clientId: string;
  clientSecret: string;
  users?: Record<string, string>;
  /** `expires_in` of the 1st, 2nd... token issued; 3600 after the list. */
  lifetimes?: number[];
  /** Refresh tokens for client credentials too (the password grant always gets one). */
  refreshClientCredentials?: boolean;
  /** Refresh tokens accepted besides those issued. */
  knownRefreshTokens?: string[];
  /** The access token issued for the nth request (0-based), instead of a generated one. */
  accessTokenFor?: (n: number) => string | undefined;
}

export interface TokenServer {
  port: number;
  requests: TokenRequestSeen[];
  /** Whether a resource server should accept the token now. */
  accepts(token: string): boolean;
  revoke(token: string): void;
  stop(): Promise<void>;
}

function fromBasic(header: string | undefined): [string, string] | undefined {
  if (header === undefined || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // RFC 6749 2.3.1: both parts are form-encoded before they are joined.
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  return [decode(decoded.slice(0, colon)), decode(decoded.slice(colon + 1))];
}

export async function startTokenServer(options: TokenServerOptions): Promise<TokenServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const requests: TokenRequestSeen[] = [];
  const issued = new Map<string, number>();
  const refreshTokens = new Set(options.knownRefreshTokens ?? []);
  const refuse = (response: MutableResponse, status: number, error: string) => {
    response.statusCode = status;
    response.body = { error, error_description: `refused: ${error}` };
  };
  server.service.on('beforeResponse', (response: MutableResponse, request) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const basic = fromBasic(request.headers.authorization);
    const grant = String(form.grant_type);
    const userAgent = request.headers['user-agent'];
    requests.push({
      grant,
      basic: basic !== undefined,
      form: { ...form },
      ...(userAgent ? { userAgent } : {}),
    });
    const [id, secret] = basic ?? [form.client_id, form.client_secret];
    if (id !== options.clientId || secret !== options.clientSecret)
      return refuse(response, 401, 'invalid_client');
    if (grant === 'password' && options.users?.[String(form.username)] !== form.password)
      return refuse(response, 400, 'invalid_grant');
    if (grant === 'refresh_token' && !refreshTokens.has(String(form.refresh_token)))
      return refuse(response, 400, 'invalid_grant');
    const n = requests.length - 1;
    const body = response.body as Record<string, unknown>;
    const lifetime = options.lifetimes?.[issued.size] ?? 3600;
    const token = options.accessTokenFor?.(n) ?? `access-${n}-${Math.random().toString(36).slice(2)}`;
    body.access_token = token;
    body.expires_in = lifetime;
    issued.set(token, Date.now() + lifetime * 1000);
    if (grant !== 'client_credentials' || options.refreshClientCredentials === true) {
      const refresh = `refresh-${n}-${Math.random().toString(36).slice(2)}`;
      refreshTokens.add(refresh);
      body.refresh_token = refresh;
    } else delete body.refresh_token;
  });
  await server.start(0, '127.0.0.1');
  return {
    port: server.address().port,
    requests,
    accepts: (token) => (issued.get(token) ?? 0) > Date.now(),
    revoke: (token) => void issued.delete(token),
    stop: () => server.stop(),
  };
}

export interface ResourceServer {
  port: number;
  /** Every request: its path and Authorization header. */
  seen: { path: string; authorization?: string }[];
  /** Refuse the next request that carries a valid token, as if it had been revoked. */
  revokeNext(): void;
  stop(): Promise<void>;
}

/**
 * `/resource` answers 200 with what it saw to a request with a token `tokens` accepts, else 401 with
 * `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750); `/echo` answers everything with what it saw.
 */
export async function startResourceServer(tokens: TokenServer): Promise<ResourceServer> {
  const seen: ResourceServer['seen'] = [];
  let revokeNext = false;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const authorization = request.headers.authorization;
      seen.push({ path: request.url ?? '', ...(authorization === undefined ? {} : { authorization }) });
      const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      let valid = token !== undefined && tokens.accepts(token);
      if (valid && revokeNext && token !== undefined) {
        revokeNext = false;
        tokens.revoke(token);
        valid = false;
      }
      response.setHeader('content-type', 'application/json');
      if (request.url?.startsWith('/resource') && !valid) {
        response.statusCode = 401;
        response.setHeader('www-authenticate', 'Bearer realm="api", error="invalid_token"');
      }
      response.end(JSON.stringify({ ok: valid, authorization: authorization ?? null, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    revokeNext: () => void (revokeNext = true),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Httpbin {
  port: number;
  stop(): Promise<void>;
}

/** Debian's python3-httpbin (see .ci/run), on a free loopback port, ready when this returns. */
export async function startHttpbin(): Promise<Httpbin> {
  const port = await freePort();
  const child: ChildProcess = spawn('/usr/bin/python3', ['-m', 'httpbin.core', '--port', String(port)], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/get`);
      if (response.ok) break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill();
        throw new Error('httpbin did not start (is python3-httpbin installed?)');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
