// Issue 22: `validate` refused `count(headers.set-cookie)` although the engine reads that path as a list.
// Every path kind docs/language.md lists goes through every function here, and `validate`'s verdict must
// match what the engine does with a real step's values: refused exactly when the engine would always fail.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExpectPath } from '../pathChecks.js';
import { loadQueryEngines } from './queryEngines.js';
import { parseSubjectQuery } from './subjectQuery.js';
import { resolveSubjectPath, type Subject } from '../subject.js';
import type { CookieAttributes } from '../cookiePaths.js';

/** The `## expect` path table of docs/language.md: the first column's forms, as written there. */
function documentedPathForms(): string[] {
  const docs = readFileSync(new URL('../../../docs/language.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf('## `expect`'), docs.indexOf('When a path is missing'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
}

/**
 * Each documented form, as concrete paths a step can read. Paths whose value only the response decides
 * are listed under ANY: for them `validate` accepts every function and the run judges.
 */
const EXAMPLES: Record<string, { typed?: string[]; any?: string[] }> = {
  status: { typed: ['status'] },
  'headers.<name>': { typed: ['headers.content-type', 'headers'] },
  'headers.set-cookie': { typed: ['headers.set-cookie', 'headers.Set-Cookie'] },
  body: { any: ['body'] },
  'body.<path>': { any: ['body.user.name', 'body.items', 'body.items[-1]', 'body["a.b"]'] },
  'body.items[*].id': { typed: ['body.items[*].id', 'body.items[*]'] },
  'body.items[$i].id': { any: ['body.items[$i].id', 'body.items[$i]'] },
  '$.items[?@.price > 10].name': { any: ['$.items[?@.price > 10].name', '$.user.name', '$.items'] },
  'xpath(<expr>)': { any: ['xpath(//name)', 'xpath(string(//name))', 'xpath(count(//name))'] },
  url: { typed: ['url'] },
  redirects: { typed: ['redirects', 'redirects[0]', 'redirects[0].status', 'redirects[0].url'] },
  httpVersion: { typed: ['httpVersion'] },
  duration: { typed: ['duration'] },
  size: { typed: ['size'] },
  sha256: { typed: ['sha256'] },
  md5: { typed: ['md5'] },
  ip: { typed: ['ip'] },
  'certificate.<field>': {
    typed: [
      'certificate',
      'certificate.subject',
      'certificate.issuer',
      'certificate.validFrom',
      'certificate.validTo',
      'certificate.serialNumber',
    ],
  },
  'count(<path>)': { typed: ['count(body.items)'] },
  'length(<path>)': { typed: ['length(body.user.name)'] },
  'regex(<path>, "<pattern>")': { typed: ['regex(body.user.name, "(A)")'] },
  'cache.exists': { typed: ['cache.exists'] },
  'cache.value': { any: ['cache.value'] },
  'cache.value.<path>': { any: ['cache.value.user'] },
  'cache.ttl': { typed: ['cache.ttl', 'cache'] },
  'cookies.<name>': { typed: ['cookies.session', 'cookies.theme'] },
  'cookies.<name>.<attribute>': {
    typed: [
      'cookies.session.domain',
      'cookies.session.path',
      'cookies.session.expires',
      'cookies.session.maxAge',
      'cookies.session.secure',
      'cookies.session.httpOnly',
      'cookies.session.sameSite',
    ],
  },
  'messages[i]': { any: ['messages[0]', 'messages[-1]'] },
  'messages[i].<path>': { any: ['messages[0].type'] },
  'messages.count': { typed: ['messages.count', 'messages'] },
  'events[i].data': { any: ['events[0].data'] },
  'events[i].data.<path>': { any: ['events[0].data.price'] },
  'events[i].event': { typed: ['events[0].event'] },
  'events[i].id': { typed: ['events[0].id'] },
  'events.count': { typed: ['events.count', 'events'] },
  'close.code': { typed: ['close.code', 'close'] },
  'close.reason': { typed: ['close.reason'] },
  'close.by': { typed: ['close.by'] },
  'trailers.<name>': { typed: ['trailers.grpc-status', 'trailers'] },
  // Documented under "JWT claims" rather than in the table; checked all the same.
  'jwt.<claim>': { typed: ['jwt'], any: ['jwt.sub', 'jwt.roles'] },
};

const cookie = (name: string, value: string): CookieAttributes => ({
  name,
  value,
  domain: 'localhost',
  path: '/',
  expires: '2030-01-01T00:00:00Z',
  maxAge: 3600,
  secure: false,
  httpOnly: true,
  sameSite: 'lax',
});

/** One step's worth of everything: an HTTPS response after a redirect, cookies, a JWT, a cache read, stream items. */
const subject: Subject = {
  status: 200,
  headers: { 'content-type': 'application/json', 'set-cookie': 'theme=dark, session=abc' },
  setCookie: ['theme=dark; Path=/', 'session=abc; HttpOnly'],
  body: { user: { name: 'Ada' }, items: [{ id: 1, price: 20, name: 'x' }], 'a.b': 'dotted' },
  bodyText: '<r><name>Ada</name></r>',
  jwt: { sub: 'u-1', roles: ['admin'] },
  cache: { exists: true, value: { user: 'ada' }, ttl: 60 },
  messages: [{ type: 'welcome' }, 'hello'],
  events: [{ data: { price: 10 }, event: 'price', id: '1' }],
  close: { code: 1000, reason: 'bye', by: 'client' },
  trailers: { 'grpc-status': '0' },
  cookies: (name) => (name === 'session' || name === 'theme' ? cookie(name, 'abc') : undefined),
  response: {
    url: 'https://localhost/final',
    redirects: [{ status: 302, url: 'https://localhost/final' }],
    httpVersion: '1.1',
    durationMs: 12,
    bytes: new Uint8Array([1, 2, 3]),
    ip: '127.0.0.1',
    certificate: {
      subject: 'CN=localhost',
      issuer: 'CN=test CA',
      validFrom: '2026-01-01T00:00:00Z',
      validTo: '2027-01-01T00:00:00Z',
      serialNumber: '01',
    },
  },
  variables: { has: (name) => name === 'i', get: () => 0, names: () => ['i'] },
};

const FUNCTIONS = [
  (path: string) => `count(${path})`,
  (path: string) => `length(${path})`,
  (path: string) => `regex(${path}, ".")`,
];

/** A failure the engine reports because the value has the wrong type for the function. */
const TYPE_FAILURE = /is (a|an|text|`true`|null|true|false|\d).*, not (an array or an object|text)$/;

describe('static path types match what the engine reads (docs/language.md, `expect` paths)', () => {
  beforeAll(async () => {
    const all = Object.values(EXAMPLES).flatMap(({ typed = [], any = [] }) => [...typed, ...any]);
    await loadQueryEngines(all.map((path) => parseSubjectQuery(path)));
  });

  it('has examples for every documented path kind', () => {
    const documented = documentedPathForms();
    expect(documented.length).toBeGreaterThan(20);
    for (const form of documented) expect(Object.keys(EXAMPLES), form).toContain(form);
  });

  it('resolves every example on a real step', () => {
    for (const { typed = [], any = [] } of Object.values(EXAMPLES)) {
      for (const path of [...typed, ...any]) {
        expect(checkExpectPath(path), path).toEqual([]);
        expect(resolveSubjectPath(subject, path).found, path).toBe(true);
      }
    }
  });

  it('refuses a function exactly where the engine could never apply it', () => {
    for (const { typed = [] } of Object.values(EXAMPLES)) {
      for (const path of typed) {
        for (const call of FUNCTIONS.map((wrap) => wrap(path))) {
          const refused = checkExpectPath(call).length > 0;
          const resolved = resolveSubjectPath(subject, call);
          const wrongType = !resolved.found && TYPE_FAILURE.test(resolved.message);
          expect({ call, refused }).toEqual({ call, refused: wrongType });
        }
      }
    }
  });

  it('never refuses a function over a path only the response decides', () => {
    for (const { any = [] } of Object.values(EXAMPLES)) {
      for (const call of any.flatMap((path) => FUNCTIONS.map((wrap) => wrap(path)))) {
        expect(checkExpectPath(call), call).toEqual([]);
      }
    }
  });

  it('says what the path always is and what to write instead', () => {
    expect(checkExpectPath('count(status)')).toEqual([
      {
        message: '`count()` counts list items or map keys; `status` is always a number',
        hint: 'count a list or a map: `body`, `jwt`, `headers`, `headers.set-cookie`, `redirects`, `[*]`, JSONPath or `xpath(...)`',
      },
    ]);
    expect(checkExpectPath('length(headers.set-cookie)')).toEqual([
      {
        message: '`length()` measures text; `headers.set-cookie` is always a list',
        hint: 'count its items with `count(headers.set-cookie)`, or check them with a `contains` or `each` matcher',
      },
    ]);
    expect(checkExpectPath('count(url)')[0]?.hint).toBe('measure text with `length(url)`');
  });
});
