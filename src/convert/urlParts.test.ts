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
      kept: [],
    });
  });

  it('keeps repeated names, bare flags and broken escapes in the URL as written', () => {
    expect(splitQuery('tag=a&x=1&tag=b&flag&bad=%zz&&')).toEqual({
      params: [['x', '1']],
      kept: ['tag=a', 'tag=b', 'flag', 'bad=%zz'],
    });
  });
});

describe('query and data text', () => {
  it('appends query text with the right separator', () => {
    expect(appendQueryText('https://a.test/p', 'x=1')).toBe('https://a.test/p?x=1');
    expect(appendQueryText('https://a.test/p?a=1', 'x=1')).toBe('https://a.test/p?a=1&x=1');
    expect(appendQueryText('https://a.test/p?', 'x=1')).toBe('https://a.test/p?x=1');
    expect(appendQueryText('https://a.test/p', '')).toBe('https://a.test/p');
  });

  it('URL-encodes like curl: only letters, digits and -._~ stay', () => {
    expect(curlUrlEncode("a b&c=d/é!*'()~")).toBe('a%20b%26c%3Dd%2F%C3%A9%21%2A%27%28%29~');
  });

  it('reads every --data-urlencode form', () => {
    expect(urlEncodedPiece('a b')).toEqual({ text: 'a%20b' });
    expect(urlEncodedPiece('=a b')).toEqual({ text: 'a%20b' });
    expect(urlEncodedPiece('q=a&b')).toEqual({ text: 'q=a%26b' });
    expect(urlEncodedPiece('q@file.txt')).toEqual({ text: 'q=', file: 'file.txt' });
    expect(urlEncodedPiece('@file.txt')).toEqual({ text: '', file: 'file.txt' });
  });

  it('joins data with & and --json pieces as they are, noting files curl would read', () => {
    expect(
      joinData([
        { kind: 'data', value: 'a=1' },
        { kind: 'urlencode', value: 'b=x y' },
        { kind: 'raw', value: '@literal' },
      ]),
    ).toEqual({ text: 'a=1&b=x%20y&@literal', files: [] });
    expect(
      joinData([
        { kind: 'json', value: '{"a":' },
        { kind: 'json', value: '1}' },
      ]).text,
    ).toBe('{"a":1}');
    expect(joinData([{ kind: 'binary', value: '@body.bin' }]).files).toEqual(['body.bin']);
  });
});
