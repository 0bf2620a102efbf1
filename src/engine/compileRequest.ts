import {
  interpolate,
  interpolateDeep,
  setOwnKey,
  valueAsText,
  type ExpressionRuntime,
} from '../expressions/index.js';
import { applyQuery, resolveUrl, serializeBody, urlCredentials, type HttpRequest } from '../http/index.js';
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
  /** Ends the request when the run is interrupted (set on the compiled request, not on a copy of it). */
  signal?: AbortSignal;
}

type CompiledBody = {
  payload?: string | Uint8Array;
  recorded?: unknown;
  contentType?: string;
  forceContentType?: boolean;
};

/** `multipart`: its files are read from `assets.path`, so this one body form is asynchronous. */
async function compileMultipart(
  spec: RequestSpec & { multipart: NonNullable<RequestSpec['multipart']> },
  { scope, runtime, assets }: CompileInputs,
): Promise<CompiledBody> {
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

/**
 * The other body forms, which `validate` keeps mutually exclusive with `multipart`: `form` and `graphql`
 * (DECISIONS, Wave 2 "Language additions"), else `body` (with `transform`).
 */
function compileBody(
  spec: RequestSpec,
  headers: HttpRequest['headers'],
  { scope, runtime }: CompileInputs,
): CompiledBody {
  const text = (template: string): string => valueAsText(interpolate(template, scope, runtime));
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
 * Synchronous unless the request uploads files (`multipart`): a promise per request step was one more
 * turn of the event loop for every request (bench/README.md, issue 24).
 */
export function compileRequest(
  spec: RequestSpec,
  inputs: CompileInputs,
): CompiledRequest | Promise<CompiledRequest> {
  const { scope, runtime, environment } = inputs;
  const text = (template: string): string => valueAsText(interpolate(template, scope, runtime));
  const service = spec.service === undefined ? undefined : text(spec.service);
  const query = expandLists(spec.query).map(([key, value]): [string, string] => [key, text(value)]);
  const resolved = resolveUrl(text(spec.url), service, environment);
  const url = query.length === 0 ? resolved : applyQuery(resolved, query);
  // A list value sends one header line per item (DECISIONS, Wave 2 "Language additions").
  const headers: HttpRequest['headers'] = {};
  // The names runner itself may add to or change, found while the step's own are written.
  const named: HeaderNames = { userAgent: false, authorization: false };
  for (const key of Object.keys(spec.headers)) {
    const value = spec.headers[key]!;
    setOwnKey(headers, key, Array.isArray(value) ? value.map(text) : text(value as string));
    const lower = key.toLowerCase();
    if (lower === 'content-type') named.contentType ??= key;
    else if (lower === 'user-agent') named.userAgent = true;
    else if (lower === 'authorization') named.authorization = true;
  }
  if (spec.multipart) {
    const multipart = spec.multipart;
    return compileMultipart({ ...spec, multipart }, inputs).then((body) =>
      withBody(spec, inputs, url, headers, named, body),
    );
  }
  return withBody(spec, inputs, url, headers, named, compileBody(spec, headers, inputs));
}

/** Which of the headers runner fills in the step wrote itself (any case); the first `content-type` key. */
interface HeaderNames {
  contentType?: string;
  userAgent: boolean;
  authorization: boolean;
}

/** The request once its body is made: content type, user agent, URL credentials, and the record. */
function withBody(
  spec: RequestSpec,
  { environment, userAgent, signal }: CompileInputs,
  url: string,
  headers: HttpRequest['headers'],
  named: HeaderNames,
  body: CompiledBody,
): CompiledRequest {
  if (body.contentType !== undefined) {
    if (named.contentType === undefined) headers['content-type'] = body.contentType;
    else if (body.forceContentType) headers[named.contentType] = body.contentType;
  }
  if (!named.userAgent) headers['user-agent'] = userAgent;
  // DECISIONS.md, HTTP: `user:pass@` in a URL sends Basic auth, unless the step sets its own header.
  const credentials = urlCredentials(url);
  if (credentials.authorization !== undefined && !named.authorization)
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
      signal,
    },
    recorded: { method: spec.method, url, headers: recordedHeaders(headers), body: body.recorded },
    // The Basic token is a secret too: a server that echoes the header shows it, and it holds the password.
    secrets:
      credentials.password === undefined
        ? NO_SECRETS
        : [credentials.password, credentials.authorization!.slice('Basic '.length)],
  };
}

/** What a request without credentials in its URL adds to the run's secrets (read, never changed). */
const NO_SECRETS: string[] = [];

/**
 * Reports show one value per header name: several values joined with `, `, as HTTP folds them. An empty list
 * sends no line (`content-type: []`), so the report shows none.
 */
function recordedHeaders(headers: HttpRequest['headers']): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name]!;
    if (typeof value === 'string') setOwnKey(recorded, name, value);
    else if (value.length > 0) setOwnKey(recorded, name, value.join(', '));
  }
  return recorded;
}
