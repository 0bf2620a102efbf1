import type { VariableScope } from '../expressions/index.js';
import { resolveCookiePath, type CookieLookup } from './cookiePaths.js';
import { followSegments } from './query/followPath.js';
import { resolveJsonPath } from './query/jsonPathQuery.js';
import { countOf, lengthOf, regexOf } from './query/queryFunctions.js';
import { missing, type Resolved } from './query/resolved.js';
import { resolveResponseField, type ResponseFacts } from './query/responseFields.js';
import { parseSubjectQuery, type SubjectQuery } from './query/subjectQuery.js';
import { resolveXPath } from './query/xpathQuery.js';

/** What a step produced, as `expect` and `save` see it; built by the engine. */
export interface Subject {
  status?: number;
  /** Names lower-cased by the builder; lookups are case-insensitive all the same. */
  headers?: Record<string, string>;
  /** Each `Set-Cookie` line: `headers.set-cookie` is this list (DECISIONS, Wave 2 "Language additions"). */
  setCookie?: readonly string[];
  /** Parsed JSON when the response is JSON, otherwise its text; undefined when there is no body. */
  body?: unknown;
  bodyText?: string;
  /** Why a body that looked like JSON is kept as text (invalid, or nested too deep), from the decoder. */
  bodyProblem?: string;
  /** Why the body has no text to read (too large for a string): every check of `body` fails with it. */
  bodyUnreadable?: string;
  /** Claims of the JWT the engine found in the response (decoded, signature not verified; see jwt.ts). */
  jwt?: Record<string, unknown>;
  /** Where that JWT was found (`body.token`, `headers.authorization`). */
  jwtSource?: string;
  /** Why there are no claims, when the engine looked: no token where it searched, or one that does not decode. */
  jwtProblem?: string;
  /** For cache steps: `{ exists, value, ttl }`. */
  cache?: Record<string, unknown>;
  /** Websocket and subscription steps: each message received, JSON text parsed (DECISIONS, "Finer points"). */
  messages?: readonly unknown[];
  /** SSE steps: each event; `event` is `message` when the server named none, `id` the last id sent. */
  events?: readonly StreamEvent[];
  /** Websocket steps: how the connection closed; `by: client` when runner closed it (code 1000). */
  close?: StreamClose;
  /** gRPC steps: the trailing metadata. */
  trailers?: Record<string, string>;
  /** The step's cookie jar, for `cookies.<name>` paths; absent when cookies are off. */
  cookies?: CookieLookup;
  /** For HTTP steps: the final URL, redirects, protocol, timing, raw bytes, peer address and certificate. */
  response?: ResponseFacts;
  /** The step's variables, for `[$i]` in paths. */
  variables?: VariableScope;
}

/** One Server-Sent Event as paths read it (`events[0].data.x`). */
export interface StreamEvent {
  data: unknown;
  event: string;
  id?: string;
}

/** How a WebSocket connection ended. */
export interface StreamClose {
  code: number;
  reason: string;
  by: 'client' | 'server';
}

export { isSubjectRoot, splitSubjectPath } from './query/subjectQuery.js';
export type { Resolved } from './query/resolved.js';

/** Body fields searched for a JWT after `jwt_token_path` (SPEC, "`expect` paths and matchers"). */
export const JWT_BODY_FIELDS = ['token', 'accessToken', 'access_token'] as const;

/** The fields of a cache step's subject (SPEC, "`cache` object"). */
export const CACHE_FIELDS = ['exists', 'value', 'ttl'] as const;

function resolveHeader(subject: Subject, name: string): Resolved {
  const headers = subject.headers;
  if (headers === undefined) return missing('this step has no response headers');
  if (name.toLowerCase() === 'set-cookie' && subject.setCookie !== undefined && subject.setCookie.length > 0)
    return { found: true, value: [...subject.setCookie] };
  if (name === '') return { found: true, value: headers };
  const wanted = name.toLowerCase();
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === wanted);
  if (key !== undefined) return { found: true, value: headers[key] };
  const available = Object.keys(headers);
  const list =
    available.length === 0 ? 'the response has no headers' : `available headers: ${available.join(', ')}`;
  return missing(`header not found; ${list}`, available, 'headers');
}

function contentType(subject: Subject): string | undefined {
  const headers = subject.headers ?? {};
  const key = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type');
  return key === undefined ? undefined : headers[key]?.split(';')[0]?.trim();
}

