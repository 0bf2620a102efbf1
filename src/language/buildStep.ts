/**
 * A checked step map to the typed Step of model.ts: durations in ms and the defaults of SPEC (retry attempts
 * 1 / interval 500 ms / constant; import header_row 1 / data_start_row 2; export sheet `Sheet1`; for_each
 * `as` = `item`). Runs only on trees that passed the shape check, so it reads values without re-checking.
 */
import { parseDuration } from './duration.js';
import type {
  Backoff,
  CacheCommand,
  CollectSpec,
  Expectation,
  ExportSpec,
  GraphqlSpec,
  GrpcSpec,
  HttpMethod,
  ImportSpec,
  Multipart,
  MultipartFile,
  RequestSpec,
  RetrySpec,
  SaveRule,
  SseSpec,
  Step,
  SubscriptionSpec,
  TextOrList,
  Transform,
  WebSocketSpec,
} from './model.js';
import { stepKind, stepMaps } from './stepTree.js';
import { buildAuth } from './authSpec.js';
import {
  entryOf,
  stringOf,
  toPlain,
  valueOf,
  type YamlEntry,
  type YamlMap,
  type YamlNode,
} from './yamlTree.js';

export interface StepBuildOptions {
  /** Absolute path of a `use` target, when the loader can resolve it. */
  resolveUse?: (target: string) => string | undefined;
}

/** A scalar as text: numbers and booleans accepted by `acceptScalars` shapes become their text. */
function text(node: YamlNode | undefined): string | undefined {
  return node?.kind === 'scalar' && node.value !== null ? String(node.value) : undefined;
}

function textOr(node: YamlNode | undefined, fallback: string): string {
  return text(node) ?? fallback;
}

function integerOr(node: YamlNode | undefined, fallback: number): number {
  return node?.kind === 'scalar' && typeof node.value === 'number' ? node.value : fallback;
}

function durationMs(node: YamlNode | undefined): number | undefined {
  if (node?.kind !== 'scalar') return undefined;
  if (typeof node.value === 'number') return node.value;
  return typeof node.value === 'string' ? parseDuration(node.value) : undefined;
}

function textMap(node: YamlNode | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (node?.kind !== 'map') return out;
  for (const entry of node.entries) out[entry.key.value] = textOr(entry.value, '');
  return out;
}

/** Header and query maps: a list value stays a list of texts (`tag: [a, b]`). */
function textOrListMap(node: YamlNode | undefined): Record<string, TextOrList> {
  const out: Record<string, TextOrList> = {};
  if (node?.kind !== 'map') return out;
  for (const entry of node.entries) {
    out[entry.key.value] =
      entry.value.kind === 'seq'
        ? entry.value.items.map((item) => textOr(item, ''))
        : textOr(entry.value, '');
  }
  return out;
}

function listOf<T>(node: YamlNode | undefined, build: (item: YamlMap) => T): T[] {
  return node?.kind === 'seq'
    ? node.items.filter((item): item is YamlMap => item.kind === 'map').map(build)
    : [];
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Partial<Record<K, V>>);
}

export function buildSteps(list: YamlNode | undefined, options: StepBuildOptions): Step[] {
  return stepMaps(list).flatMap((step) => {
    const built = buildStep(step, options);
    return built ? [built] : [];
  });
}

function buildStep(step: YamlMap, options: StepBuildOptions): Step | undefined {
  const kind = stepKind(step);
  if (!kind) return undefined;
  const base = {
    ...optional('name', text(valueOf(step, 'name'))),
    ...optional('if', text(valueOf(step, 'if'))),
    expect: expectations(valueOf(step, 'expect')),
    ...(valueOf(step, 'expect')?.kind === 'seq' ? { expectInOrder: true } : {}),
    save: saveRules(valueOf(step, 'save')),
    ...optional('retry', retry(valueOf(step, 'retry'))),
    ...optional('timingMaxMs', durationMs(valueOf(valueOf(step, 'timing'), 'max'))),
    ...optional('delayMs', durationMs(valueOf(step, 'delay'))),
    loc: step.loc,
  };
  const spec = valueOf(step, kind);
  switch (kind) {
    case 'request':
      return { ...base, kind, request: withAuth(request(spec), entryOf(step, 'auth')) };
    case 'cache':
      return {
        ...base,
        kind,
        cache: {
          connection: textOr(valueOf(spec, 'connection'), ''),
          command: textOr(valueOf(spec, 'command'), 'get') as CacheCommand,
          key: textOr(valueOf(spec, 'key'), ''),
        },
      };
    case 'websocket':
      return { ...base, kind, websocket: websocketSpec(spec) };
    case 'sse':
      return { ...base, kind, sse: sseSpec(spec) };
    case 'subscription':
      return { ...base, kind, subscription: subscriptionSpec(spec) };
    case 'grpc':
      return { ...base, kind, grpc: grpcSpec(spec) };
    case 'use': {
      const target = textOr(spec, '');
      return {
        ...base,
        kind,
        use: target,
        with: textMap(valueOf(step, 'with')),
        ...optional('usePath', options.resolveUse?.(target)),
      };
    }
    case 'set':
      return { ...base, kind, set: textMap(spec) };
    case 'export':
      return { ...base, kind, export: exportSpec(spec) };
    case 'import':
      return { ...base, kind, import: importSpec(spec) };
    case 'repeat':
      return {
        ...base,
        kind,
        repeat: {
          attempts: integerOr(valueOf(spec, 'attempts'), 1),
          until: textOr(valueOf(spec, 'until'), 'false'),
          steps: buildSteps(valueOf(spec, 'steps'), options),
        },
      };
    case 'for_each':
      return {
        ...base,
        kind,
        forEach: {
          from: textOr(valueOf(spec, 'from'), ''),
          as: textOr(valueOf(spec, 'as'), 'item'),
          steps: buildSteps(valueOf(spec, 'steps'), options),
        },
      };
  }
}

