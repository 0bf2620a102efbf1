/**
 * Round trip, as a property over many generated requests (deterministic: a seeded generator, no new
 * dependency): scenario → `convert --to curl` → `convert` → scenario sends the same method, URL, headers and
 * body. "The same" is what goes on the wire: templates evaluated, the content type runner adds included.
 */
import { describe, expect, it } from 'vitest';
import { lookup } from '../engine/mimeTable.js';
import { stringify } from 'yaml';
import { interpolate, interpolateDeep } from '../expressions/index.js';
import { scopeFromObject } from '../expressions/scope.js';
import { testRuntime } from '../expressions/testRuntime.js';
import { HTTP_METHODS, parseScenario, type RequestSpec, type Scenario } from '../language/index.js';
import { convertCurlText } from './curlToScenario.js';
import { scenarioToCurl } from './scenarioToCurl.js';

/** mulberry32: small, seeded, good enough to pick test cases. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Pick = <T>(items: readonly T[]) => T;

const TEXTS = [
  'plain',
  'red shoes',
  "it's",
  'a&b=c',
  'Zoë ✓',
  '$$5',
  'line1\nline2',
  '"quoted"',
  'tab\there',
  '50%',
  '',
  '-x',
];
const PATHS = ['users', 'v1/items/42', 'a-b_c~d', 'price$$', 'search'];
const QUERY_KEYS = ['page', 'q', 'sort', 'filter[name]', 'x y'];
const HEADER_NAMES = ['Accept', 'X-Request-Id', 'Accept-Language', 'If-None-Match', 'X-Trace'];
const HEADER_VALUES = ['application/json', 'abc-123', 'en;q=0.9', '"etag"', 'a, b', '$$literal', ''];
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/xml',
  'application/vnd.api+json',
  'text/csv; charset=utf-8',
];
const JSON_KEYS = ['name', 'items', 'n', 'nested', '$$k', 'flag', 'empty key'];
const NUMBERS = [0, 7, -3, 0.5, -2.25, 1e21, 123456];

function jsonValue(pick: Pick, next: () => number, depth: number): unknown {
  const kind = depth > 2 ? next() * 4 : next() * 6;
  if (kind < 1) return pick(TEXTS);
  if (kind < 2) return pick(NUMBERS);
  if (kind < 3) return pick([true, false, null]);
  if (kind < 4) return pick(TEXTS);
  if (kind < 5) return Array.from({ length: Math.floor(next() * 3) }, () => jsonValue(pick, next, depth + 1));
  return jsonObject(pick, next, depth + 1);
}

function jsonObject(pick: Pick, next: () => number, depth: number): Record<string, unknown> {
  const keys = [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(JSON_KEYS)))];
  return Object.fromEntries(keys.map((key) => [key, jsonValue(pick, next, depth)]));
}

/** One generated request, as the scenario would be written. */
function generateRequest(seed: number): Record<string, unknown> {
  const next = random(seed);
  const pick: Pick = (items) => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const request: Record<string, unknown> = {
    method: pick(HTTP_METHODS),
    url: `https://api.example.test/${pick(PATHS)}`,
  };
  const queryKeys = [...new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick(QUERY_KEYS)))];
  if (queryKeys.length > 0) request.query = Object.fromEntries(queryKeys.map((key) => [key, pick(TEXTS)]));
  const headers: Record<string, string> = {};
  for (let i = Math.floor(next() * 3); i > 0; i--) headers[pick(HEADER_NAMES)] = pick(HEADER_VALUES);
  const bodyKind = pick(['none', 'none', 'map', 'list', 'text', 'multipart']);
  if (bodyKind === 'map') request.body = jsonObject(pick, next, 0);
  if (bodyKind === 'list') request.body = [jsonValue(pick, next, 1), jsonValue(pick, next, 1)];
  if (bodyKind === 'text') request.body = pick(TEXTS);
  if ((bodyKind === 'map' || bodyKind === 'list' || bodyKind === 'text') && next() < 0.5) {
    headers['Content-Type'] = pick(CONTENT_TYPES);
  }
  if (bodyKind === 'multipart') {
    request.multipart = {
      fields: { title: pick(TEXTS), ...(next() < 0.5 ? { note: pick(TEXTS) } : {}) },
      files: {
        doc: pick(['reports/q3.pdf', 'a.png', 'dir/sub/x.txt']),
        ...(next() < 0.5
          ? { img: { path: 'img/me.png', filename: 'me.png', contentType: 'image/png' } }
          : {}),
      },
    };
  }
  if (Object.keys(headers).length > 0) request.headers = headers;
  if (next() < 0.2) request.timeout = pick(['1500ms', '2s', '1m']);
  return request;
}

