/**
 * One Postman request to a scenario request: method, URL (with `{{variables}}` as references), headers,
 * query, body and auth. Auth becomes the step's `auth:` (API keys a header or query parameter), its values
 * `$accounts.postman.<field>` references whose values go to the credentials file (DECISIONS, Authoring and
 * Wave 3 "Auth"). What cannot be expressed is returned as `not converted:` lines.
 */
import { HTTP_METHODS, REFUSED_AUTH_SCHEMES, refusedAuthMessage } from '../../language/index.js';
import { Template, type DraftAuth, type DraftRequest, type DraftText } from '../draftRequest.js';
import { postmanTemplate, resolvePostmanText } from './postmanText.js';
import { applyBody } from './postmanBody.js';
import { postmanUrl } from './postmanUrl.js';
import type { KeyValue, PostmanAuth, PostmanRequest } from './postmanTypes.js';

export const POSTMAN_ACCOUNT = 'postman';

export interface RequestContext {
  /** Collection and environment variables, for auth values stored as plain credentials. */
  values: ReadonlyMap<string, string>;
  /** Credentials gathered so far (field to value), shared by every request. */
  credentials: Map<string, string>;
  /** Variables Postman keeps secret (`type: secret`), to their credentials field. */
  secrets: ReadonlyMap<string, string>;
  /** Variables the output references. */
  variables: Set<string>;
  /**
   * Variables the collection's test scripts save (translated to `save`). An auth value that reads one stays a
   * variable reference: a token a login request saves is not known when importing.
   */
  saved: ReadonlySet<string>;
  /** The auth inherited from the folders and the collection. */
  inheritedAuth?: PostmanAuth;
}

export interface ImportedRequest {
  request: DraftRequest;
  unconverted: string[];
}

export function importRequest(spec: PostmanRequest | string, context: RequestContext): ImportedRequest {
  const unconverted: string[] = [];
  const definition: PostmanRequest = typeof spec === 'string' ? { url: spec, method: 'GET' } : spec;
  const text = (value: string): Template => {
    const result = postmanTemplate(value, accountReferences(context.secrets));
    for (const name of result.variables) context.variables.add(name);
    for (const raw of result.unconverted) unconverted.push(`the variable ${raw} (kept as text)`);
    return new Template(result.text, false);
  };
  const methodName = (definition.method ?? 'GET').toUpperCase();
  const method = HTTP_METHODS.find((known) => known === methodName);
  if (!method) unconverted.push(`the method ${methodName} (sent as GET)`);

  const rawUrl = postmanUrl(definition.url);
  const urlWithScheme =
    /^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl) || rawUrl.startsWith('{{') ? rawUrl : `http://${rawUrl}`;
  const headers: [string, DraftText][] = [];
  for (const header of (definition.header ?? []) as KeyValue[]) {
    if (header.disabled === true || !header.key) continue;
    headers.push([header.key, text(String(header.value ?? ''))]);
  }
  const query: [string, DraftText][] = [];
  const request: DraftRequest = {
    method: method ?? 'GET',
    url: rawUrl,
    urlTemplate: text(urlWithScheme),
    query,
    headers,
  };
  applyAuth(definition.auth ?? context.inheritedAuth, request, context, unconverted, text);
  applyBody(definition, request, text, unconverted);
  return { request, unconverted };
}

/** v2.1 writes auth values as `[{ key, value }]`, v2.0 as an object. */
function authValues(auth: PostmanAuth, type: string): Map<string, string> {
  const raw: unknown = (auth as Record<string, unknown>)[type];
  const values = new Map<string, string>();
  if (Array.isArray(raw)) {
    for (const entry of raw as KeyValue[]) if (entry.key) values.set(entry.key, String(entry.value ?? ''));
  } else if (raw !== null && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw)) values.set(key, String(value ?? ''));
  }
  return values;
}

