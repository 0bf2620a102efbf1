import { describe, expect, it } from 'vitest';
import { buildDraft } from './buildDraft.js';
import type { CommandFiles } from './commandFiles.js';
import type { ConversionNotes } from './draftRequest.js';
import { parseCurlArgs } from './parseCurlArgs.js';

const FILES: Record<string, string> = {
  'body.txt': 'line one\r\nline two\n',
  'cookies.txt':
    '# Netscape HTTP Cookie File\na.test\tFALSE\t/\tFALSE\t0\tsid\tabc\nother.test\tFALSE\t/\tFALSE\t0\tno\tx\n',
  'headers.txt': 'X-One: 1\nX-Two: 2\n',
};
const files: CommandFiles = {
  read: (path) => (FILES[path] === undefined ? undefined : new TextEncoder().encode(FILES[path])),
};

function draft(...args: string[]) {
  const notes: ConversionNotes = { comments: [], warnings: [] };
  const [invocation] = parseCurlArgs(args);
  if (!invocation) throw new Error('no invocation');
  const upload = invocation.uploads[0];
  return buildDraft(invocation, invocation.urls[0] ?? '', upload, { notes, input: { files } });
}

describe('buildDraft: what curl puts on the wire', () => {
  it('follows curl for the method: -X wins, then -I, -G, -T (PUT), data or form (POST), else GET', () => {
    expect(draft('u').method).toBe('GET');
    expect(draft('u', '-d', 'a').method).toBe('POST');
    expect(draft('u', '-G', '-d', 'a=b').method).toBe('GET');
    expect(draft('u', '-I').method).toBe('HEAD');
    expect(draft('u', '-X', 'DELETE', '-d', 'a').method).toBe('DELETE');
    expect(() => draft('u', '-X', 'delete')).toThrow('runner sends methods in capitals');
  });

  it("adds curl's Accept: */* unless the command sets or removes it", () => {
    expect(draft('u').headers).toEqual([['Accept', '*/*']]);
    expect(draft('u', '-H', 'accept: text/html').headers).toEqual([['accept', 'text/html']]);
    expect(draft('u', '-H', 'Accept:').headers).toEqual([]);
  });

  it('keeps the query in the URL unless runner writes it back byte for byte', () => {
    expect(draft('a.test/s?q=1&r=x+y')).toMatchObject({
      url: 'http://a.test/s',
      query: [
        ['q', '1'],
        ['r', 'x y'],
      ],
    });
    expect(draft('a.test/s?q=%20&q=2')).toMatchObject({ url: 'http://a.test/s?q=%20&q=2', query: [] });
    expect(draft('a.test/s?x=1&', '--url-query', 'a b=c d', '--url-query', '+raw=%20').url).toBe(
      'http://a.test/s?x=1&a b=c+d&raw=%20',
    );
  });

  it("makes a --data-urlencode command `form:` when runner encodes it the same, else keeps curl's bytes", () => {
    const request = draft('u', '--data-urlencode', 'q=a b&c', '-d', 'n=1');
    expect(request.body).toEqual({
      kind: 'form',
      value: [
        ['q', 'a b&c'],
        ['n', '1'],
      ],
    });
    expect(request.headers).toEqual([['Accept', '*/*']]);
    // curl keeps `~` and encodes `*`; URLSearchParams does the opposite, so the bytes stay as curl's.
    expect(draft('u', '--data-urlencode', 'q=a~b*').body).toEqual({ kind: 'text', value: 'q=a~b%2A' });
    expect(draft('u', '-d', 'a=1&a=2').body).toEqual({ kind: 'text', value: 'a=1&a=2' });
  });

  it('sends a header given twice twice, and joins -b cookies into one line', () => {
    expect(draft('u', '-H', 'X-A: 1', '-H', 'x-a: 2', '-b', 'a=1', '-b', 'b=2').headers).toEqual([
      ['X-A', '1'],
      ['X-A', '2'],
      ['Cookie', 'a=1; b=2'],
      ['Accept', '*/*'],
    ]);
  });

  it('reads the files the command names: -d @file without line breaks, --data-binary as is, -H @file, -b file', () => {
    expect(draft('u', '-d', '@body.txt').body).toEqual({ kind: 'text', value: 'line oneline two' });
    expect(draft('u', '--data-binary', '@body.txt').body).toEqual({ kind: 'text', value: FILES['body.txt'] });
    const request = draft('http://a.test/', '-H', '@headers.txt', '-b', 'cookies.txt');
    expect(request.headers).toEqual([
      ['X-One', '1'],
      ['X-Two', '2'],
      ['Cookie', 'sid=abc'],
      ['Accept', '*/*'],
    ]);
    expect(() => draft('u', '-d', '@missing.txt')).toThrow(
      '`-d @missing.txt` reads the file `missing.txt`, which cannot be read',
    );
    expect(() => draft('u', '-d', '@-')).toThrow('reads standard input, which the command does not give');
  });

  it('PUTs a -T file to <url>/<file name>, with no content type unless the command gives one (as curl)', () => {
    const request = draft('http://a.test/up/', '-T', 'body.txt', '-H', 'Content-Type: text/plain');
    expect(request).toMatchObject({ method: 'PUT', url: 'http://a.test/up/body.txt' });
    expect(request.body).toEqual({ kind: 'text', value: FILES['body.txt'] });
    expect(request.suppressedHeaders).toBeUndefined();
    const bare = draft('http://a.test/', '-T', 'body.txt');
    expect(bare.body).toEqual({ kind: 'text', value: FILES['body.txt'] });
    expect(bare.headers).toEqual([['Accept', '*/*']]);
    expect(bare.suppressedHeaders).toEqual(['Content-Type']);
  });

  it('leaves out a Content-Length that states the body curl sends, and refuses one that does not', () => {
    expect(draft('u', '-H', 'Content-Length: 3', '-d', 'abc').headers).toEqual([
      ['Accept', '*/*'],
      ['Content-Type', 'application/x-www-form-urlencoded'],
    ]);
    expect(draft('u', '-X', 'POST', '-H', 'Content-Length: 0').headers).toEqual([['Accept', '*/*']]);
    expect(draft('u', '-H', 'Content-Length: 4', '-d', 'abé').body).toEqual({ kind: 'text', value: 'abé' });
    expect(() => draft('u', '-H', 'Content-Length: 5', '-d', 'abc')).toThrow(
      "`-H 'Content-Length: 5'` cannot be converted: the body curl sends is 3 bytes",
    );
    expect(() => draft('u', '-H', 'Content-Length: 9', '-F', 'a=b')).toThrow('`-F`');
  });

  it('reads -H as curl 7.88 does: `Name;` is empty, `Name:` removes, anything else without a colon is ignored', () => {
    const notes: ConversionNotes = { comments: [], warnings: [] };
    const [invocation] = parseCurlArgs([
      'u',
      '-H',
      'junk',
      '-H',
      'Empty;',
      '-H',
      'Sp; ',
      '-H',
      ':authority: a',
    ]);
    if (!invocation) throw new Error('no invocation');
    const request = buildDraft(invocation, 'u', undefined, { notes, input: { files } });
    expect(request.headers).toEqual([
      ['Empty', ''],
      ['Accept', '*/*'],
    ]);
    expect(notes.comments).toEqual([
      'curl -H: the 1st, 3rd and 4th are not `Name: value` headers, so curl sends nothing for them and neither does the step (their text is not shown here: it may hold a secret)',
    ]);
    expect(() => draft('u', '-H', 'X A: b')).toThrow("`-H 'X A: ...'`");
  });

  it('writes the headers of -C, -r, -z, --referer ;auto and --compressed as curl sends them', () => {
    const header = (...args: string[]) => draft('u', ...args).headers[0];
    expect(header('-C', '400')).toEqual(['Range', 'bytes=400-']);
    expect(header('-r', '600')).toEqual(['Range', 'bytes=600-']);
    expect(header('-r', '0-99')).toEqual(['Range', 'bytes=0-99']);
    expect(header('-z', 'Wed 01 Sep 2021 12:18:00')).toEqual([
      'If-Modified-Since',
      'Wed, 01 Sep 2021 12:18:00 GMT',
    ]);
    expect(header('-z', '-Wed 01 Sep 2021 12:18:00')?.[0]).toBe('If-Unmodified-Since');
    expect(header('--referer', ';auto')).toEqual(['Accept', '*/*']);
    expect(header('--compressed')).toEqual(['Accept-Encoding', 'deflate, gzip, br, zstd']);
    expect(() => draft('u', '-C', '-')).toThrow('`-C`');
    expect(() => draft('u', '-z', 'some-file')).toThrow('`-z`');
  });

  it('refuses what runner would send differently, naming it', () => {
    expect(() => draft('http://a.test/{a,b}')).toThrow('`-g`');
    expect(() => draft('-g', 'http://a.test/{a}')).toThrow('would be sent as `/%7Ba%7D`');
    expect(() => draft('--path-as-is', 'http://a.test/a/../b')).toThrow('`--path-as-is`');
    expect(draft('--path-as-is', 'http://a.test/a/b').url).toBe('http://a.test/a/b');
    expect(() => draft('u', '-H', 'Host:')).toThrow("`-H 'Host:'`");
    expect(() => draft('u', '-H', 'Transfer-Encoding: chunked', '-d', 'abc')).toThrow(
      "`-H 'Transfer-Encoding: ...'`",
    );
    expect(() => draft('-F', 'a=b', '-H', 'Content-Type: multipart/related', 'u')).toThrow(
      'multipart/related',
    );
    expect(() => draft('-b', 'a=b\nc=d', 'u')).toThrow('`-b`');
    expect(() => draft('-H', 'X-A: 1\nX-B: 2', 'u')).toThrow("`-H 'X-A: ...'`");
  });

  it('writes a GraphQL request as `graphql:` when runner sends the same JSON', () => {
    const text = '{"query":"query($id: ID!) { user(id: $id) { name } }","variables":{"id":"7"}}';
    expect(draft('u', '--json', text).body).toEqual({
      kind: 'graphql',
      value: { query: 'query($id: ID!) { user(id: $id) { name } }', variables: { id: '7' } },
    });
    expect(draft('u', '--json', '{"variables":{},"query":"{ a }"}').body?.kind).toBe('json');
  });

  it('keeps JSON a YAML map only when runner writes the same bytes', () => {
    expect(draft('u', '--json', '{"a":1}').body).toEqual({ kind: 'json', value: { a: 1 } });
    expect(draft('u', '--json', '{ "a": 1 }').body).toEqual({ kind: 'text', value: '{ "a": 1 }' });
    expect(draft('u', '--json', '{ "a": 1 }').headers).toEqual([
      ['Accept', 'application/json'],
      ['Content-Type', 'application/json'],
    ]);
  });
});