function parsedScenario(yaml: string): Scenario {
  const parsed = parseScenario(yaml, 'round-trip.yaml');
  expect(parsed.diagnostics).toEqual([]);
  if (!parsed.scenario) throw new Error('expected a valid scenario');
  return parsed.scenario;
}

function parsedRequest(yaml: string): RequestSpec {
  const step = parsedScenario(yaml).steps[0];
  if (step?.kind !== 'request') throw new Error('expected a request step');
  return step.request;
}

const EMPTY = scopeFromObject({});
/** The multipart files the printed commands name exist where curl runs. */
const ANY_FILE = { read: () => new Uint8Array([1]) };
const literal = (text: string) => String(interpolate(text, EMPTY, testRuntime()));

/** What runner puts on the wire for this request (src/engine/compileRequest.ts), files by name and path. */
function onTheWire(spec: RequestSpec) {
  const url = new URL(literal(spec.url));
  for (const [key, value] of Object.entries(spec.query)) url.searchParams.append(key, literal(String(value)));
  const headers = Object.fromEntries(
    Object.entries(spec.headers).map(([name, value]) => [name.toLowerCase(), literal(String(value))]),
  );
  let body: unknown;
  if (spec.multipart) {
    delete headers['content-type'];
    body = {
      fields: Object.fromEntries(
        // Line breaks as runner's multipart encoder sends them.
        Object.entries(spec.multipart.fields).map(([name, value]) => [
          name,
          literal(value).replace(/\r\n|\r|\n/g, '\r\n'),
        ]),
      ),
      files: Object.fromEntries(
        Object.entries(spec.multipart.files).map(([name, file]) => [
          name,
          // The type runner sends: the file's own, or the one its table gives the path.
          {
            ...file,
            path: literal(file.path),
            contentType: file.contentType ?? (lookup(literal(file.path)) || 'application/octet-stream'),
          },
        ]),
      ),
    };
  } else if (spec.hasBody) {
    const value = interpolateDeep(spec.body, EMPTY, testRuntime());
    body = typeof value === 'string' ? value : JSON.stringify(value);
    headers['content-type'] ??= typeof value === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  }
  return { method: spec.method, url: url.href, headers, body, timeoutMs: spec.timeoutMs };
}

describe('round trip: scenario → cURL → scenario', () => {
  it('keeps method, URL, headers and body for 400 generated requests', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const yaml = stringify({ scenario: `case ${seed}`, steps: [{ request: generateRequest(seed) }] });
      const original = parsedRequest(yaml);
      const curl = scenarioToCurl(parsedScenario(yaml));
      const back = convertCurlText(curl, { files: ANY_FILE });
      expect(back.warnings, `seed ${seed}`).toEqual([]);
      expect(onTheWire(parsedRequest(back.yaml)), `seed ${seed}\n${yaml}\n${curl}\n${back.yaml}`).toEqual(
        onTheWire(original),
      );
    }
  });

  it('gives back the very same YAML values for plain requests', () => {
    const yaml = stringify({
      scenario: 'plain',
      steps: [
        {
          request: {
            method: 'PATCH',
            url: 'https://api.example.test/users/7',
            query: { fields: 'name,email' },
            headers: { Accept: 'application/json', 'If-Match': '"v1"' },
            body: { name: 'Ada $$ Lovelace', tags: ['a', 'b'], active: true, score: 9.5 },
          },
        },
      ],
    });
    const back = parsedRequest(
      convertCurlText(scenarioToCurl(parsedScenario(yaml)), { files: ANY_FILE }).yaml,
    );
    expect(back).toEqual(parsedRequest(yaml));
  });
});