/** `count`, `until` and `timeout` of a stream step (DECISIONS, Stream collection). */
function collectSpec(node: YamlNode | undefined): CollectSpec {
  const count = valueOf(node, 'count');
  return {
    ...optional('count', count === undefined ? undefined : integerOr(count, 1)),
    ...optional('until', text(valueOf(node, 'until'))),
    ...optional('timeoutMs', durationMs(valueOf(node, 'timeout'))),
  };
}

function websocketSpec(node: YamlNode | undefined): WebSocketSpec {
  const send = valueOf(node, 'send');
  const subprotocols = valueOf(node, 'subprotocols');
  return {
    url: textOr(valueOf(node, 'url'), ''),
    headers: textMap(valueOf(node, 'headers')),
    subprotocols: subprotocols?.kind === 'seq' ? subprotocols.items.map((item) => textOr(item, '')) : [],
    send: send?.kind === 'seq' ? send.items.map((item) => toPlain(item)) : [],
    receive: collectSpec(valueOf(node, 'receive')),
  };
}

function sseSpec(node: YamlNode | undefined): SseSpec {
  return {
    url: textOr(valueOf(node, 'url'), ''),
    headers: textMap(valueOf(node, 'headers')),
    ...collectSpec(node),
    ...optional('lastEventId', text(valueOf(node, 'lastEventId'))),
  };
}

function subscriptionSpec(node: YamlNode | undefined): SubscriptionSpec {
  const variables = valueOf(node, 'variables');
  const connectionParams = valueOf(node, 'connectionParams');
  return {
    url: textOr(valueOf(node, 'url'), ''),
    headers: textMap(valueOf(node, 'headers')),
    query: textOr(valueOf(node, 'query'), ''),
    ...(variables ? { variables: toPlain(variables) } : {}),
    ...optional('operationName', text(valueOf(node, 'operationName'))),
    ...(connectionParams ? { connectionParams: toPlain(connectionParams) } : {}),
    ...collectSpec(node),
  };
}

function grpcSpec(node: YamlNode | undefined): GrpcSpec {
  const proto = valueOf(node, 'proto');
  const message = valueOf(node, 'message');
  return {
    url: textOr(valueOf(node, 'url'), ''),
    service: textOr(valueOf(node, 'service'), ''),
    method: textOr(valueOf(node, 'method'), ''),
    ...optional('message', message === undefined ? undefined : toPlain(message)),
    metadata: textMap(valueOf(node, 'metadata')),
    proto:
      proto?.kind === 'seq'
        ? proto.items.map((item) => textOr(item, ''))
        : [text(proto)].flatMap((file) => file ?? []),
    ...collectSpec(node),
  };
}

/** The entries of `expect` as a map, or of every one-key map of `expect` as a list, in the order written. */
export function expectationEntries(node: YamlNode | undefined): YamlEntry[] {
  if (node?.kind === 'map') return node.entries;
  if (node?.kind !== 'seq') return [];
  return node.items.flatMap((item) => (item.kind === 'map' ? item.entries : []));
}

function expectations(node: YamlNode | undefined): Expectation[] {
  return expectationEntries(node).map((entry) => ({
    path: entry.key.value,
    expected: toPlain(entry.value),
    loc: entry.key.loc,
  }));
}

function saveRules(node: YamlNode | undefined): SaveRule[] {
  if (node?.kind !== 'map') return [];
  return node.entries.map((entry) => ({
    variable: entry.key.value,
    source: textOr(entry.value, ''),
    loc: entry.key.loc,
  }));
}

