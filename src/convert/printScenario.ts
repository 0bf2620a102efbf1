/**
 * The converted request as scenario YAML: the `init` modeline (DECISIONS, `runner schema`), notes on
 * what curl options mean for runner, where to put the secrets, and one request step. Literal text is
 * escaped for the template language; Template values (secrets) are written as they are.
 */
import { Document, isMap, isScalar, type Pair } from 'yaml';
import { SCHEMA_MODELINE } from '../workspace/scaffold/exampleScenarios.js';
import {
  Template,
  type DraftAuth,
  type DraftBody,
  type DraftFile,
  type DraftGrpc,
  type DraftRequest,
  type DraftText,
  type DraftUse,
  type DraftWebSocket,
} from './draftRequest.js';
import { SECRET_ACCOUNT, type SecretSlot } from './secretNames.js';
import { shellVariablesAsReferences } from './shellVariables.js';
import { escapeTemplate } from './templateText.js';

const SECRET_COMMENT = ' secret: see the note at the top';

export interface PrintInput {
  /** One step each, in order: a request, a websocket or grpc step, or a `use` of another scenario file. */
  requests: readonly DraftStepInput[];
  comments: readonly string[];
  secrets: readonly SecretSlot[];
  /** Where the user keeps credentials, such as `.runner/credentials/local.yaml`. */
  credentialsFile: string;
  /** The scenario's name; default `<METHOD> <host and path>`. */
  scenario?: string;
  /** The first comment line after the modeline: where the scenario came from. Default: a cURL command. */
  origin?: string;
  /** The step's `expect`, in order (an importer that knows the answer writes checks for it). */
  expect?: Record<string, unknown>;
}

type DraftStepInput = DraftRequest | DraftUse | DraftWebSocket | DraftGrpc;

/**
 * `GET api.example.test/users`, `websocket localhost:8080/chat`, `greet.Greeter/SayHello`: what the first
 * step reaches.
 */
function scenarioName(first: Exclude<DraftStepInput, DraftUse> | undefined): string {
  if (first === undefined) return 'converted';
  if (isGrpc(first)) return `${first.grpc.service}/${first.grpc.method}`;
  const [what, url] = isRequest(first) ? [first.method, first.url] : ['websocket', first.websocket.url];
  return `${what} ${shellVariablesAsReferences(url)
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\?.*$/, '')}`;
}

export function printScenario(input: PrintInput): string {
  const fallback = scenarioName(
    input.requests.find((step): step is Exclude<DraftStepInput, DraftUse> => !isUse(step)),
  );
  const many = input.requests.length > 1;
  const checks =
    input.expect !== undefined && Object.keys(input.expect).length > 0 ? input.expect : undefined;
  const doc = new Document({
    scenario: input.scenario ?? (many ? `${fallback} and ${input.requests.length - 1} more` : fallback),
    steps: input.requests.map((request, index) =>
      isUse(request)
        ? useYaml(request)
        : isGrpc(request)
          ? grpcYaml(request)
          : isRequest(request)
            ? stepYaml(request, index === 0 ? checks : undefined)
            : websocketYaml(request),
    ),
  });
  doc.commentBefore = headerComment(input);
  input.requests.forEach((request, index) => {
    if (isUse(request)) return;
    if (isGrpc(request)) {
      markSecrets(doc, ['steps', index, 'grpc', 'metadata'], request.grpc.metadata);
      return;
    }
    if (!isRequest(request)) {
      markSecrets(doc, ['steps', index, 'websocket', 'headers'], request.websocket.headers);
      markSecretUrl(doc, ['steps', index, 'websocket', 'url'], request.websocket.urlTemplate);
      return;
    }
    const requestPath = ['steps', index, 'request'];
    markSecrets(doc, [...requestPath, 'headers'], request.headers);
    markSecrets(doc, [...requestPath, 'query'], request.query);
    if (request.body?.kind === 'form') markSecrets(doc, [...requestPath, 'form'], request.body.value);
    if (request.auth) {
      const { scheme, ...values } = request.auth;
      if (scheme === 'bearer') markSecrets(doc, ['steps', index, 'auth'], [['bearer', request.auth.token]]);
      else
        markSecrets(
          doc,
          ['steps', index, 'auth', scheme],
          Object.entries(values).filter((entry): entry is [string, DraftText] => entry[1] !== undefined),
        );
    }
    markSecretUrl(doc, [...requestPath, 'url'], request.urlTemplate);
    const step = doc.getIn(['steps', index], true);
    const comments = request.step?.comments ?? [];
    if (comments.length > 0 && isMap(step))
      step.commentBefore = comments.map((line) => ` ${line}`).join('\n');
  });
  return doc.toString({ lineWidth: 0 });
}

