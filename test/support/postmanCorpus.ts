import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot, type CliRun } from './cli.js';
import type { RecordedReply, WireRequest } from './recordingServer.js';

/**
 * test/fixtures/postman-collections: public Postman collections, each in its own directory with an
 * `origin.json` (where it came from) and `newman.json` (what Newman sent for it, recorded once by
 * scripts/record-newman.ts). The wire test and the recorder share this module, so both point the collections
 * at a recording server and reduce requests to their comparable form the same way.
 */
export const POSTMAN_CORPUS = join(repoRoot, 'test/fixtures/postman-collections');

/** The placeholder host the environment files written for the corpus use; replaced by the server's port. */
export const PLACEHOLDER_HOST = 'localhost:28140';

export interface CorpusCollection {
  /** The directory name. */
  id: string;
  /** The directory, absolute. */
  dir: string;
  repository: string;
  path: string;
  commit: string;
  licence: string;
  /** The collection file, as downloaded. */
  collection: string;
  /** A Postman environment file: the one published with the collection, or one written for the test. */
  environment?: string;
  /**
   * Hard-coded origins of the collection and its environment (`https://api.example.com`) that the test and
   * the recorder point at the recording server instead; variables holding the base URL are set by the
   * environment file.
   */
  origins?: string[];
  /** The JSON body the recording server answers with (`{"ok":true}` unless given), for scripts that read one. */
  reply?: unknown;
}

/** `corpus`: the fixtures directory (the recorder, bundled elsewhere, names it from the working directory). */
export async function readPostmanCorpus(corpus = POSTMAN_CORPUS): Promise<CorpusCollection[]> {
  const entries = await readdir(corpus, { withFileTypes: true });
  const collections: CorpusCollection[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const origin = JSON.parse(await readFile(join(corpus, entry.name, 'origin.json'), 'utf8')) as Omit<
      CorpusCollection,
      'id' | 'dir'
    >;
    collections.push({ id: entry.name, dir: join(corpus, entry.name), ...origin });
  }
  return collections;
}

export function replyFor(collection: CorpusCollection): (request: WireRequest) => RecordedReply {
  const body = JSON.stringify(collection.reply ?? { ok: true });
  return () => ({ status: 200, contentType: 'application/json', body });
}

/** The collection and environment texts, pointed at `localhost:<port>`. */
export async function localCopies(
  collection: CorpusCollection,
  port: number,
): Promise<{ collection: string; environment?: string }> {
  const read = (file: string) => readFile(join(collection.dir, file), 'utf8');
  const local = `localhost:${port}`;
  const pointed = (text: string) => {
    let out = text.split(PLACEHOLDER_HOST).join(local);
    for (const origin of collection.origins ?? []) out = out.split(origin).join(`http://${local}`);
    return out;
  };
  const json = JSON.parse(pointed(await read(collection.collection))) as unknown;
  pointUrlObjects(json, port, (origin) => (collection.origins ?? []).includes(origin));
  return {
    collection: JSON.stringify(json, null, 2),
    ...(collection.environment !== undefined
      ? { environment: pointed(await read(collection.environment)) }
      : {}),
  };
}

/**
 * A v2 URL object names its origin in parts (`protocol`, `host: ["api", "example", "com"]`, `port`) beside
 * `raw`, and Newman sends what the parts say: the parts of each URL object whose origin `points` accepts are
 * pointed at the server too.
 */
export function pointUrlObjects(node: unknown, port: number, points: (origin: string) => boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) pointUrlObjects(item, port, points);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const url = record.url;
  if (url !== null && typeof url === 'object' && !Array.isArray(url)) {
    const parts = url as Record<string, unknown>;
    const host = Array.isArray(parts.host) ? parts.host.join('.') : String(parts.host ?? '');
    const protocol = typeof parts.protocol === 'string' ? parts.protocol : 'http';
    const origin = `${protocol}://${host}${parts.port !== undefined ? `:${String(parts.port)}` : ''}`;
    if (parts.host !== undefined && points(origin)) {
      parts.protocol = 'http';
      parts.host = ['localhost'];
      parts.port = String(port);
    }
  }
  for (const value of Object.values(record)) pointUrlObjects(value, port, points);
}

/** The collections whose import failed or whose output `validate` did not pass, each with what was said. */
export function importFailures(
  outcomes: readonly { entry: { id: string }; imported: CliRun; validated: CliRun }[],
): string[] {
  return outcomes
    .filter(
      (o) => o.imported.code !== 0 || o.validated.code !== 0 || !/no problems\n$/.test(o.validated.stdout),
    )
    .map(
      (o) =>
        `${o.entry.id}: import ${o.imported.code} ${o.imported.stderr}; validate ${o.validated.code}\n${o.validated.stdout}${o.validated.stderr}`,
    );
}

/** Two at a time: the machine is shared, and each collection is three CLI runs in a row. */
export async function inPairs<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += 2)
    results.push(...(await Promise.all(items.slice(i, i + 2).map(run))));
  return results;
}

/** One request as the fixtures hold it: request line, sorted `name: value` lines, body text. */
export interface ComparableRequest {
  request: string;
  headers: string[];
  /** The body bytes as latin1 text (one character per byte), multipart boundary neutralised. */
  body: string;
}

/**
 * Headers that say which client sent the request or how it is carried, not what the collection asks for:
 * `user-agent` (PostmanRuntime/... against runner/...), Newman's per-request `postman-token`, and the
 * transport headers `connection` and `accept-encoding` (docs/convert.md: transport settings).
 */
const CLIENT_HEADERS = new Set(['user-agent', 'postman-token', 'connection', 'accept-encoding']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The comparable form of a request: client headers left out, header names lower-cased and sorted (repeats
 * keep their order), the server's port and the multipart boundary replaced by placeholders, a
 * `content-length` that matches the body left out (it is framing), and every UUID written `<uuid>`: a
 * collection's `{{$guid}}` is random on each send, by Newman and by runner alike.
 */
export function comparable(request: WireRequest, port: number): ComparableRequest {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '',
  );
  const secret = boundary?.[1] ?? boundary?.[2];
  const neutral = (text: string) =>
    (secret === undefined ? text : text.split(secret).join('<boundary>'))
      .split(`localhost:${port}`)
      .join('localhost:<port>')
      .replace(UUID, '<uuid>');
  const lines = request.headers
    .filter(([name]) => !CLIENT_HEADERS.has(name.toLowerCase()))
    .filter(
      ([name, value]) => name.toLowerCase() !== 'content-length' || Number(value) !== request.body.length,
    )
    .map(([name, value], index) => ({
      name: name.toLowerCase(),
      line: `${name.toLowerCase()}: ${neutral(value)}`,
      index,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.index - b.index)
    .map(({ line }) => line);
  return {
    request: `${request.method} ${neutral(request.target)}`,
    headers: lines,
    body: neutral(request.body.toString('latin1')),
  };
}

/** What scripts/record-newman.ts writes to `<id>/newman.json`. */
export interface NewmanRecording {
  newman: string;
  requests: ComparableRequest[];
}
