import { describe, expect, it } from 'vitest';
import { Masker, SecretRegistry } from '../../masking/index.js';
import type { JsonReport, JsonStep } from '../json/reportTypes.js';
import { toCurl } from '../shared/curl.js';
import { addReportSecrets, maskedSpans } from './reportSecrets.js';

describe('maskedSpans', () => {
  it('finds what the raw text holds where the masked one says [MASKED]', () => {
    expect(maskedSpans("'http://h/?key=[MASKED]&a=1'", "'http://h/?key=s3cr3t&a=1'")).toEqual(['s3cr3t']);
    expect(maskedSpans('-H x: [MASKED] and [MASKED].', '-H x: one and two.')).toEqual(['one', 'two']);
    expect(maskedSpans("--data-raw '[MASKED]'", "--data-raw 'it'\\''s'")).toEqual(["it's"]);
  });

  it('says nothing when the texts do not line up', () => {
    expect(maskedSpans('a [MASKED] b', 'x 1 b')).toEqual([]);
    expect(maskedSpans('a [MASKED][MASKED] b', 'a 12 b')).toEqual([]);
    expect(maskedSpans('no mask', 'no mask')).toEqual([]);
  });
});

describe('addReportSecrets', () => {
  it('learns secrets from masked cURL text, values saved under masked names, and nested steps', () => {
    const raw = { method: 'GET', url: 'http://h/?key=k-123456', headers: { 'x-a': 'plain' }, body: null };
    const masked = { ...raw, url: 'http://h/?key=[MASKED]', body: undefined };
    const child: JsonStep = {
      ...({} as JsonStep),
      curl: toCurl(masked),
      request: raw,
      saved: { token: 't-abcdef', id: 'i-public' },
    };
    const report = { steps: [{ ...({} as JsonStep), curl: null, request: null, children: [child] }] };
    const secrets = new SecretRegistry();
    const masker = new Masker({ enabled: true, fields: [] }, secrets);
    addReportSecrets([report as unknown as JsonReport], masker, secrets);
    expect([...secrets.values()].sort()).toEqual(['k-123456', 't-abcdef']);
    expect(masker.maskText('got k-123456 and t-abcdef, i-public')).toBe(
      'got [MASKED] and [MASKED], i-public',
    );
  });
});
