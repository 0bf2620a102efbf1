/**
 * The one place a request gets its credentials (DECISIONS, Wave 3 "Auth"): an HttpClient around the run's
 * own that applies a step's auth just before sending, so a signature covers the request as sent (cookies
 * included) and every extra exchange (a Digest challenge, a token request) goes through the same client,
 * sandbox and settings. Credentials go to the step's own origin only: a redirect to another origin gets none,
 * as for `Authorization` written by hand (DECISIONS, "Finer points (wave 3)").
 */
import { findHeader, type HttpClient, type HttpRequest, type HttpResponse } from '../http/index.js';
import { signAwsV4, type AwsCredentials } from './awsSigV4.js';
import { parseChallenges } from './challenges.js';
import { digestAuthorization, pickDigestChallenge } from './digest.js';
import { requestToken, type OAuth2Account } from './oauth2.js';
import type { AccessToken, TokenSource, TokenStore } from './tokenStore.js';

/** A step's auth with every value filled in. */
export type ResolvedAuth =
  | { scheme: 'basic' | 'digest'; username: string; password: string }
  | { scheme: 'bearer'; token: string }
  | ({ scheme: 'awsSigV4' } & AwsCredentials)
  | ({ scheme: 'oauth2' } & OAuth2Account);

/** An exchange made for the step's credentials, recorded on the step (DECISIONS: "recorded"). */
export interface AuthExchange {
  purpose: 'digest challenge' | 'oauth2 token';
  request: HttpRequest;
  response?: HttpResponse;
  error?: string;
}

export interface AuthContext {
  tokens: TokenStore;
  /** Every token fetched becomes a secret before anything can show it. */
  addSecret(value: string): void;
  record(exchange: AuthExchange): void;
  now(): Date;
  monotonicMs(): number;
  /** A fresh Digest client nonce. */
  cnonce(): string;
  /** Each request sent with credentials, as sent (the step records its headers). */
  sent?(request: HttpRequest): void;
  signal?: AbortSignal;
}

function withHeader(request: HttpRequest, name: string, value: string): HttpRequest {
  const headers: HttpRequest['headers'] = {};
  for (const [key, existing] of Object.entries(request.headers))
    if (key.toLowerCase() !== name.toLowerCase()) headers[key] = existing;
  headers[name] = value;
  return { ...request, headers };
}

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

/** RFC 6750 section 3.1: the server says the token it got is no good (expired, revoked...). */
function refusesToken(response: HttpResponse): boolean {
  if (response.status !== 401) return false;
  return parseChallenges(response.headers['www-authenticate'] ?? '').some(
    (challenge) => challenge.scheme === 'bearer' && challenge.params.error === 'invalid_token',
  );
}

/** One account per token endpoint, client, grant and user, so the whole run shares its token. */
function accountKey(account: OAuth2Account): string {
  const { tokenUrl, clientId, grant, username, scope, audience, refreshToken } = account;
  return JSON.stringify([tokenUrl, clientId, grant, username, scope, audience, refreshToken]);
}

export function authenticatedClient(http: HttpClient, auth: ResolvedAuth, context: AuthContext): HttpClient {
  let origin: string | undefined;
  const deliver = (request: HttpRequest): Promise<HttpResponse> => {
    context.sent?.(request);
    return http.send(request);
  };

  /** Sends an exchange made for the credentials and records it, failed or not. */
  const sendRecorded = async (purpose: AuthExchange['purpose'], request: HttpRequest) => {
    try {
      const response = await http.send(request);
      context.record({ purpose, request, response });
      return response;
    } catch (error) {
      context.record({ purpose, request, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };

  const tokenSource = (account: OAuth2Account, request: HttpRequest): TokenSource => {
    // Token requests say who sends them as the step does (`runner/<version>`), not the protocol library.
    const userAgent = findHeader(request.headers, 'user-agent');
    const transport = {
      send: (tokenRequest: HttpRequest) => {
        const credentials = findHeader(tokenRequest.headers, 'authorization');
        if (typeof credentials === 'string') context.addSecret(credentials.replace(/^\S+\s+/, ''));
        const headers = Object.fromEntries(
          Object.entries(tokenRequest.headers).filter(([name]) => name.toLowerCase() !== 'user-agent'),
        );
        if (typeof userAgent === 'string') headers['user-agent'] = userAgent;
        return sendRecorded('oauth2 token', { ...tokenRequest, headers });
      },
      timeoutMs: request.timeoutMs,
      maxResponseBytes: request.maxResponseBytes,
      ...(context.signal === undefined ? {} : { signal: context.signal }),
      monotonicMs: context.monotonicMs,
    };
    const kept = (token: AccessToken): AccessToken => {
      context.addSecret(token.accessToken);
      if (token.refreshToken !== undefined) context.addSecret(token.refreshToken);
      return token;
    };
    return {
      fetch: async () => kept(await requestToken(account, transport)),
      refresh: async (refreshToken) => kept(await requestToken(account, transport, refreshToken)),
    };
  };

  const sendOAuth2 = async (account: OAuth2Account, request: HttpRequest): Promise<HttpResponse> => {
    const key = accountKey(account);
    const source = tokenSource(account, request);
    const token = await context.tokens.token(key, source);
    const response = await deliver(withHeader(request, 'authorization', `Bearer ${token.accessToken}`));
    if (!refusesToken(response)) return response;
    // DECISIONS: fetched again once after a 401 that names `invalid_token`.
    const renewed = await context.tokens.renew(key, token, source);
    return deliver(withHeader(request, 'authorization', `Bearer ${renewed.accessToken}`));
  };

  const sendDigest = async (
    credentials: { username: string; password: string },
    request: HttpRequest,
  ): Promise<HttpResponse> => {
    const challenged = await sendRecorded('digest challenge', request);
    if (challenged.status !== 401) return challenged;
    const challenge = pickDigestChallenge(parseChallenges(challenged.headers['www-authenticate'] ?? ''));
    if (typeof challenge === 'string') throw new Error(`Digest authentication: ${challenge}`);
    const url = new URL(request.url);
    const authorization = digestAuthorization(challenge, {
      ...credentials,
      method: request.method,
      uri: `${url.pathname}${url.search}`,
      cnonce: context.cnonce(),
    });
    return deliver(withHeader(request, 'authorization', authorization));
  };

  const sendWithAuth = async (request: HttpRequest): Promise<HttpResponse> => {
    switch (auth.scheme) {
      case 'basic':
        return deliver(withHeader(request, 'authorization', basic(auth.username, auth.password)));
      case 'bearer':
        return deliver(withHeader(request, 'authorization', `Bearer ${auth.token}`));
      case 'digest':
        return sendDigest(auth, request);
      case 'awsSigV4':
        return deliver(await signAwsV4(request, auth, { date: context.now() }));
      case 'oauth2':
        return sendOAuth2(auth, request);
    }
  };

  return {
    send(request) {
      const target = new URL(request.url).origin;
      origin ??= target;
      return target === origin ? sendWithAuth(request) : http.send(request);
    },
    // Stream steps take no `auth:` (stepRules): their connections go out as the run's client sends them.
    openStream: (request, sink) => http.openStream(request, sink),
    dialPlan: (url) => http.dialPlan(url),
    close: () => http.close(),
  };
}
