/**
 * A request step's credentials (DECISIONS, Wave 3 "Auth"): the `auth:` that applies (chooseAuth) with its
 * values filled in and made secrets, and the client that applies it.
 */
import { randomBytes } from 'node:crypto';
import {
  authenticatedClient,
  createTokenStore,
  type AuthExchange,
  type ResolvedAuth,
  type TokenStore,
} from '../auth/index.js';
import { interpolate, valueAsText, type ExpressionRuntime } from '../expressions/index.js';
import { decodeBody, type HttpClient, type HttpRequest } from '../http/index.js';
import type { AuthSpec } from '../language/index.js';
import { recordedBody } from './recordCaps.js';
import type { AuthExchangeRecord } from './results.js';
import type { EngineServices } from './services.js';
import type { VariableStore } from './variables.js';

/** Fills in the values; every credential becomes a secret before anything is sent or shown. */
export function resolveAuth(
  spec: Exclude<AuthSpec, { scheme: 'none' }>,
  scope: VariableStore,
  runtime: ExpressionRuntime,
  addSecret: (value: string) => void,
): ResolvedAuth {
  const text = (template: string): string => valueAsText(interpolate(template, scope, runtime));
  const secret = (template: string): string => {
    const value = text(template);
    addSecret(value);
    return value;
  };
  const optional = <K extends string>(key: K, template: string | undefined, fill = text) =>
    (template === undefined ? {} : { [key]: fill(template) }) as Partial<Record<K, string>>;
  switch (spec.scheme) {
    case 'basic':
    case 'digest': {
      const username = text(spec.username);
      const password = secret(spec.password);
      // The Basic token holds the password: a server that echoes the header shows it.
      if (spec.scheme === 'basic') addSecret(Buffer.from(`${username}:${password}`).toString('base64'));
      return { scheme: spec.scheme, username, password };
    }
    case 'bearer':
      return { scheme: 'bearer', token: secret(spec.token) };
    case 'awsSigV4':
      return {
        scheme: 'awsSigV4',
        accessKeyId: secret(spec.accessKeyId),
        secretAccessKey: secret(spec.secretAccessKey),
        ...optional('sessionToken', spec.sessionToken, secret),
        region: text(spec.region),
        service: text(spec.service),
      };
    case 'oauth2':
      return {
        scheme: 'oauth2',
        grant: spec.grant,
        tokenUrl: text(spec.tokenUrl),
        clientId: text(spec.clientId),
        clientAuth: spec.clientAuth,
        ...optional('clientSecret', spec.clientSecret, secret),
        ...optional('scope', spec.scope),
        ...optional('audience', spec.audience),
        ...optional('username', spec.username),
        ...optional('password', spec.password, secret),
        ...optional('refreshToken', spec.refreshToken, secret),
      };
  }
}

/** One token store per run (EngineServices.tokens); a run built without one gets its own here. */
const fallbackStores = new WeakMap<EngineServices, TokenStore>();

function tokenStoreOf(services: EngineServices): TokenStore {
  if (services.tokens !== undefined) return services.tokens;
  let store = fallbackStores.get(services);
  if (store === undefined) {
    store = createTokenStore(() => services.clock.monotonicMs());
    fallbackStores.set(services, store);
  }
  return store;
}

/** What the step keeps of the exchanges its credentials cost, and the headers they put on its request. */
export interface StepAuthRecord {
  exchanges: AuthExchangeRecord[];
  /** The headers of the step's request as it was last sent with credentials. */
  sentHeaders?: HttpRequest['headers'];
}

export function stepAuthClient(
  services: EngineServices,
  auth: ResolvedAuth,
  signal: AbortSignal,
): { client: HttpClient; record: StepAuthRecord } {
  const record: StepAuthRecord = { exchanges: [] };
  const client = authenticatedClient(services.http, auth, {
    tokens: tokenStoreOf(services),
    addSecret: (value) => services.secrets.add(value),
    record: (exchange) => record.exchanges.push(exchangeRecord(exchange)),
    now: () => services.clock.now(),
    monotonicMs: () => services.clock.monotonicMs(),
    cnonce: () => randomBytes(16).toString('hex'),
    sent: (request) => void (record.sentHeaders = request.headers),
    signal,
  });
  return { client, record };
}

function textOf(body: HttpRequest['body']): string | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
}

export function joinedHeaders(headers: HttpRequest['headers']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : value.join(', '),
    ]),
  );
}

function exchangeRecord(exchange: AuthExchange): AuthExchangeRecord {
  const { request, response } = exchange;
  const body = textOf(request.body);
  const decoded = response === undefined ? undefined : decodeBody(response);
  return {
    purpose: exchange.purpose,
    request: {
      method: request.method,
      url: request.url,
      headers: joinedHeaders(request.headers),
      ...(body === undefined ? {} : { body }),
    },
    ...(response === undefined || decoded === undefined
      ? {}
      : {
          response: {
            status: response.status,
            statusText: response.statusText,
            httpVersion: response.httpVersion,
            headers: response.headers,
            body: recordedBody(
              decoded.isJson ? decoded.json : decoded.text,
              decoded.text,
              response.body.byteLength,
              'the response body',
            ).body,
            sizeBytes: response.body.byteLength,
          },
          durationMs: response.durationMs,
        }),
    ...(exchange.error === undefined ? {} : { error: exchange.error }),
  };
}
