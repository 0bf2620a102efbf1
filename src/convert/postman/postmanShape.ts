/**
 * A collection file is untrusted JSON, and real exports bend the format: Newman's own test collections write
 * a single `event` object instead of a list, a request as a bare URL string, `name` beside `info` instead of
 * inside it, a path segment as `{ value }`, a header list as one `Key: value` text. Postman's runtime accepts
 * all of these, so the importer does too: this module turns whatever the file holds into the shape the
 * importer reads (lists are lists, text is text), and drops what has no meaning, so no later step can meet a
 * value of the wrong kind.
 */
import type {
  KeyValue,
  PostmanAuth,
  PostmanCollection,
  PostmanEnvironment,
  PostmanEvent,
  PostmanItem,
  PostmanRequest,
} from './postmanTypes.js';

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A list as written; a lone object as a list of one (Postman's property lists accept both). */
function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return record(value) ? [value] : [];
}

/** Text, with numbers and booleans written out; anything else is absent. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return undefined;
}

/** A value as Postman would send it: text as is, other JSON as JSON text, nothing for null. */
function valueText(value: unknown): string | undefined {
  const plain = text(value);
  if (plain !== undefined || value === null || value === undefined) return plain;
  return JSON.stringify(value);
}

function keyValue(value: unknown): KeyValue | undefined {
  const entry = record(value);
  if (!entry) return undefined;
  const out: KeyValue = {};
  const key = text(entry.key);
  if (key !== undefined) out.key = key;
  const written = valueText(entry.value);
  if (written !== undefined) out.value = written;
  if (entry.disabled === true) out.disabled = true;
  if (entry.enabled === false) out.disabled = true;
  const type = text(entry.type);
  if (type !== undefined) out.type = type;
  if (entry.src !== undefined) out.src = Array.isArray(entry.src) ? entry.src.map(text) : text(entry.src);
  return out;
}

function keyValues(value: unknown): KeyValue[] {
  return list(value).flatMap((entry) => keyValue(entry) ?? []);
}

/** v2 allows the headers as one text, a `Key: value` per line. */
function headers(value: unknown): KeyValue[] {
  if (typeof value !== 'string') return keyValues(value);
  return value.split(/\r?\n/).flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [{ key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() }] : [];
  });
}

function auth(value: unknown): PostmanAuth | undefined {
  const written = record(value);
  const type = text(written?.type);
  if (!written || type === undefined) return undefined;
  const values = written[type];
  // v2.1 writes `[{ key, value }]`, v2.0 an object of values.
  const entries = Array.isArray(values)
    ? keyValues(values)
    : Object.entries(record(values) ?? {}).map(([key, entry]) => ({ key, value: valueText(entry) ?? '' }));
  return { type, [type]: entries } as PostmanAuth;
}

function script(value: unknown): { exec: string[] } {
  if (typeof value === 'string') return { exec: [value] };
  if (Array.isArray(value)) return { exec: value.flatMap((line) => text(line) ?? []) };
  const exec = record(value)?.exec;
  return { exec: typeof exec === 'string' ? [exec] : list(exec).flatMap((line) => text(line) ?? []) };
}

function events(value: unknown): PostmanEvent[] {
  return list(value).flatMap((entry) => {
    const event = record(entry);
    if (!event) return [];
    const listen = text(event.listen);
    return [{ ...(listen !== undefined ? { listen } : {}), script: script(event.script) } as PostmanEvent];
  });
}

/** A path segment is text, or `{ type, value }` in v2.1. */
function segment(value: unknown): string {
  return text(value) ?? text(record(value)?.value) ?? '';
}

function url(value: unknown): PostmanRequest['url'] {
  const written = record(value);
  if (!written) return text(value) ?? '';
  const out: Json = {};
  const raw = text(written.raw);
  if (raw !== undefined) out.raw = raw;
  const protocol = text(written.protocol);
  if (protocol !== undefined) out.protocol = protocol;
  if (written.host !== undefined) {
    out.host = Array.isArray(written.host) ? written.host.map(segment) : segment(written.host);
  }
  const port = text(written.port);
  if (port !== undefined) out.port = port;
  if (written.path !== undefined) {
    out.path = Array.isArray(written.path) ? written.path.map(segment) : segment(written.path);
  }
  if (typeof written.query === 'string') out.query = written.query;
  else if (written.query !== undefined) out.query = keyValues(written.query);
  out.variable = keyValues(written.variable);
  return out as PostmanRequest['url'];
}

