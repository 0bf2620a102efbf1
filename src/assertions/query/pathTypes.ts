/**
 * What kind of value a path always yields, as far as it can be known before a run: `validate` uses it to
 * refuse a function that can never apply (`count(status)`, `length(headers.set-cookie)`), and must never
 * refuse one that can (`count(headers.set-cookie)` is a list: DECISIONS, Wave 2 "Language additions").
 * `any` is a value only the response decides (a body field, a claim, a JSONPath or XPath result).
 */
import type { QuerySegment } from '../../expressions/path.js';
import { splitCookiePath } from '../cookiePaths.js';
import type { SubjectQuery } from './subjectQuery.js';

export type PathType = 'list' | 'map' | 'text' | 'number' | 'boolean' | 'any';

/** `cookies.<name>.<attribute>` (cookiePaths.ts): what each attribute holds. */
const COOKIE_ATTRIBUTE_TYPES: Readonly<Record<string, PathType>> = {
  domain: 'text',
  path: 'text',
  expires: 'text',
  sameSite: 'text',
  maxAge: 'number',
  secure: 'boolean',
  httpOnly: 'boolean',
};

/** Fields of one redirect (`redirects[0].status`). */
const REDIRECT_FIELD_TYPES: Readonly<Record<string, PathType>> = { status: 'number', url: 'text' };

const CACHE_FIELD_TYPES: Readonly<Record<string, PathType>> = { exists: 'boolean', ttl: 'number' };

/** `close.<field>` of a websocket step. */
const CLOSE_FIELD_TYPES: Readonly<Record<string, PathType>> = { code: 'number', reason: 'text', by: 'text' };

/** `events[i].<field>` of an sse step: `data` is parsed JSON or text, the others text. */
const EVENT_FIELD_TYPES: Readonly<Record<string, PathType>> = { event: 'text', id: 'text' };

const isWildcard = (segment: QuerySegment): boolean => typeof segment === 'object' && 'wildcard' in segment;

/** The type one level down a structure whose fields are known; `[$i]` could name any of them. */
function knownField(types: Readonly<Record<string, PathType>>, segment: QuerySegment | undefined): PathType {
  return typeof segment === 'string' ? (types[segment] ?? 'any') : 'any';
}

function rootType(query: SubjectQuery & { kind: 'root' }): PathType {
  const { root, segments } = query;
  // `[*]` collects what the rest of the path finds under every item: always a list.
  if (segments.some(isWildcard)) return 'list';
  const depth = segments.length;
  switch (root) {
    case 'status':
    case 'duration':
    case 'size':
      return 'number';
    case 'url':
    case 'httpVersion':
    case 'sha256':
    case 'md5':
    case 'ip':
      return 'text';
    case 'redirects':
      if (depth === 0) return 'list';
      if (depth === 1) return 'map';
      return depth === 2 ? knownField(REDIRECT_FIELD_TYPES, segments[1]) : 'any';
    case 'certificate':
      return depth === 0 ? 'map' : depth === 1 ? 'text' : 'any';
    case 'cache':
      if (depth === 0) return 'map';
      return depth === 1 ? knownField(CACHE_FIELD_TYPES, segments[0]) : 'any';
    case 'jwt':
      return depth === 0 ? 'map' : 'any';
    case 'cookies': {
      const { attribute } = splitCookiePath(query.rest);
      return attribute === undefined ? 'text' : (COOKIE_ATTRIBUTE_TYPES[attribute] ?? 'any');
    }
    case 'messages':
    case 'events':
      if (depth === 0) return 'list';
      if (depth === 1) return segments[0] === 'count' ? 'number' : 'any';
      return root === 'events' && depth === 2 ? knownField(EVENT_FIELD_TYPES, segments[1]) : 'any';
    case 'close':
      if (depth === 0) return 'map';
      return depth === 1 ? knownField(CLOSE_FIELD_TYPES, segments[0]) : 'any';
    case 'trailers':
      return depth === 0 ? 'map' : depth === 1 ? 'text' : 'any';
    case 'headers':
    case 'body':
      return 'any';
  }
}

/** The type of value a query always yields, or `any` when only the response can say. */
function pathType(query: SubjectQuery): PathType {
  switch (query.kind) {
    case 'root':
      return rootType(query);
    case 'header':
      // `headers` alone is the map of them all; `Set-Cookie` lines stay apart, one item each.
      if (query.name === '') return 'map';
      return query.name.toLowerCase() === 'set-cookie' ? 'list' : 'text';
    case 'call':
      return query.name === 'regex' ? 'text' : 'number';
    case 'jsonpath':
    case 'xpath':
    case 'invalid':
      return 'any';
  }
}

/** What each function reads (queryFunctions.ts), as path types. */
const FUNCTION_INPUTS: Readonly<Record<string, readonly PathType[]>> = {
  count: ['list', 'map'],
  length: ['text'],
  regex: ['text', 'number', 'boolean'],
};

const TYPE_NAMES: Readonly<Record<PathType, string>> = {
  list: 'a list',
  map: 'a map',
  text: 'text',
  number: 'a number',
  boolean: '`true` or `false`',
  any: 'any value',
};

/** Why `name()` can never apply to `argument`, or undefined when it can (or when only the response can say). */
export function functionTypeProblem(
  name: string,
  argument: SubjectQuery,
  argumentText: string,
): { message: string; hint: string } | undefined {
  const accepted = FUNCTION_INPUTS[name];
  const type = pathType(argument);
  if (accepted === undefined || type === 'any' || accepted.includes(type)) return undefined;
  const reads =
    name === 'count' ? 'counts list items or map keys' : name === 'length' ? 'measures text' : 'reads text';
  const hint =
    name === 'count'
      ? type === 'text'
        ? `measure text with \`length(${argumentText})\``
        : 'count a list or a map: `body`, `jwt`, `headers`, `headers.set-cookie`, `redirects`, `[*]`, JSONPath or `xpath(...)`'
      : type === 'list' || type === 'map'
        ? `count its items with \`count(${argumentText})\`, or check them with a \`contains\` or \`each\` matcher`
        : `compare it with a matcher instead: \`${argumentText}: gt 0\``;
  return { message: `\`${name}()\` ${reads}; \`${argumentText}\` is always ${TYPE_NAMES[type]}`, hint };
}
