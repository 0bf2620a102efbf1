/**
 * One Postman request to a scenario request: method, URL (with `{{variables}}` as references), headers,
 * query, body and auth. Auth values become `$accounts.postman.<field>` references and go to the credentials
 * file (DECISIONS, Authoring). What cannot be expressed is returned as `not converted:` lines.
 */
import { HTTP_METHODS } from '../../language/model.js';
import { Template, type DraftRequest, type DraftText } from '../draftRequest.js';
import { postmanTemplate, resolvePostmanText } from './postmanText.js';
import type { PostmanAuth, PostmanRequest } from './postmanTypes.js';

export const POSTMAN_ACCOUNT = 'postman';

export interface RequestContext {
  /** Collection and environment variables, for auth values stored as plain credentials. */
  values: ReadonlyMap<string, string>;
  /** Credentials gathered so far (field to value), shared by every request. */
  credentials: Map<string, string>;
  /** Variables the output references. */
  variables: Set<string>;
  /** The auth inherited from the folders and the collection. */
  inheritedAuth?: PostmanAuth;
}

export interface ImportedRequest {
  request: DraftRequest;
  unconverted: string[];
}

interface KeyValue {
  key?: string | null;
  value?: unknown;
  disabled?: boolean;
  type?: string;
  src?: unknown;
}

export function importRequest(spec: PostmanRequest | string, context: RequestContext): ImportedRequest {
  const unconverted: string[] = [];
  const definition: PostmanRequest = typeof spec === 'string' ? { url: spec, method: 'GET' } : spec;
  const text = (value: string): Template => {
    const result = postmanTemplate(value);
    for (const name of result.variables) context.variables.add(name);
    for (const raw of result.unconverted) unconverted.push(`the variable ${raw} (kept as text)`);
    return new Template(result.text, false);
  };
  const methodName = (definition.method ?? 'GET').toUpperCase();
  const method = HTTP_METHODS.find((known) => known === methodName);
  if (!method) unconverted.push(`the method ${methodName} (sent as GET)`);

  const rawUrl =
    typeof definition.url === 'string'
      ? definition.url
      : ((definition.url as { raw?: string }).raw ?? urlFromParts(definition.url));
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
  applyAuth(definition.auth ?? context.inheritedAuth, request, context, unconverted);
  applyBody(definition, request, text, unconverted);
  return { request, unconverted };
}

function urlFromParts(url: Exclude<PostmanRequest['url'], string>): string {
  const host = Array.isArray(url.host) ? url.host.join('.') : (url.host ?? '');
  const path = Array.isArray(url.path) ? url.path.join('/') : (url.path ?? '');
  const protocol = url.protocol ? `${url.protocol}://` : '';
  return `${protocol}${host}${url.port ? `:${url.port}` : ''}/${path}`;
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
): void {
  if (!auth || auth.type === undefined || auth.type === 'noauth') return;
  const values = authValues(auth, auth.type);
  const resolved = (key: string) => resolvePostmanText(values.get(key) ?? '', context.values);
  const reference = (field: string, value: string) => {
    context.credentials.set(field, value);
    return `$accounts.${POSTMAN_ACCOUNT}.${field}`;
  };
  if (auth.type === 'basic') {
    const basic = Buffer.from(`${resolved('username')}:${resolved('password')}`, 'utf8').toString('base64');
    request.headers.push(['Authorization', new Template(`Basic ${reference('basic', basic)}`, false)]);
  } else if (auth.type === 'bearer') {
    request.headers.push([
      'Authorization',
      new Template(`Bearer ${reference('token', resolved('token'))}`, false),
    ]);
  } else if (auth.type === 'apikey') {
    const name = resolved('key') || 'X-API-Key';
    const value = new Template(reference('apiKey', resolved('value')), false);
    if (resolved('in') === 'query') request.query.push([name, value]);
    else request.headers.push([name, value]);
  } else {
    unconverted.push(`${auth.type} auth (runner sends Basic, Bearer and API-key auth only)`);
  }
}

function applyBody(
  definition: PostmanRequest,
  request: DraftRequest,
  text: (value: string) => Template,
  unconverted: string[],
): void {
  const body = definition.body as
    | (PostmanRequest['body'] & {
        graphql?: { query?: string; variables?: string };
        disabled?: boolean;
        options?: { raw?: { language?: string } };
      })
    | undefined;
  if (!body || body.disabled === true) return;
  const hasType = request.headers.some(([name]) => name.toLowerCase() === 'content-type');
  if (body.mode === 'raw') {
    if ((body.raw ?? '') === '') return;
    if (!hasType && body.options?.raw?.language === 'json')
      request.headers.push(['Content-Type', 'application/json']);
    request.body = { kind: 'text', value: text(body.raw ?? '') };
  } else if (body.mode === 'urlencoded') {
    const pairs = ((Array.isArray(body.urlencoded) ? body.urlencoded : []) as KeyValue[]).filter(
      (pair) => pair.disabled !== true && pair.key,
    );
    // `form:` sends the pairs urlencoded with its own content type, in order.
    const at = request.headers.findIndex(([name]) => name.toLowerCase() === 'content-type');
    const declared = request.headers[at]?.[1];
    const declaredText = declared instanceof Template ? declared.text : declared;
    if (declaredText !== undefined && /^application\/x-www-form-urlencoded\s*$/i.test(declaredText)) {
      request.headers.splice(at, 1);
    }
    request.body = {
      kind: 'form',
      value: pairs.map((pair): [string, DraftText] => [pair.key ?? '', text(String(pair.value ?? ''))]),
    };
  } else if (body.mode === 'formdata') {
    const multipart: NonNullable<DraftRequest['multipart']> = { fields: [], files: [] };
    for (const part of (Array.isArray(body.formdata) ? body.formdata : []) as KeyValue[]) {
      if (part.disabled === true || !part.key) continue;
      if (part.type === 'file') {
        const src = Array.isArray(part.src) ? String(part.src[0] ?? '') : String(part.src ?? '');
        const name = src.replaceAll('\\', '/').split('/').pop() || part.key;
        multipart.files.push([part.key, { path: name }]);
        unconverted.push(
          `the file ${src || '(none chosen)'} of form part ${part.key}: put it in the assets folder as ${name}`,
        );
      } else {
        multipart.fields.push([part.key, text(String(part.value ?? ''))]);
      }
    }
    request.multipart = multipart;
    const at = request.headers.findIndex(([name]) => name.toLowerCase() === 'content-type');
    if (at >= 0) request.headers.splice(at, 1);
  } else if (body.mode === 'graphql' && body.graphql) {
    let variables: unknown;
    try {
      variables = body.graphql.variables ? JSON.parse(body.graphql.variables) : undefined;
    } catch {
      unconverted.push('GraphQL variables that are not JSON');
    }
    request.body = {
      kind: 'json',
      value: { query: body.graphql.query ?? '', ...(variables !== undefined ? { variables } : {}) },
    };
  } else if (body.mode === 'file') {
    unconverted.push('a file body (send it with `multipart.files`, or paste it as `body`)');
  }
}
