/**
 * The auth an imported operation sends, from its `security` (or the document's): without it, a scenario of a
 * secured API only ever gets 401. The first alternative the document lists whose schemes runner can send is
 * used (an empty one, `{}`, means the operation is open). Each scheme's secret is an `$accounts` field, in an
 * account named after the scheme, that the user fills in: `bearer` and OAuth 2 / OpenID Connect become
 * `Authorization: Bearer $accounts.<scheme>.token`, `basic` an Authorization header built from `username` and
 * `password`, an API key (`in: header | query | cookie`) its header, query parameter or cookie from `key`.
 */
import {
  dereferenced,
  isObject,
  resolvePointer,
  type JsonObject,
  type Operation,
} from '../../openapi/index.js';
import { Template, type DraftRequest } from '../draftRequest.js';
import { readableFieldName } from '../secretNames.js';

/** One credentials field the user has to fill in. */
export interface CredentialField {
  account: string;
  field: string;
  /** What it holds, for the credentials file's comment. */
  what: string;
}

export interface OperationAuth {
  credentials: CredentialField[];
  /** Schemes that could not be sent, for a comment on the scenario. */
  notes: string[];
}

interface Scheme {
  name: string;
  node: JsonObject;
}

/** The schemes of the alternative to send; an alternative runner cannot send is passed over for the next. */
function chosenSchemes(data: JsonObject, operation: Operation): { schemes: Scheme[]; notes: string[] } {
  const node = resolvePointer(data, `#${operation.pointer}`);
  const written = isObject(node) && Array.isArray(node.security) ? node.security : data.security;
  if (!Array.isArray(written)) return { schemes: [], notes: [] };
  const components = isObject(data.components) ? data.components : {};
  const defined = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const alternatives = written.filter(isObject).map((requirement) =>
    Object.keys(requirement).map((name) => {
      const scheme = dereferenced(data, defined[name]);
      return { name, node: isObject(scheme) ? scheme : {} };
    }),
  );
  const sendable = alternatives.find((schemes) =>
    schemes.every((scheme) => unsupported(scheme) === undefined),
  );
  if (sendable !== undefined) return { schemes: sendable, notes: [] };
  const first = alternatives[0] ?? [];
  return {
    schemes: first.filter((scheme) => unsupported(scheme) === undefined),
    notes: first.flatMap((scheme) => unsupported(scheme) ?? []),
  };
}

/** Why a scheme cannot be sent, or undefined when it can. */
function unsupported(scheme: Scheme): string | undefined {
  const { type, scheme: httpScheme, in: where } = scheme.node;
  if (type === 'http' && typeof httpScheme === 'string' && /^(bearer|basic)$/i.test(httpScheme))
    return undefined;
  if (type === 'apiKey' && (where === 'header' || where === 'query' || where === 'cookie')) return undefined;
  if (type === 'oauth2' || type === 'openIdConnect') return undefined;
  const kind = type === 'http' ? `HTTP ${String(httpScheme)}` : String(type);
  return `the security scheme \`${scheme.name}\` (${kind} auth) is not sent: add its header to the step`;
}

/** Adds the operation's auth to `request` and says which credentials it reads. */
export function applySecurity(data: JsonObject, operation: Operation, request: DraftRequest): OperationAuth {
  const { schemes, notes } = chosenSchemes(data, operation);
  const credentials: CredentialField[] = [];
  const cookies: string[] = [];
  // The scheme's header replaces a header parameter of the same name (an `Authorization` the document lists).
  const setHeader = (header: string, value: Template) => {
    request.headers = request.headers.filter(([key]) => key.toLowerCase() !== header.toLowerCase());
    request.headers.push([header, value]);
  };
  const read = (scheme: Scheme, field: string, what: string) => {
    const account = readableFieldName(scheme.name);
    credentials.push({ account, field, what: `${what} (security scheme \`${scheme.name}\`)` });
    return `$accounts.${account}.${field}`;
  };
  for (const scheme of schemes) {
    const { type, scheme: httpScheme, in: where, name } = scheme.node;
    if (type === 'apiKey') {
      const keyName = typeof name === 'string' && name !== '' ? name : 'X-API-Key';
      const key = read(scheme, 'key', `the API key sent as the ${String(where)} \`${keyName}\``);
      if (where === 'header') setHeader(keyName, new Template(key));
      else if (where === 'query') request.query.push([keyName, new Template(key)]);
      else cookies.push(`${keyName}=\${${key.slice(1)}}`);
    } else if (type === 'http' && String(httpScheme).toLowerCase() === 'basic') {
      const username = read(scheme, 'username', 'the user name');
      const password = read(scheme, 'password', 'the password');
      setHeader('Authorization', new Template(`Basic \${base64(${username}:${password})}`));
    } else {
      const what = type === 'http' ? 'a Bearer token' : `an access token (${String(type)}), sent as Bearer`;
      setHeader('Authorization', new Template(`Bearer ${read(scheme, 'token', what)}`));
    }
  }
  if (cookies.length > 0) setHeader('Cookie', new Template(cookies.join('; ')));
  return { credentials, notes };
}
