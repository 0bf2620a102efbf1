/**
 * One OAuth2 token request (RFC 6749 sections 4.3, 4.4 and 6), with oauth4webapi for the protocol details
 * (client authentication, form encoding, response checks). The request itself goes through runner's own
 * HTTP client, handed in as `send`, so the sandbox, pins, proxies and TLS settings apply to it as to any step.
 */
import type { HttpRequest, HttpResponse } from '../http/index.js';
import type { OAuth2Spec } from '../language/index.js';
import { usableForMs, type AccessToken } from './tokenStore.js';

/** `auth.oauth2` with every value filled in. */
export type OAuth2Account = OAuth2Spec;

export interface TokenTransport {
  /** Sends through the run's HTTP client and records the exchange on the step that asked. */
  send(request: HttpRequest): Promise<HttpResponse>;
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
  monotonicMs(): number;
}

/** A token request that failed: the step fails with this message and its own request is not sent. */
export class TokenRequestError extends Error {}

/** The grant and its parameters: the account's own grant, or `refresh_token` when refreshing. */
function grantParameters(
  account: OAuth2Account,
  refreshToken: string | undefined,
): [string, URLSearchParams] {
  const parameters = new URLSearchParams();
  if (account.scope !== undefined) parameters.set('scope', account.scope);
  if (account.audience !== undefined) parameters.set('audience', account.audience);
  const refresh = refreshToken ?? (account.grant === 'refresh_token' ? account.refreshToken : undefined);
  if (refresh !== undefined) {
    parameters.set('refresh_token', refresh);
    return ['refresh_token', parameters];
  }
  if (account.grant === 'password') {
    parameters.set('username', account.username ?? '');
    parameters.set('password', account.password ?? '');
  }
  return [account.grant, parameters];
}

/** A web `Response` made from runner's own, for the library to read. The ID token is left out: unused. */
function toWebResponse(response: HttpResponse): Response {
  let body: Uint8Array | string | null = response.body.byteLength === 0 ? null : response.body;
  if (body !== null && /json/i.test(response.headers['content-type'] ?? '')) {
    try {
      const parsed = JSON.parse(Buffer.from(response.body).toString('utf8')) as Record<string, unknown>;
      if (parsed && typeof parsed === 'object' && 'id_token' in parsed) {
        delete parsed.id_token;
        body = JSON.stringify(parsed);
      }
    } catch {
      // Not JSON after all: the library says so.
    }
  }
  const nullBody = response.status === 204 || response.status === 304 || response.status < 200;
  return new Response(nullBody ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function describeRefusal(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'status' in error && 'error' in error) {
    const {
      status,
      error: code,
      error_description: description,
    } = error as {
      status: number;
      error: string;
      error_description?: string;
    };
    return `answered ${status} ${code}${description ? `: ${description}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Asks the token endpoint for a token: with the account's grant, or with `refreshToken` when given.
 * Throws TokenRequestError naming the request when the endpoint fails or refuses.
 */
export async function requestToken(
  account: OAuth2Account,
  transport: TokenTransport,
  refreshToken?: string,
): Promise<AccessToken> {
  const oauth = await import('./oauthLibrary.js');
  const [grant, parameters] = grantParameters(account, refreshToken);
  const where = `token request POST ${account.tokenUrl} (${grant})`;
  const server = { issuer: new URL(account.tokenUrl).origin, token_endpoint: account.tokenUrl };
  const client = { client_id: account.clientId };
  const clientAuth =
    account.clientSecret === undefined
      ? oauth.None()
      : account.clientAuth === 'body'
        ? oauth.ClientSecretPost(account.clientSecret)
        : oauth.ClientSecretBasic(account.clientSecret);
  const fetchThroughRunner = async (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: unknown },
  ): Promise<Response> => {
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const response = await transport.send({
      method: init.method,
      url,
      headers: { ...init.headers },
      ...(body === undefined ? {} : { body }),
      timeoutMs: transport.timeoutMs,
      maxResponseBytes: transport.maxResponseBytes,
      ...(transport.signal === undefined ? {} : { signal: transport.signal }),
    });
    return toWebResponse(response);
  };
  const asked = transport.monotonicMs();
  try {
    const response = await oauth.genericTokenEndpointRequest(server, client, clientAuth, grant, parameters, {
      [oauth.customFetch]: fetchThroughRunner,
      // The user chose the URL: a token endpoint on plain http (a local server) is theirs to use.
      [oauth.allowInsecureRequests]: true,
    });
    const token = await oauth.processGenericTokenEndpointResponse(server, client, response);
    return {
      accessToken: token.access_token,
      ...(token.refresh_token === undefined
        ? refreshToken === undefined
          ? {}
          : { refreshToken }
        : { refreshToken: token.refresh_token }),
      ...(typeof token.expires_in === 'number' ? { renewAtMs: asked + usableForMs(token.expires_in) } : {}),
    };
  } catch (error) {
    throw new TokenRequestError(`${where} ${describeRefusal(error)}`, { cause: error });
  }
}