function body(value: unknown): PostmanRequest['body'] | undefined {
  const written = record(value);
  if (!written) return undefined;
  const out: Json = {};
  const mode = text(written.mode);
  if (mode !== undefined) out.mode = mode;
  if (written.disabled === true) out.disabled = true;
  const raw = valueText(written.raw);
  if (raw !== undefined) out.raw = raw;
  out.urlencoded = keyValues(written.urlencoded);
  out.formdata = keyValues(written.formdata);
  const graphql = record(written.graphql);
  if (graphql) {
    const query = valueText(graphql.query);
    const variables = valueText(graphql.variables);
    out.graphql = {
      ...(query !== undefined ? { query } : {}),
      ...(variables !== undefined ? { variables } : {}),
    };
  }
  const language = text(record(record(written.options)?.raw)?.language);
  if (language !== undefined) out.options = { raw: { language } };
  return out as unknown as PostmanRequest['body'];
}

function request(value: unknown): PostmanRequest | string | undefined {
  if (typeof value === 'string') return value;
  const written = record(value);
  if (!written) return undefined;
  const out: PostmanRequest = { url: url(written.url) };
  const method = text(written.method);
  if (method !== undefined) out.method = method;
  out.header = headers(written.header) as PostmanRequest['header'];
  const sent = body(written.body);
  if (sent !== undefined) out.body = sent;
  const requestAuth = auth(written.auth);
  if (requestAuth !== undefined) out.auth = requestAuth;
  return out;
}

function item(value: unknown, depth: number): PostmanItem | undefined {
  const written = record(value);
  if (!written) return undefined;
  const out: PostmanItem = { event: events(written.event) };
  const name = text(written.name);
  if (name !== undefined) out.name = name;
  const itemAuth = auth(written.auth);
  if (itemAuth !== undefined) out.auth = itemAuth;
  if (written.item !== undefined) {
    out.item = items(written.item, depth + 1);
  } else {
    const sent = request(written.request);
    if (sent !== undefined) out.request = sent;
  }
  return out;
}

/**
 * Folders nest as deep as the file does, up to a depth no real collection reaches: a hostile file of
 * thousands of levels must not exhaust the stack.
 */
const MAX_DEPTH = 64;

function items(value: unknown, depth: number): PostmanItem[] {
  if (depth > MAX_DEPTH) return [];
  return list(value).flatMap((entry) => item(entry, depth) ?? []);
}

/** The collection as the importer reads it; `value` is the parsed file, already known to be an object. */
export function normalizeCollection(value: Json): PostmanCollection {
  const info = record(value.info);
  const name = text(info?.name) ?? text(value.name);
  const collectionAuth = auth(value.auth);
  return {
    info: { name: name ?? 'collection' },
    item: items(value.item, 0),
    variable: keyValues(value.variable) as PostmanCollection['variable'],
    ...(collectionAuth !== undefined ? { auth: collectionAuth } : {}),
    event: events(value.event) as PostmanCollection['event'],
  } as PostmanCollection;
}

/** An exported environment (or globals file): its name and `values`. */
export function normalizeEnvironment(value: Json): PostmanEnvironment {
  const name = text(value.name);
  return {
    ...(name !== undefined ? { name } : {}),
    values: list(value.values).flatMap((entry) => {
      const written = record(entry);
      const key = text(written?.key);
      if (!written || key === undefined) return [];
      const type = text(written.type);
      return [
        {
          key,
          value: valueText(written.value) ?? '',
          ...(written.enabled === false ? { enabled: false } : {}),
          ...(type !== undefined ? { type } : {}),
        },
      ];
    }),
  };
}
