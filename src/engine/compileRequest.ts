import { interpolate, interpolateDeep, valueAsText, type ExpressionRuntime } from '../expressions/index.js';
import {
  applyQuery,
  findHeader,
  resolveUrl,
  serializeBody,
  urlCredentials,
  type HttpRequest,
} from '../http/index.js';
import { encodeForm, expandLists, FORM_CONTENT_TYPE, graphqlPayload } from '../language/index.js';
import type { RequestSpec } from '../language/model.js';
import type { AssetReader } from '../workspace/assets.js';
import { buildMultipart, serializeMultipart } from './multipart.js';
import type { RecordedRequest } from './results.js';
import type { TargetEnvironment } from './services.js';
import { applyTransform } from './transform.js';
import type { VariableStore } from './variables.js';

export interface CompiledRequest {
  http: HttpRequest;
  recorded: RecordedRequest;
  /** Values that became secrets while compiling (a URL's password): the caller adds them to the run's. */
  secrets: string[];
}

export interface CompileInputs {
  scope: VariableStore;
  runtime: ExpressionRuntime;
  environment: TargetEnvironment;
  userAgent: string;
  /** Files for `multipart.files`, confined to `assets.path`. */
  assets?: AssetReader;
}

type CompiledBody = {
  payload?: string | Uint8Array;
  recorded?: unknown;
  contentType?: string;
  forceContentType?: boolean;
};

/**
 * The four body forms, which `validate` keeps mutually exclusive: `multipart`, `form` and `graphql`
 * (DECISIONS, Wave 2 "Language additions"), else `body` (with `transform`).
 */
async function compileBody(
  spec: RequestSpec,
  headers: HttpRequest['headers'],
  { scope, runtime, assets }: CompileInputs,
): Promise<CompiledBody> {
  const text = (template: string): string => valueAsText(interpolate(template, scope, runtime));
  if (spec.multipart) {
    if (!assets) throw new Error('multipart uploads need an assets directory (assets.path)');
    const built = await buildMultipart(spec.multipart, scope, runtime, assets);
    const serialized = await serializeMultipart(built.form);
    // The boundary in the content type must be the one in the body, so ours always wins.
    return {
      payload: serialized.body,
      recorded: built.recorded,
      contentType: serialized.contentType,
      forceContentType: true,
    };
  }
  if (spec.form) {
    const encoded = encodeForm(spec.form.map(([name, value]) => [name, text(value)]));
    // The report keeps the text as sent, so its cURL command sends the same bytes.
    return { payload: encoded, recorded: encoded, contentType: FORM_CONTENT_TYPE };
  }
  let value: unknown;
  if (spec.graphql) {
    const { query, variables, operationName } = spec.graphql;
    value = graphqlPayload(
      text(query),
      variables === undefined ? undefined : interpolateDeep(variables, scope, runtime),
      operationName === undefined ? undefined : text(operationName),
    );
  } else {
    value = spec.hasBody ? interpolateDeep(spec.body, scope, runtime) : undefined;
    if (spec.transform) value = applyTransform(spec.transform, value, scope, runtime);
  }
  const serialized = serializeBody(value, headers);
  return { payload: serialized.body, recorded: value, contentType: serialized.contentType };
}

/**
 * SPEC phase 3: interpolate URL, headers, query and body against the current variables (fresh generator
 * values each time), apply `transform`, build `multipart`, resolve the URL and serialise the body.
 */
export async function compileRequest(spec: RequestSpec, inputs: CompileInputs): Promise<CompiledRequest> {
  const { scope, runtime, environment, userAgent } = inputs;
  const text = (template: string): string => valueAsText(interpolate(template, scope, runtime));
  const service = spec.service === undefined ? undefined : text(spec.service);
  const query = expandLists(spec.query).map(([key, value]): [string, string] => [key, text(value)]);
  const url = applyQuery(resolveUrl(text(spec.url), service, environment), query);
  // A list value sends one header line per item (DECISIONS, Wave 2 "Language additions").
  const headers: HttpRequest['headers'] = Object.fromEntries(
    Object.entries(spec.headers).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(text) : text(value),
    ]),
  );

  const body = await compileBody(spec, headers, inputs);
  if (body.contentType !== undefined) {
    const existing = Object.keys(headers).find((key) => key.toLowerCase() === 'content-type');
    if (existing === undefined) headers['content-type'] = body.contentType;
    else if (body.forceContentType) headers[existing] = body.contentType;
  }
  if (findHeader(headers, 'user-agent') === undefined) headers['user-agent'] = userAgent;
  // DECISIONS.md, HTTP: `user:pass@` in a URL sends Basic auth, unless the step sets its own header.
  const credentials = urlCredentials(url);
  if (credentials.authorization !== undefined && findHeader(headers, 'authorization') === undefined)
    headers.authorization = credentials.authorization;

  const timeoutMs = spec.timeoutMs ?? environment.timeoutMs;
  return {
    http: {
      method: spec.method,
      url,
      headers,
      body: body.payload,
      timeoutMs,
      maxResponseBytes: environment.maxResponseBytes,
    },
    recorded: { method: spec.method, url, headers: recordedHeaders(headers), body: body.recorded },
    // The Basic token is a secret too: a server that echoes the header shows it, and it holds the password.
    secrets:
      credentials.password === undefined
        ? []
        : [credentials.password, credentials.authorization!.slice('Basic '.length)],
  };
}

/**
 * Reports show one value per header name: several values joined with `, `, as HTTP folds them. An empty list
 * sends no line (`content-type: []`), so the report shows none.
 */
function recordedHeaders(headers: HttpRequest['headers']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([, value]) => typeof value === 'string' || value.length > 0)
      .map(([name, value]) => [name, typeof value === 'string' ? value : value.join(', ')]),
  );
}
