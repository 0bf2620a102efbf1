import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import { lookupPath, parsePath, formatPath, type PathSegment } from '../expressions/path.js';
import { describeType } from '../expressions/index.js';

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
  /** Claims of the JWT the engine found in the response (decoded, signature not verified; see jwt.ts). */
  jwt?: Record<string, unknown>;
  /** Where that JWT was found (`body.token`, `headers.authorization`). */
  jwtSource?: string;
  /** Why there are no claims, when the engine looked: no token where it searched, or one that does not decode. */
  jwtProblem?: string;
  /** For cache steps: `{ exists, value, ttl }`. */
  cache?: Record<string, unknown>;
}

/**
 * A path's value, or why it is missing. The message does not repeat the path (callers put it in front:
 * `body.emial: path not found; available fields: id, email, name`); `available` lists the fields at the deepest
 * level reached and `reached` names that level (`body.user`).
 */
export type Resolved =
  { found: true; value: unknown } | { found: false; message: string; available: string[]; reached?: string };

/** The roots an `expect` path or `save` source may start with (SPEC, "`expect` paths and matchers"). */
export const SUBJECT_ROOTS = ['status', 'headers', 'body', 'jwt', 'cache'] as const;
export type SubjectRoot = (typeof SUBJECT_ROOTS)[number];

/** Body fields searched for a JWT after `jwt_token_path` (SPEC, "`expect` paths and matchers"). */
export const JWT_BODY_FIELDS = ['token', 'accessToken', 'access_token'] as const;

/** The fields of a cache step's subject (SPEC, "`cache` object"). */
export const CACHE_FIELDS = ['exists', 'value', 'ttl'] as const;

/** `body.user.name` → root `body`, rest `user.name`; `body[0]` → rest `[0]`; `headers.x-id` → rest `x-id`. */
export function splitSubjectPath(path: string): { root: string; rest: string } {
  const match = /^([^.[]*)\.?([\s\S]*)$/.exec(path.trim());
  return { root: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

export function isSubjectRoot(root: string): root is SubjectRoot {
  return (SUBJECT_ROOTS as readonly string[]).includes(root);
}

/** The message for a path whose root is not one of SUBJECT_ROOTS, with a did-you-mean hint when one is close. */
export function unknownRoot(root: string): { message: string; hint?: string } {
  const message = `unknown path root \`${root}\`; paths start with ${SUBJECT_ROOTS.join(', ')}`;
  const hint = didYouMeanHint(root, SUBJECT_ROOTS);
  return hint === undefined ? { message } : { message, hint };
}

function missing(message: string, available: string[] = [], reached?: string): Resolved {
  return reached === undefined
    ? { found: false, message, available }
    : { found: false, message, available, reached };
}

/** Follows a JSON-ish path below `rootName`, explaining where and why it stopped. */
function resolveBelow(rootName: string, value: unknown, rest: string): Resolved {
  if (rest === '') return { found: true, value };
  let segments: PathSegment[];
  try {
    segments = parsePath(rest);
  } catch (error) {
    return missing(error instanceof Error ? error.message : String(error));
  }
  const lookup = lookupPath(value, segments);
  if (lookup.found) return lookup;
  const reached = joinPath(rootName, lookup.resolved);
  const at = lookupPath(value, lookup.resolved);
  const holder = at.found ? at.value : undefined;
  const next = segments[lookup.resolved.length];
  if (Array.isArray(holder)) {
    const reason =
      typeof next === 'number'
        ? `\`${reached}\` has ${holder.length} item${holder.length === 1 ? '' : 's'}`
        : `\`${reached}\` is an array; use an index such as \`${reached}[0]\``;
    return missing(`path not found: ${reason}`, lookup.available, reached);
  }
  if (holder === null || typeof holder !== 'object') {
    return missing(`path not found: \`${reached}\` is ${describeType(holder)}, not an object`, [], reached);
  }
  if (lookup.available.length === 0)
    return missing(`path not found: \`${reached}\` is an empty object`, [], reached);
  // Name the level only when it is not simply the parent of the missing field.
  const where = lookup.resolved.length === segments.length - 1 ? '' : ` at \`${reached}\``;
  return missing(
    `path not found; available fields${where}: ${lookup.available.join(', ')}`,
    lookup.available,
    reached,
  );
}

function joinPath(rootName: string, segments: readonly PathSegment[]): string {
  if (segments.length === 0) return rootName;
  const rest = formatPath(segments);
  return rest.startsWith('[') ? `${rootName}${rest}` : `${rootName}.${rest}`;
}

function resolveHeader(headers: Record<string, string> | undefined, name: string): Resolved {
  if (headers === undefined) return missing('this step has no response headers');
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

function resolveBody(subject: Subject, rest: string): Resolved {
  if (subject.body === undefined) return missing('path not found: the response has no body');
  const type = contentType(subject);
  if (rest !== '' && typeof subject.body === 'string' && subject.bodyProblem !== undefined)
    return missing(`path not found: ${subject.bodyProblem}; only \`body\` as a whole can be read`);
  if (rest !== '' && typeof subject.body === 'string' && !(type ?? '').includes('json')) {
    const what = type === undefined ? 'not JSON' : `not JSON (${type})`;
    return missing(`path not found: the response body is ${what}; only \`body\` as a whole can be read`);
  }
  return resolveBelow('body', subject.body, rest);
}

function resolveClaims(subject: Subject, rest: string): Resolved {
  if (subject.jwt === undefined) {
    const searched = JWT_BODY_FIELDS.map((field) => `body.${field}`).join(', ');
    return missing(subject.jwtProblem ?? `no JWT in the response: looked at ${searched}`);
  }
  const resolved = resolveBelow('jwt', subject.jwt, rest);
  if (resolved.found) return resolved;
  // The message lists claims, so it says how they were read: decoded, never verified.
  const from = subject.jwtSource === undefined ? 'the JWT' : `the JWT at ${subject.jwtSource}`;
  return { ...resolved, message: `${resolved.message} (claims of ${from}; signature not verified)` };
}

/** Finds the value an `expect` path or `save` source names in a step's subject. */
export function resolveSubjectPath(subject: Subject, path: string): Resolved {
  const { root, rest } = splitSubjectPath(path);
  if (!isSubjectRoot(root)) {
    const unknown = unknownRoot(root);
    return missing(unknown.hint === undefined ? unknown.message : `${unknown.message} (${unknown.hint})`);
  }
  switch (root) {
    case 'status':
      if (rest !== '') return missing(`\`status\` has no fields; write \`status\``);
      return subject.status === undefined
        ? missing('this step has no HTTP status')
        : { found: true, value: subject.status };
    case 'headers':
      if (
        rest.toLowerCase() === 'set-cookie' &&
        subject.setCookie !== undefined &&
        subject.setCookie.length > 0
      )
        return { found: true, value: [...subject.setCookie] };
      return resolveHeader(subject.headers, rest);
    case 'body':
      return resolveBody(subject, rest);
    case 'jwt':
      return resolveClaims(subject, rest);
    case 'cache':
      if (subject.cache === undefined) return missing('`cache` paths apply only to cache steps');
      return resolveBelow('cache', subject.cache, rest);
  }
}
