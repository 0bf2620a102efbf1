/**
 * Finding and decoding the JWT in a response, for `jwt.<claim>` in `expect` and `save` (SPEC, Authentication:
 * "A JWT in a response is decoded automatically").
 *
 * The runner reads claims; it does NOT verify signatures. It holds no keys, and a test that checks what a
 * server put in its token needs the claims, not a verdict on who signed them.
 */
import { decodeJwt } from 'jose/jwt/decode';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../diagnostics/jsonText.js';
import { describeType } from '../expressions/index.js';
import {
  JWT_BODY_FIELDS,
  isSubjectRoot,
  resolveSubjectPath,
  splitSubjectPath,
  type Subject,
} from './subject.js';

export interface FoundJwt {
  token: string;
  /** The subject path it came from: `body.token`, `headers.authorization`. */
  source: string;
}

// Compact JWS: three base64url parts (the signature may be empty for `alg: none`). A five-part JWE is
// encrypted and cannot be read without a key, so it does not count as a JWT found.
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const BEARER = /^Bearer\s+/i;

/**
 * The places searched, in order: `jwt_token_path` first, then the body fields of SPEC. A configured path
 * without a subject root (`token`, `data.token`) reads as a body path.
 */
export function jwtSearchPaths(tokenPath?: string): string[] {
  const configured = tokenPath?.trim();
  const first =
    configured === undefined || configured === ''
      ? []
      : [isSubjectRoot(splitSubjectPath(configured).root) ? configured : `body.${configured}`];
  const defaults = JWT_BODY_FIELDS.map((field) => `body.${field}`);
  return [...new Set([...first, ...defaults])];
}

interface JwtSearch {
  found?: FoundJwt;
  searched: string[];
  /** Places that held a value which is not a JWT, to explain a miss. */
  notJwt: string[];
}

function searchJwt(subject: Subject, tokenPath?: string): JwtSearch {
  const searched = jwtSearchPaths(tokenPath);
  const notJwt: string[] = [];
  for (const source of searched) {
    const resolved = resolveSubjectPath(subject, source);
    if (!resolved.found || resolved.value === undefined || resolved.value === null) continue;
    const token = typeof resolved.value === 'string' ? resolved.value.trim().replace(BEARER, '') : undefined;
    if (token !== undefined && COMPACT_JWS.test(token)) return { found: { token, source }, searched, notJwt };
    notJwt.push(
      token === undefined
        ? `\`${source}\` is ${describeType(resolved.value)}`
        : `\`${source}\` is text that is not a JWT`,
    );
  }
  return { searched, notJwt };
}

/** The first JWT at the places `jwtSearchPaths` lists, without a `Bearer ` prefix. */
export function findJwt(subject: Subject, tokenPath?: string): FoundJwt | undefined {
  return searchJwt(subject, tokenPath).found;
}

/**
 * The claims of a JWT, decoded with jose's `decodeJwt`. The signature is NOT verified: the claims say what
 * the token claims, not that anyone trustworthy signed it.
 */
export function decodeJwtClaims(token: string): { claims: Record<string, unknown> } | { error: string } {
  // The claims come from the server: nested too deep for the checks and reporters to walk, they are refused.
  const payload = token.split('.')[1] ?? '';
  if (nestsDeeperThan(Buffer.from(payload, 'base64url').toString('utf8'), MAX_JSON_DEPTH))
    return { error: `its claims are nested deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { claims: { ...decodeJwt(token) } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { error: reason.replace(/\.$/, '') };
  }
}

/**
 * The subject with the claims of the response's JWT (`jwt`, `jwtSource`), or with `jwtProblem` saying why
 * there are none. The engine calls this for steps whose `expect` or `save` read `jwt.*`.
 */
export function withJwt(subject: Subject, tokenPath?: string): Subject {
  const search = searchJwt(subject, tokenPath);
  if (search.found === undefined) {
    const why = search.notJwt.length === 0 ? '' : ` (${search.notJwt.join('; ')})`;
    return {
      ...subject,
      jwtProblem: `no JWT in the response: looked at ${search.searched.join(', ')}${why}`,
    };
  }
  const decoded = decodeJwtClaims(search.found.token);
  if ('error' in decoded) {
    return {
      ...subject,
      jwtProblem: `the token at ${search.found.source} is not a readable JWT: ${decoded.error}`,
    };
  }
  return { ...subject, jwt: decoded.claims, jwtSource: search.found.source };
}