function isUse(step: DraftStepInput): step is DraftUse {
  return 'use' in step;
}

function isRequest(step: DraftStepInput): step is DraftRequest {
  return 'method' in step;
}

function isGrpc(step: DraftStepInput): step is DraftGrpc {
  return 'grpc' in step;
}

/** `grpc: { url, service, method, proto, metadata, message, timeout }`, each only when there is one. */
function grpcYaml({ grpc }: DraftGrpc): Record<string, unknown> {
  const proto = grpc.proto.map(escapeTemplate);
  return {
    grpc: {
      url: escapeTemplate(grpc.url),
      service: grpc.service,
      method: grpc.method,
      ...(proto.length === 0 ? {} : { proto: proto.length === 1 ? proto[0] : proto }),
      ...(grpc.metadata.length === 0 ? {} : { metadata: textMap(grpc.metadata) }),
      ...(grpc.message === undefined ? {} : { message: templateValue(grpc.message) }),
      ...(grpc.timeout === undefined ? {} : { timeout: grpc.timeout }),
    },
  };
}

/** `websocket: { url, headers, subprotocols, send, receive }`, each only when there is something to say. */
function websocketYaml({ websocket }: DraftWebSocket): Record<string, unknown> {
  return {
    websocket: {
      url: websocket.urlTemplate ? websocket.urlTemplate.text : escapeTemplate(websocket.url),
      ...(websocket.headers.length > 0 ? { headers: textMap(websocket.headers) } : {}),
      ...(websocket.subprotocols.length > 0 ? { subprotocols: websocket.subprotocols } : {}),
      ...(websocket.send.length > 0 ? { send: websocket.send.map(escapeTemplate) } : {}),
      ...(websocket.count !== undefined ? { receive: { count: websocket.count } } : {}),
    },
  };
}

function useYaml(step: DraftUse): Record<string, unknown> {
  return { ...(step.name !== undefined ? { name: step.name } : {}), use: step.use };
}

/** `checks`: the `expect` an importer gives for the only step (PrintInput.expect). */
function stepYaml(request: DraftRequest, checks?: Record<string, unknown>): Record<string, unknown> {
  const { step } = request;
  const expect = { ...checks, ...Object.fromEntries(step?.expect ?? []) };
  return {
    ...(step?.name !== undefined ? { name: step.name } : {}),
    request: requestYaml(request),
    ...(request.auth ? { auth: authYaml(request.auth) } : {}),
    ...(Object.keys(expect).length > 0 ? { expect } : {}),
    ...(step?.save && step.save.length > 0 ? { save: Object.fromEntries(step.save) } : {}),
  };
}

/** `auth: { basic: { username, password } }`, `auth: { bearer: ... }`: values written as templates. */
function authYaml(auth: DraftAuth): Record<string, unknown> {
  const { scheme, ...values } = auth;
  if (auth.scheme === 'bearer') return { bearer: templateText(auth.token) };
  return {
    [scheme]: Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, templateText(value as DraftText)]),
    ),
  };
}

