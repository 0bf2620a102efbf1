import { describe, expect, it } from 'vitest';
import { joinData, urlEncodedPiece } from './curlData.js';
import { appendQueryText, curlUrlEncode, splitQuery, splitUrl, withScheme } from './urlParts.js';

describe('splitUrl', () => {
  it('separates the query, drops the fragment and takes off user info', () => {
    expect(splitUrl('https://bob:pa%40ss@a.test:8443/p/q?x=1&y=2#frag')).toEqual({
      base: 'https://a.test:8443/p/q',
      userInfo: 'bob:pa%40ss',
      query: 'x=1&y=2',
    });
    expect(splitUrl('https://a.test/p')).toEqual({ base: 'https://a.test/p', query: '' });
  });

  it('adds http:// as curl does for a URL without a scheme', () => {
    expect(withScheme('a.test/x')).toBe('http://a.test/x');
    expect(withScheme('HTTPS://a.test')).toBe('HTTPS://a.test');
  });
});

describe('splitQuery', () => {
  it('decodes parameters for the query map, `+` as a space', () => {
    expect(splitQuery('q=red+shoes&page=2&e=%E2%82%AC&empty=')).toEqual({
      params: [
        ['q', 'red shoes'],
        ['page', '2'],
        ['e', '€'],
        ['empty', ''],
      ],
      kept: '',
    });
  });

  it('keeps the whole query as written when runner would not send it back byte for byte', () => {
    for (const query of ['tag=a&x=1&tag=b', 'flag&x=1', 'bad=%zz', 'q=a%20b', 'e=%e2%82%ac', 'x=1&&y=2']) {
      expect(splitQuery(query)).toEqual({ params: [], kept: query });
    }
  });
});

describe('query and data text', () => {
  it('appends query text with the right separator', () => {
    expect(appendQueryText('https://a.test/p', 'x=1')).toBe('https://a.test/p?x=1');
    expect(appendQueryText('https://a.test/p?a=1', 'x=1')).toBe('https://a.test/p?a=1&x=1');
    expect(appendQueryText('https://a.test/p?', 'x=1')).toBe('https://a.test/p?x=1');
    expect(appendQueryText('https://a.test/p', '')).toBe('https://a.test/p');
  });

  it('URL-encodes like curl: only letters, digits and -._~ stay, a space is +', () => {
    expect(curlUrlEncode("a b&c=d/é!*'()~")).toBe('a+b%26c%3Dd%2F%C3%A9%21%2A%27%28%29~');
    expect(curlUrlEncode('a b\n', true)).toBe('a+b%0a');
  });

  it('reads every --data-urlencode and --url-query form, files through the reader', () => {
    const input = {
      files: { read: (path: string) => (path === 'f.txt' ? new TextEncoder().encode('x y\n') : undefined) },
    };
    expect(urlEncodedPiece('a b', input, '--data-urlencode')).toBe('a+b');
    expect(urlEncodedPiece('=a b', input, '--data-urlencode')).toBe('a+b');
    expect(urlEncodedPiece('q=a&b', input, '--data-urlencode')).toBe('q=a%26b');
    expect(urlEncodedPiece('q@f.txt', input, '--data-urlencode')).toBe('q=x+y%0A');
    expect(urlEncodedPiece('@f.txt', input, '--url-query')).toBe('x+y%0a');
    expect(urlEncodedPiece('+raw=%20 x', input, '--url-query')).toBe('raw=%20 x');
  });

  it('joins data with & and --json pieces as they are', () => {
    const input = {};
    expect(
      joinData(
        [
          { kind: 'data', value: 'a=1' },
          { kind: 'urlencode', value: 'b=x y' },
          { kind: 'raw', value: '@literal' },
        ],
        input,
      ),
    ).toBe('a=1&b=x+y&@literal');
    expect(
      joinData(
        [
          { kind: 'json', value: '{"a":' },
          { kind: 'json', value: '1}' },
        ],
        input,
      ),
    ).toBe('{"a":1}');
  });
});