function applyAuth(
  auth: PostmanAuth | undefined,
  request: DraftRequest,
  context: RequestContext,
  unconverted: string[],
  text: (value: string) => Template,
): void {
  if (!auth || auth.type === undefined || auth.type === 'noauth') return;
  const values = authValues(auth, auth.type);
  const resolved = (key: string) => resolvePostmanText(values.get(key) ?? '', context.values);
  const reference = (field: string, value: string) =>
    `$accounts.${POSTMAN_ACCOUNT}.${credentialField(context.credentials, field, value)}`;
  const readsSaved = (key: string) =>
    postmanTemplate(values.get(key) ?? '').variables.some((name) => context.saved.has(name));
  /** The value as a credential, or as written when it reads a variable a script saves. */
  const secret = (key: string, field: string) =>
    readsSaved(key) ? text(values.get(key) ?? '').text : reference(field, resolved(key));
  // As Postman's runtime signs a request: the auth header replaces one the request names itself.
  const replaceHeader = (name: string, value: string) => {
    const lower = name.toLowerCase();
    request.headers = request.headers.filter(([key]) => key.toLowerCase() !== lower);
    request.headers.push([name, new Template(value, false)]);
  };
  /** Fields that belong together (a user name and its password) as `$accounts.postman.*` references. */
  const references = (fields: [string, string][]): string[] =>
    credentialFields(
      context.credentials,
      fields.map(([field, key]): [string, string] => [field, resolved(key)]),
    ).map((field) => `$accounts.${POSTMAN_ACCOUNT}.${field}`);
  const plain = (key: string): Template | undefined =>
    values.get(key) ? text(values.get(key) ?? '') : undefined;
  // The step's `auth:` replaces an Authorization header the request names itself, as Postman's runtime does.
  const useAuth = (draft: DraftAuth) => {
    request.headers = request.headers.filter(([key]) => key.toLowerCase() !== 'authorization');
    request.auth = draft;
  };
  if (auth.type === 'basic' || auth.type === 'digest') {
    // Two fields, so a password can be changed on its own. Digest's realm, nonce and the rest come from the
    // server's challenge at run time.
    const [username = '', password = ''] = references([
      ['username', 'username'],
      ['password', 'password'],
    ]);
    useAuth({
      scheme: auth.type,
      username: new Template(username, false),
      password: new Template(password, false),
    });
  } else if (auth.type === 'bearer') {
    // Postman sends no header for an empty token.
    if (readsSaved('token') || resolved('token') !== '')
      useAuth({ scheme: 'bearer', token: new Template(secret('token', 'token'), false) });
  } else if (auth.type === 'apikey') {
    const name = resolved('key') || 'X-API-Key';
    const value = secret('value', 'apiKey');
    if (resolved('in') === 'query') request.query.push([name, new Template(value, false)]);
    else replaceHeader(name, value);
  } else if (auth.type === 'awsv4') {
    const [accessKeyId = '', secretAccessKey = '', sessionToken] = references([
      ['awsAccessKeyId', 'accessKey'],
      ['awsSecretAccessKey', 'secretKey'],
      ...(resolved('sessionToken') === ''
        ? []
        : ([['awsSessionToken', 'sessionToken']] as [string, string][])),
    ]);
    useAuth({
      scheme: 'awsSigV4',
      accessKeyId: new Template(accessKeyId, false),
      secretAccessKey: new Template(secretAccessKey, false),
      ...(sessionToken === undefined ? {} : { sessionToken: new Template(sessionToken, false) }),
      region: plain('region') ?? 'us-east-1',
      service: plain('service') ?? 'execute-api',
    });
  } else if (auth.type === 'oauth2') {
    const grant = OAUTH2_GRANTS[resolved('grant_type')];
    const tokenUrl = plain('accessTokenUrl');
    const clientId = plain('clientId');
    const missing =
      grant === undefined
        ? `the \`${resolved('grant_type') || 'authorization_code'}\` grant`
        : tokenUrl === undefined || clientId === undefined
          ? 'no token URL or client id'
          : grant === 'client_credentials' && resolved('clientSecret') === ''
            ? 'client credentials but no client secret'
            : undefined;
    if (missing !== undefined || grant === undefined || tokenUrl === undefined || clientId === undefined) {
      unconverted.push(
        `oauth2 auth with ${missing ?? 'no token URL or client id'} (runner fetches tokens with the client_credentials and password grants)`,
      );
      return;
    }
    const [clientSecret] =
      resolved('clientSecret') === '' ? [] : references([['clientSecret', 'clientSecret']]);
    const [username, password] =
      grant === 'password'
        ? references([
            ['username', 'username'],
            ['password', 'password'],
          ])
        : [];
    useAuth({
      scheme: 'oauth2',
      grant,
      tokenUrl,
      clientId,
      ...(clientSecret === undefined ? {} : { clientSecret: new Template(clientSecret, false) }),
      ...(plain('scope') ? { scope: plain('scope') } : {}),
      ...(plain('audience') ? { audience: plain('audience') } : {}),
      ...(username === undefined ? {} : { username: new Template(username, false) }),
      ...(password === undefined ? {} : { password: new Template(password, false) }),
      ...(resolved('client_authentication') === 'body' ? { clientAuth: 'body' as const } : {}),
    });
  } else {
    const refused = REFUSED_AUTH_SCHEMES[auth.type];
    unconverted.push(
      refused !== undefined
        ? `${auth.type} auth: ${refusedAuthMessage(refused)}`
        : `${auth.type} auth (runner speaks basic, bearer, digest, awsSigV4, oauth2 and API keys)`,
    );
  }
}

/** Postman's grant names to runner's; the others need a browser (authorization code, implicit). */
const OAUTH2_GRANTS: Record<string, 'client_credentials' | 'password' | undefined> = {
  client_credentials: 'client_credentials',
  password_credentials: 'password',
};

/** `{{name}}` of a secret variable reads its credential. */
function accountReferences(secrets: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  return new Map([...secrets].map(([name, field]) => [name, `accounts.${POSTMAN_ACCOUNT}.${field}`]));
}

/**
 * The credentials file's field for a value: `field` when free or holding the same value, else `field2`,
 * `field3`...: requests with different auth keep their own values.
 */
export function credentialField(credentials: Map<string, string>, field: string, value: string): string {
  return credentialFields(credentials, [[field, value]])[0] ?? field;
}

/** Fields that belong together (a user name and its password) take the same number. */
function credentialFields(credentials: Map<string, string>, fields: [string, string][]): string[] {
  for (let n = 1; ; n++) {
    const names = fields.map(([field]) => (n === 1 ? field : `${field}${n}`));
    const fits = names.every((name, i) => [undefined, fields[i]?.[1]].includes(credentials.get(name)));
    if (!fits) continue;
    names.forEach((name, i) => credentials.set(name, fields[i]?.[1] ?? ''));
    return names;
  }
}