function requestYaml(request: DraftRequest): Record<string, unknown> {
  const out: Record<string, unknown> = { method: request.method };
  if (request.service !== undefined) out.service = request.service;
  out.url = request.urlTemplate ? request.urlTemplate.text : escapeTemplate(request.url);
  if (request.query.length > 0) out.query = textMap(request.query);
  const suppressed = (request.suppressedHeaders ?? []).map((name): [string, string[]] => [name, []]);
  if (request.headers.length + suppressed.length > 0) {
    out.headers = { ...textMap(request.headers), ...Object.fromEntries(suppressed) };
  }
  if (request.body?.kind === 'form') out.form = textMap(request.body.value);
  else if (request.body?.kind === 'graphql') out.graphql = templateValue(request.body.value);
  else if (request.body) out.body = bodyYaml(request.body);
  if (request.multipart) {
    const { fields, files, filesFirst } = request.multipart;
    const fieldsYaml = fields.length > 0 ? { fields: textMap(fields) } : {};
    const filesYaml =
      files.length > 0
        ? { files: Object.fromEntries(files.map(([name, file]) => [name, fileYaml(file)])) }
        : {};
    // Parts are sent in the order written: `files` before `fields` sends the files first.
    out.multipart = filesFirst ? { ...filesYaml, ...fieldsYaml } : { ...fieldsYaml, ...filesYaml };
  }
  if (request.timeout !== undefined) out.timeout = request.timeout;
  return out;
}

/**
 * Keys of `headers`, `query`, `form` and `multipart.fields` are not interpolated; only the values are escaped.
 * A name given more than once becomes a list, sent once per value in order (docs/language.md).
 */
function textMap(entries: readonly [string, DraftText][]): Record<string, string | string[]> {
  const map: Record<string, string | string[]> = {};
  for (const [key, value] of entries) {
    const text = templateText(value);
    const existing = map[key];
    map[key] = existing === undefined ? text : [...[existing].flat(), text];
  }
  return map;
}

function templateText(value: DraftText): string {
  return value instanceof Template ? value.text : escapeTemplate(value);
}

function bodyYaml(body: Exclude<DraftBody, { kind: 'form' | 'graphql' }>): unknown {
  return body.kind === 'text' ? templateText(body.value) : templateValue(body.value);
}

/** Body maps interpolate their keys too (src/expressions/template.ts, interpolateDeep). */
function templateValue(value: unknown): unknown {
  if (value instanceof Template) return value.text;
  if (typeof value === 'string') return escapeTemplate(value);
  if (Array.isArray(value)) return value.map(templateValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [escapeTemplate(key), templateValue(item)]),
    );
  }
  return value;
}

/** A bare path when that is all there is; `filename` and `contentType` are plain text, not templates. */
function fileYaml(file: DraftFile): unknown {
  const path = escapeTemplate(file.path);
  if (file.filename === undefined && file.contentType === undefined) return path;
  return {
    path,
    ...(file.filename !== undefined ? { filename: file.filename } : {}),
    ...(file.contentType !== undefined ? { contentType: file.contentType } : {}),
  };
}

function headerComment(input: PrintInput): string {
  const lines = [
    SCHEMA_MODELINE.replace(/^#/, ''),
    input.origin ??
      ' Converted from a cURL command by `runner convert`. Add checks under `expect:`, such as `status: 200`.',
  ];
  if (input.comments.length > 0) {
    lines.push('', ' Notes:', ...input.comments.map((comment) => ` - ${comment}`));
  }
  if (input.secrets.length > 0) {
    lines.push(
      '',
      ' Secrets were replaced by variables; their values are not written here. Put them in',
      ` ${input.credentialsFile} (runner masks them in all output):`,
      `   ${SECRET_ACCOUNT}:`,
      ...input.secrets.map((slot) => `     ${slot.field}: ""   # ${slot.what}`),
    );
  }
  return lines.join('\n');
}

function markSecretUrl(doc: Document, path: (string | number)[], template: Template | undefined): void {
  const url = doc.getIn(path, true);
  if (template?.secret === true && isScalar(url)) url.comment = SECRET_COMMENT;
}

/** A trailing comment on every map entry whose value is a secret's variable. */
function markSecrets(
  doc: Document,
  path: (string | number)[],
  entries: readonly [string, DraftText][],
): void {
  const secretKeys = new Set(
    entries.filter(([, value]) => value instanceof Template && value.secret).map(([key]) => key),
  );
  if (secretKeys.size === 0) return;
  const map = doc.getIn(path, true);
  if (!isMap(map)) return;
  for (const pair of map.items as Pair[]) {
    if (isScalar(pair.key) && secretKeys.has(String(pair.key.value)) && isScalar(pair.value)) {
      pair.value.comment = SECRET_COMMENT;
    }
  }
}
