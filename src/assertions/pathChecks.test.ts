import { describe, expect, it } from 'vitest';
import { checkExpectPath, checkSaveSource } from './pathChecks.js';

describe('checkSaveSource', () => {
  it.each([
    'body.id',
    'body.items[0].id',
    'headers.x-id',
    'status',
    'jwt.sub',
    'cache.value.id',
    'cache.ttl',
    'count(body.items)',
    'body',
  ])('accepts %s', (source) => {
    expect(checkSaveSource(source)).toEqual([]);
  });

  it.each([
    ['', 'empty save source; write a path such as `body.id` or `count(body.items)`'],
    [
      'bdy.id',
      'unknown path root `bdy`; paths start with status, headers, body, jwt, cache, url, redirects, httpVersion, duration, size, sha256, md5, ip, certificate, cookies, messages, events, close, trailers, `$` (JSONPath) or xpath(...)',
    ],
    ['body.a..b', 'invalid path `a..b`: empty field name'],
    ['body.items[x]', 'invalid path `items[x]`: `[x]` is not an index; quote field names: ["x"]'],
    ['body.', '`body.` ends with `.`; name a field after it'],
    ['count(body.items', '`count(body.items` is not a complete `count(...)`'],
    ['count()', '`count()` takes one path'],
    ['count(status)', '`count()` counts list items or map keys; `status` is always a number'],
    [
      'count(bdy.items)',
      'unknown path root `bdy`; paths start with status, headers, body, jwt, cache, url, redirects, httpVersion, duration, size, sha256, md5, ip, certificate, cookies, messages, events, close, trailers, `$` (JSONPath) or xpath(...)',
    ],
    ['lenght(body.items)', 'unknown function `lenght()`; functions are count(), length(), regex(), xpath()'],
    ['schema', '`schema` is only for `expect`; it names a schema, not a value to save'],
    ['cache.valeu', 'unknown cache field `valeu`; cache paths are cache.exists, cache.value, cache.ttl'],
    ['status.code', '`status` has no fields; write `status`'],
  ])('rejects %j', (source, message) => {
    expect(checkSaveSource(source)[0]?.message).toBe(message);
  });

  it('gives did-you-mean hints', () => {
    expect(checkSaveSource('bdy.id')[0]?.hint).toBe('did you mean `body`?');
    expect(checkSaveSource('cache.valeu')[0]?.hint).toBe('did you mean `cache.value`?');
  });
});

describe('checkExpectPath', () => {
  it('accepts subject paths and `schema`', () => {
    for (const path of ['status', 'headers.content-type', 'body.a[0]', 'jwt.sub', 'schema', 'cache.exists']) {
      expect(checkExpectPath(path)).toEqual([]);
    }
  });

  it('rejects unknown roots, `schema` with a path, and bad syntax', () => {
    expect(checkExpectPath('stauts')).toEqual([
      {
        message:
          'unknown path root `stauts`; paths start with status, headers, body, jwt, cache, url, redirects, httpVersion, duration, size, sha256, md5, ip, certificate, cookies, messages, events, close, trailers, `$` (JSONPath) or xpath(...)',
        hint: 'did you mean `status`?',
      },
    ]);
    expect(checkExpectPath('schema.x')[0]?.message).toBe('`schema` takes no path; write `schema: <name>`');
    expect(checkExpectPath('body[')[0]?.message).toContain('missing `]`');
  });
});