function retry(node: YamlNode | undefined): RetrySpec | undefined {
  if (node?.kind !== 'map') return undefined;
  const onStatus = valueOf(node, 'onStatus');
  return {
    attempts: integerOr(valueOf(node, 'attempts'), 1),
    intervalMs: durationMs(valueOf(node, 'interval')) ?? 500,
    backoff: textOr(valueOf(node, 'backoff'), 'constant') as Backoff,
    ...optional('maxDurationMs', durationMs(valueOf(node, 'maxDuration'))),
    ...optional(
      'onStatus',
      onStatus?.kind === 'seq' ? onStatus.items.map((item) => integerOr(item, 0)) : undefined,
    ),
  };
}

function withAuth(spec: RequestSpec, entry: YamlEntry | undefined): RequestSpec {
  const auth = entry === undefined ? undefined : buildAuth(toPlain(entry.value), entry.key.loc);
  return auth === undefined ? spec : { ...spec, auth };
}

function request(node: YamlNode | undefined): RequestSpec {
  const body = node?.kind === 'map' ? node.entries.find((entry) => entry.key.value === 'body') : undefined;
  return {
    method: textOr(valueOf(node, 'method'), 'GET') as HttpMethod,
    url: textOr(valueOf(node, 'url'), ''),
    ...optional('service', stringOf(valueOf(node, 'service'))),
    headers: textOrListMap(valueOf(node, 'headers')),
    query: textOrListMap(valueOf(node, 'query')),
    ...(body ? { body: toPlain(body.value) } : {}),
    hasBody: body !== undefined,
    ...optional('transform', transform(valueOf(node, 'transform'))),
    ...optional('multipart', multipart(valueOf(node, 'multipart'))),
    ...optional('form', form(valueOf(node, 'form'))),
    ...optional('graphql', graphql(valueOf(node, 'graphql'))),
    ...optional('timeoutMs', durationMs(valueOf(node, 'timeout'))),
  };
}

function form(node: YamlNode | undefined): [string, string][] | undefined {
  if (node?.kind !== 'map') return undefined;
  return node.entries.map((entry) => [entry.key.value, textOr(entry.value, '')]);
}

function graphql(node: YamlNode | undefined): GraphqlSpec | undefined {
  if (node?.kind !== 'map') return undefined;
  const variables = valueOf(node, 'variables');
  return {
    query: textOr(valueOf(node, 'query'), ''),
    ...(variables ? { variables: toPlain(variables) } : {}),
    ...optional('operationName', text(valueOf(node, 'operationName'))),
  };
}

function transform(node: YamlNode | undefined): Transform | undefined {
  if (node?.kind !== 'map') return undefined;
  const map = valueOf(node, 'map');
  return {
    from: textOr(valueOf(node, 'from'), ''),
    ...optional('filter', text(valueOf(node, 'filter'))),
    ...optional('slice', text(valueOf(node, 'slice'))),
    ...(map ? { map: toPlain(map) } : {}),
    ...optional('into', text(valueOf(node, 'into'))),
  };
}

function multipart(node: YamlNode | undefined): Multipart | undefined {
  if (node?.kind !== 'map') return undefined;
  const files: Record<string, MultipartFile> = {};
  const filesNode = valueOf(node, 'files');
  if (filesNode?.kind === 'map') {
    for (const entry of filesNode.entries) {
      const value = entry.value;
      files[entry.key.value] =
        value.kind === 'map'
          ? {
              path: textOr(valueOf(value, 'path'), ''),
              ...optional('filename', text(valueOf(value, 'filename'))),
              ...optional('contentType', text(valueOf(value, 'contentType'))),
            }
          : { path: textOr(value, '') };
    }
  }
  const keys = node.entries.map((entry) => entry.key.value);
  const filesFirst = keys.includes('files') && keys.indexOf('files') < keys.indexOf('fields');
  return { fields: textMap(valueOf(node, 'fields')), files, ...(filesFirst ? { filesFirst } : {}) };
}

function exportSpec(node: YamlNode | undefined): ExportSpec {
  return {
    file: textOr(valueOf(node, 'file'), ''),
    from: textOr(valueOf(node, 'from'), ''),
    sheet: textOr(valueOf(node, 'sheet'), 'Sheet1'),
    columns: listOf(valueOf(node, 'columns'), (column) => ({
      header: textOr(valueOf(column, 'header'), ''),
      value: textOr(valueOf(column, 'value'), ''),
    })),
  };
}

function importSpec(node: YamlNode | undefined): ImportSpec {
  const columns = valueOf(node, 'columns');
  return {
    file: textOr(valueOf(node, 'file'), ''),
    as: textOr(valueOf(node, 'as'), ''),
    ...optional('sheet', text(valueOf(node, 'sheet'))),
    headerRow: integerOr(valueOf(node, 'header_row'), 1),
    dataStartRow: integerOr(valueOf(node, 'data_start_row'), 2),
    ...(columns
      ? {
          columns: listOf(columns, (column) => ({
            header: textOr(valueOf(column, 'header'), ''),
            as: textOr(valueOf(column, 'as'), ''),
          })),
        }
      : {}),
  };
}
