import { describe, expect, it } from 'vitest';
import { decodeBody, serializeBody } from './body.js';
import { MAX_JSON_DEPTH } from '../diagnostics/jsonText.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('serializeBody', () => {
  it('sends maps and lists as JSON', () => {
    expect(serializeBody({ name: 'Ada', tags: [1, 2] }, {})).toEqual({
      body: '{"name":"Ada","tags":[1,2]}',
      contentType: 'application/json',
    });
    expect(serializeBody([1], {})).toEqual({ body: '[1]', contentType: 'application/json' });
  });

  it('sends scalars as JSON values', () => {
    expect(serializeBody(42, {})).toEqual({ body: '42', contentType: 'application/json' });
    expect(serializeBody(null, {})).toEqual({ body: 'null', contentType: 'application/json' });
  });

  it('sends a string as it is, as text unless the headers name a type', () => {
    expect(serializeBody('a=1&b=2', {})).toEqual({
      body: 'a=1&b=2',
      contentType: 'text/plain; charset=utf-8',
    });
    expect(serializeBody('a=1', { 'Content-Type': 'application/x-www-form-urlencoded' })).toEqual({
      body: 'a=1',
    });
  });

  it('keeps the user content-type for JSON too', () => {
    expect(serializeBody({ a: 1 }, { 'CONTENT-TYPE': 'application/vnd.api+json' })).toEqual({
      body: '{"a":1}',
    });
  });

  it('sends nothing for an absent body', () => {
    expect(serializeBody(undefined, { 'content-type': 'text/plain' })).toEqual({});
  });
});

describe('decodeBody', () => {
  it('parses JSON media types, including +json and parameters', () => {
    for (const type of ['application/json', 'application/problem+json', 'Application/JSON; charset=utf-8']) {
      expect(decodeBody({ headers: { 'content-type': type }, body: bytes('{"a":1}') })).toEqual({
        text: '{"a":1}',
        json: { a: 1 },
        isJson: true,
      });
    }
  });

  it('parses a JSON scalar when the content type says JSON', () => {
    expect(decodeBody({ headers: { 'content-type': 'application/json' }, body: bytes('42') }).json).toBe(42);
  });

  it('recognises an object or array sent as text', () => {
    expect(decodeBody({ headers: { 'content-type': 'text/plain' }, body: bytes(' [1,2] ') }).json).toEqual([
      1, 2,
    ]);
    expect(decodeBody({ headers: {}, body: bytes('{"ok":true}') }).isJson).toBe(true);
  });

  it('keeps a body nested deeper than the limit as text, naming the limit', () => {
    const text = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expect(decodeBody({ headers: { 'content-type': 'application/json' }, body: bytes(text) })).toEqual({
      text,
      isJson: false,
      problem: `the response body is nested deeper than ${MAX_JSON_DEPTH} levels and is kept as text`,
    });
    const limit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(decodeBody({ headers: {}, body: bytes(limit) }).isJson).toBe(true);
  });

  it('keeps text that is not JSON as text', () => {
    expect(decodeBody({ headers: { 'content-type': 'text/plain' }, body: bytes('42') })).toEqual({
      text: '42',
      isJson: false,
    });
    // Under a JSON content type, with where it breaks (DECISIONS.md, Wave 2 / Platform).
    expect(decodeBody({ headers: { 'content-type': 'application/json' }, body: bytes('{broken') })).toEqual({
      text: '{broken',
      isJson: false,
      problem: 'the response body is not valid JSON (it breaks at line 1, column 2)',
    });
    expect(decodeBody({ headers: { 'content-type': 'text/plain' }, body: bytes('{broken') })).toEqual({
      text: '{broken',
      isJson: false,
    });
    expect(decodeBody({ headers: { 'content-type': 'application/json' }, body: bytes('') })).toEqual({
      text: '',
      isJson: false,
    });
  });

  it('decodes the declared charset and drops a UTF-8 byte order mark', () => {
    const latin1 = Uint8Array.from([0x63, 0x61, 0x66, 0xe9]);
    expect(
      decodeBody({ headers: { 'content-type': 'text/plain; charset=ISO-8859-1' }, body: latin1 }).text,
    ).toBe('café');
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes('{"a":1}')]);
    expect(decodeBody({ headers: { 'content-type': 'application/json' }, body: withBom }).json).toEqual({
      a: 1,
    });
  });

  it('falls back to UTF-8 for an unknown charset', () => {
    expect(
      decodeBody({ headers: { 'content-type': 'text/plain; charset=klingon' }, body: bytes('ok ✓') }).text,
    ).toBe('ok ✓');
  });
});
