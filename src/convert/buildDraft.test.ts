import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { buildDraft } from './buildDraft.js';
import type { ConversionNotes } from './draftRequest.js';
import { parseCurlArgs } from './parseCurlArgs.js';

function draft(...args: string[]) {
  const notes: ConversionNotes = { comments: [], warnings: [] };
  return { request: buildDraft(parseCurlArgs(args), notes), notes };
}

describe('buildDraft: method', () => {
  it('follows curl: -X wins, then -I, -G, data or form (POST), -T (PUT), else GET', () => {
    expect(draft('u').request.method).toBe('GET');
    expect(draft('u', '-d', 'a').request.method).toBe('POST');
    expect(draft('u', '-F', 'a=b').request.method).toBe('POST');
    expect(draft('u', '-G', '-d', 'a=b').request.method).toBe('GET');
    expect(draft('u', '-I').request.method).toBe('HEAD');
    expect(draft('u', '-T', 'f.bin').request.method).toBe('PUT');
    expect(draft('u', '-X', 'delete', '-d', 'a').request.method).toBe('DELETE');
  });

  it('refuses methods runner does not send, and a command without a URL', () => {
    expect(() => draft('u', '-X', 'PROPFIND')).toThrow('`PROPFIND` is not one runner sends');
    const error = (() => {
      try {
        draft('-v');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(RunnerError);
    expect((error as RunnerError).code).toBe('convert.missing-url');
  });
});

describe('buildDraft: URL and query', () => {
  it('splits the query into the map and sends -G data and --url-query there too', () => {
    const { request } = draft('a.test/s?q=1', '-G', '--data-urlencode', 'term=a b', '--url-query', 'x=y&z');
    expect(request.url).toBe('http://a.test/s');
    expect(request.query).toEqual([
      ['q', '1'],
      ['x', 'y&z'],
      ['term', 'a b'],
    ]);
  });

  it('turns user info in the URL into basic authorization', () => {
    const { request } = draft('https://bob:s%3Dcret@a.test/p');
    expect(request.url).toBe('https://a.test/p');
    expect(request.headers).toEqual([
      ['Authorization', `Basic ${Buffer.from('bob:s=cret').toString('base64')}`],
    ]);
  });

  it('warns when there is more than one URL or request', () => {
    expect(draft('a', 'b', '--next', 'c').notes.warnings).toEqual([
      'only the first URL is converted; 1 more ignored',
      'only the first request is converted; everything after `--next` is ignored',
    ]);
  });
});

describe('buildDraft: headers', () => {
  it('keeps headers in order, merges repeats and adds -A, -e, -b, -r, -u and --oauth2-bearer', () => {
    const { request } = draft(
      'u',
      '-H',
      'X-A: 1',
      '-H',
      'x-a: 2',
      '-H',
      'Cookie: a=1',
      '-b',
      'b=2',
      '-A',
      'agent/1',
      '-e',
      'https://ref.test;auto',
      '-r',
      '0-99',
      '--oauth2-bearer',
      'tok',
      '-u',
      'ignored:because-bearer-came-first',
    );
    expect(request.headers).toEqual([
      ['X-A', '1, 2'],
      ['Cookie', 'a=1; b=2'],
      ['User-Agent', 'agent/1'],
      ['Referer', 'https://ref.test'],
      ['Range', 'bytes=0-99'],
      ['Authorization', 'Bearer tok'],
    ]);
  });

  it('sends `Name;` with an empty value and drops `Name:` removals and HTTP/2 pseudo-headers', () => {
    expect(draft('u', '-H', 'X-Empty;', '-H', 'Accept:', '-H', ':authority: a.test').request.headers).toEqual(
      [['X-Empty', '']],
    );
  });

  it('leaves out headers runner computes, and Accept-Encoding, saying so', () => {
    const { request, notes } = draft(
      'u',
      '-H',
      'Content-Length: 3',
      '-H',
      'Connection: keep-alive',
      '-H',
      'Accept-Encoding: gzip',
      '-H',
      'TE: trailers',
    );
    expect(request.headers).toEqual([]);
    expect(notes.comments).toEqual([
      'runner does not ask for compressed responses, so `Accept-Encoding` is left out',
      'headers runner sets itself were left out: Content-Length, Connection, TE',
    ]);
  });

  it('warns about headers and cookies from files', () => {
    expect(
      draft('u', '-H', '@headers.txt', '-b', 'cookies.txt', '-H', 'nonsense').notes.warnings,
    ).toHaveLength(3);
  });
});

describe('buildDraft: body', () => {
  it('makes JSON sent as JSON a map, dropping the content type runner sends by itself', () => {
    const { request } = draft(
      'u',
      '-H',
      'Content-Type: application/json',
      '--data-raw',
      '{"a":[1,{"b":null}]}',
    );
    expect(request.body).toEqual({ kind: 'json', value: { a: [1, { b: null }] } });
    expect(request.headers).toEqual([]);
  });

  it('keeps other JSON content types, and --json adds Accept', () => {
    expect(
      draft('u', '-H', 'content-type: application/vnd.api+json', '-d', '{"a":1}').request.headers,
    ).toEqual([['content-type', 'application/vnd.api+json']]);
    const json = draft('u', '--json', '{"a":1}').request;
    expect(json.headers).toEqual([['Accept', 'application/json']]);
    expect(json.body).toEqual({ kind: 'json', value: { a: 1 } });
  });

  it("keeps curl's form content type for plain -d data, and JSON that is not sent as JSON as text", () => {
    const { request } = draft('u', '-d', '{"a":1}');
    expect(request.body).toEqual({ kind: 'text', value: '{"a":1}' });
    expect(request.headers).toEqual([['Content-Type', 'application/x-www-form-urlencoded']]);
  });

  it('keeps a body whose numbers would change as text, with its JSON content type', () => {
    const { request } = draft('u', '--json', '{"id":12345678901234567890}');
    expect(request.body).toEqual({ kind: 'text', value: '{"id":12345678901234567890}' });
    expect(request.headers).toContainEqual(['Content-Type', 'application/json']);
  });

  it('turns a copied multipart body into multipart and drops its boundary', () => {
    const body = '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n';
    const { request } = draft(
      'u',
      '-H',
      'content-type: multipart/form-data; boundary=XyZ',
      '--data-binary',
      body,
    );
    expect(request.multipart).toEqual({ fields: [['a', '1']], files: [] });
    expect(request.headers).toEqual([]);
    expect(request.body).toBeUndefined();
  });

  it('turns -F parts into multipart and refuses them together with data', () => {
    expect(draft('u', '-F', 'a=1', '-H', 'Content-Type: multipart/form-data').request).toMatchObject({
      headers: [],
      multipart: { fields: [['a', '1']], files: [] },
    });
    expect(() => draft('u', '-F', 'a=1', '-d', 'b=2')).toThrow(
      'cannot send `-F` form parts and `-d` data together',
    );
  });

  it('does not invent a body that curl reads from a file', () => {
    const { request, notes } = draft('u', '-d', '@payload.json', '-H', 'Content-Type: application/json');
    expect(request.body).toBeUndefined();
    expect(notes.warnings[0]).toContain('payload.json');
  });

  it('turns --max-time seconds into a timeout', () => {
    expect(draft('u', '-m', '2.5').request.timeout).toBe('2.5s');
    expect(draft('u', '--max-time', '10').request.timeout).toBe('10s');
    const bad = draft('u', '-m', 'soon');
    expect(bad.request.timeout).toBeUndefined();
    expect(bad.notes.warnings).toHaveLength(1);
  });
});