/** The parsed JSON body, or why there is none to read paths from. */
function jsonBody(subject: Subject, wanted: boolean): Resolved {
  if (subject.bodyUnreadable !== undefined) return missing(subject.bodyUnreadable);
  if (subject.body === undefined) return missing('path not found: the response has no body');
  // Only a body kept as text needs its content type: a parsed JSON body is read on every step.
  if (wanted && typeof subject.body === 'string') {
    if (subject.bodyProblem !== undefined)
      return missing(`path not found: ${subject.bodyProblem}; only \`body\` as a whole can be read`);
    const type = contentType(subject);
    if (!(type ?? '').includes('json')) {
      const what = type === undefined ? 'not JSON' : `not JSON (${type})`;
      return missing(`path not found: the response body is ${what}; only \`body\` as a whole can be read`);
    }
  }
  return { found: true, value: subject.body };
}

function resolveClaims(subject: Subject, query: SubjectQuery & { kind: 'root' }): Resolved {
  if (subject.jwt === undefined) {
    const searched = JWT_BODY_FIELDS.map((field) => `body.${field}`).join(', ');
    return missing(subject.jwtProblem ?? `no JWT in the response: looked at ${searched}`);
  }
  const resolved = followSegments('jwt', subject.jwt, query.segments, subject.variables);
  if (resolved.found) return resolved;
  // The message lists claims, so it says how they were read: decoded, never verified.
  const from = subject.jwtSource === undefined ? 'the JWT' : `the JWT at ${subject.jwtSource}`;
  return { ...resolved, message: `${resolved.message} (claims of ${from}; signature not verified)` };
}

/**
 * `messages` and `events`: the list of items a stream step collected. `messages.count` is its length
 * (DECISIONS, "Finer points (wave 3)"), as `count(messages)` is.
 */
function resolveItems(
  items: readonly unknown[] | undefined,
  query: SubjectQuery & { kind: 'root' },
  variables: Subject['variables'],
  kinds: string,
): Resolved {
  if (items === undefined) return missing(`\`${query.root}\` paths apply only to ${kinds} steps`);
  if (query.segments.length === 1 && query.segments[0] === 'count')
    return { found: true, value: items.length };
  return followSegments(query.root, items, query.segments, variables);
}

function resolveRoot(subject: Subject, query: SubjectQuery & { kind: 'root' }): Resolved {
  switch (query.root) {
    case 'status':
      if (query.rest !== '') return missing(`\`status\` has no fields; write \`status\``);
      return subject.status === undefined
        ? missing('this step has no HTTP status')
        : { found: true, value: subject.status };
    case 'headers':
      return resolveHeader(subject, query.rest);
    case 'body': {
      const body = jsonBody(subject, query.rest !== '');
      return body.found ? followSegments('body', body.value, query.segments, subject.variables) : body;
    }
    case 'jwt':
      return resolveClaims(subject, query);
    case 'cache':
      if (subject.cache === undefined) return missing('`cache` paths apply only to cache steps');
      return followSegments('cache', subject.cache, query.segments, subject.variables);
    case 'cookies':
      return resolveCookiePath(subject.cookies, query.rest);
    case 'messages':
      return resolveItems(subject.messages, query, subject.variables, 'websocket and subscription');
    case 'events':
      return resolveItems(subject.events, query, subject.variables, 'sse');
    case 'close':
      if (subject.close === undefined) return missing('`close` paths apply only to websocket steps');
      return followSegments('close', subject.close, query.segments, subject.variables);
    case 'trailers':
      if (subject.trailers === undefined) return missing('`trailers` paths apply only to grpc steps');
      return followSegments('trailers', subject.trailers, query.segments, subject.variables);
    default:
      return resolveResponseField(subject.response, query.root, query.segments, subject.variables);
  }
}

/** Evaluates a parsed query against a step's subject. */
export function resolveQuery(subject: Subject, query: SubjectQuery): Resolved {
  switch (query.kind) {
    case 'root':
      return resolveRoot(subject, query);
    case 'header':
      return resolveHeader(subject, query.name);
    case 'jsonpath': {
      const body = jsonBody(subject, true);
      return body.found ? resolveJsonPath(query.expression, body.value, subject.variables) : body;
    }
    case 'xpath':
      if (subject.bodyUnreadable !== undefined) return missing(subject.bodyUnreadable);
      return resolveXPath(query.expression, subject.bodyText, (contentType(subject) ?? '').includes('html'));
    case 'call': {
      const argument = resolveQuery(subject, query.argument);
      if (!argument.found) return argument;
      if (query.name === 'count') return countOf(query.argumentText, argument.value);
      if (query.name === 'length') return lengthOf(query.argumentText, argument.value);
      return regexOf(query.argumentText, argument.value, query.pattern ?? '');
    }
    case 'invalid':
      return missing(query.hint === undefined ? query.message : `${query.message} (${query.hint})`);
  }
}

/** Finds the value an `expect` path or `save` source names in a step's subject. */
export function resolveSubjectPath(subject: Subject, path: string): Resolved {
  return resolveQuery(subject, parseSubjectQuery(path));
}
