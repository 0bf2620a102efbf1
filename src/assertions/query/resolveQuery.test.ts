import { beforeAll, describe, expect, it } from 'vitest';
import { scopeFromObject } from '../../expressions/scope.js';
import { evaluateExpectations } from '../expectations.js';
import { extractSaves } from '../save.js';
import { resolveSubjectPath, type Subject } from '../subject.js';
import { loadQueryEngines } from './queryEngines.js';
import { parseSubjectQuery } from './subjectQuery.js';

const body = {
  items: [
    { id: 1, name: 'Ann', price: 5, tags: ['a'] },
    { id: 2, name: 'Bob', price: 15, tags: ['b', 'c'] },
    { id: 3, price: 25, tags: [] },
  ],
  owner: { name: 'Zoë 🙂' },
};

const subject: Subject = {
  status: 200,
  headers: { 'content-type': 'application/json', location: '/orders?id=42' },
  body,
  bodyText: JSON.stringify(body),
  variables: scopeFromObject({ i: 1, key: 'owner', text: '2', bad: { x: 1 } }),
  response: {
    url: 'https://api.test/orders',
    redirects: [{ status: 302, url: 'https://api.test/orders' }],
    httpVersion: '2',
    durationMs: 12.4,
    bytes: new TextEncoder().encode('abc'),
    ip: '127.0.0.1',
  },
};

const value = (path: string, on: Subject = subject) => {
  const resolved = resolveSubjectPath(on, path);
  return resolved.found ? resolved.value : `missing: ${resolved.message}`;
};

beforeAll(() => loadQueryEngines([parseSubjectQuery('$.x'), parseSubjectQuery('xpath(/x)')]));

describe('[*] and [$var] in body paths', () => {
  it('lists what the rest of the path finds under every item, skipping items without it', () => {
    expect(value('body.items[*].name')).toEqual(['Ann', 'Bob']);
    expect(value('body.items[*].tags[*]')).toEqual(['a', 'b', 'c']);
    expect(value('body.owner[*]')).toEqual(['Zoë 🙂']);
    expect(value('body.items[0].name[*]')).toBe(
      'missing: path not found: `body.items[0].name` is a string; `[*]` needs a list or an object',
    );
  });

  it('takes an index or a key from a variable', () => {
    expect(value('body.items[$i].name')).toBe('Bob');
    expect(value('body[$key].name')).toBe('Zoë 🙂');
    expect(value('body.items[$text].id')).toBe(3);
    expect(value('body.items[$nope].id')).toBe('missing: variable `$nope` is not defined');
    expect(value('body.items[$bad].id')).toBe(
      'missing: variable `$bad` is {"x":1}, not an index or a field name',
    );
  });
});

describe('response fields', () => {
  it('reads the exchange', () => {
    expect(value('url')).toBe('https://api.test/orders');
    expect(value('redirects[0].status')).toBe(302);
    expect(value('httpVersion')).toBe('2');
    expect(value('duration')).toBe(12);
    expect(value('size')).toBe(3);
    expect(value('sha256')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(value('md5')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(value('ip')).toBe('127.0.0.1');
  });

  it('says why a certificate is missing on plain HTTP', () => {
    const plain: Subject = { ...subject, response: { ...subject.response!, url: 'http://api.test/x' } };
    expect(value('certificate.subject', plain)).toBe(
      'missing: `certificate` is only available on HTTPS responses, and http://api.test/x is not one',
    );
  });
});

describe('JSONPath keys', () => {
  it('yields the node of a singular query, or says it matched nothing', () => {
    expect(value('$.items[1].name')).toBe('Bob');
    expect(value("$['owner']['name']")).toBe('Zoë 🙂');
    expect(value('$.items[7].name')).toBe(
      'missing: JSONPath matched nothing (path not found: `$.items` has 3 items)',
    );
  });

  it('yields the list of matches of any other query', () => {
    expect(value('$.items[?@.price > 10].name')).toEqual(['Bob']);
    expect(value('$..id')).toEqual([1, 2, 3]);
    expect(value('$.items[?@.price > 100]')).toEqual([]);
  });

  it('needs a JSON body', () => {
    const text: Subject = { ...subject, headers: { 'content-type': 'text/plain' }, body: 'hello' };
    expect(value('$.a', text)).toContain('the response body is not JSON (text/plain)');
  });
});

describe('xpath(...)', () => {
  const xml: Subject = {
    headers: { 'content-type': 'application/xml' },
    body: '<a><b id="1">x</b><b id="2">y</b></a>',
    bodyText: '<a><b id="1">x</b><b id="2">y</b></a>',
  };
  it('gives node-sets as string lists and other results as themselves', () => {
    expect(value('xpath(//b)', xml)).toEqual(['x', 'y']);
    expect(value('xpath(//b/@id)', xml)).toEqual(['1', '2']);
    expect(value('xpath(count(//b))', xml)).toBe(2);
    expect(value('xpath(boolean(//c))', xml)).toBe(false);
    expect(value('xpath(string(//b[2]))', xml)).toBe('y');
  });
});

describe('count(), length() and regex()', () => {
  it('count items of lists and keys of objects; null counts 0', () => {
    expect(value('count(body.items)')).toBe(3);
    expect(value('count(body.owner)')).toBe(1);
    expect(value('count($.items[*].tags[*])')).toBe(3);
    expect(value('count(body.items[0].name)')).toBe(
      'missing: `body.items[0].name` is a string, not an array or an object',
    );
  });

  it('length counts code points', () => {
    expect(value('length(body.owner.name)')).toBe(5);
    expect(value('length($.items[0].name)')).toBe(3);
  });

  it('regex gives the first group, or the whole match, or nothing', () => {
    expect(value('regex(headers.location, "id=(\\d+)")')).toBe('42');
    expect(value('regex(headers.location, /\\d+/)')).toBe('42');
    expect(value('regex(headers.location, "x=(\\d+)")')).toBe(
      'missing: no match for /x=(\\d+)/ in `headers.location`',
    );
    expect(value('regex(body.items[0].name, "A(n+)")')).toBe('nn');
  });

  it('save reads the same paths, functions included', () => {
    const saved = extractSaves(
      [
        { variable: 'names', source: 'body.items[*].name' },
        { variable: 'order', source: 'regex(headers.location, "id=(\\d+)")' },
        { variable: 'none', source: '$.nothing' },
      ],
      subject,
    );
    expect(saved.values).toEqual({ names: ['Ann', 'Bob'], order: '42' });
    expect(saved.warnings).toEqual([
      '$.nothing: JSONPath matched nothing (path not found; available fields: items, owner) (`none` not saved)',
    ]);
  });
});

describe('evaluation order', () => {
  const entries = [
    { path: 'body.items[0].id', expected: 1 },
    { path: 'status', expected: 200 },
    { path: 'status', expected: 'lt 300' },
  ];
  it('follows SPEC phases for a map, and the written order for a list', () => {
    expect(evaluateExpectations(entries, subject).map((result) => result.path)).toEqual([
      'status',
      'status',
      'body.items[0].id',
    ]);
    expect(evaluateExpectations(entries, subject, { inOrder: true }).map((result) => result.message)).toEqual(
      ['body.items[0].id == 1', 'status == 200', 'status lt 300'],
    );
  });
});
