import { describe, expect, it } from 'vitest';
import { MASK, Masker, SecretRegistry } from '../masking/index.js';
import { LAZY, maskedOnRead } from './maskOnRead.js';

const PATHS = { headers: ['response', 'headers'], body: ['response', 'body'] };

function setup() {
  const secrets = new SecretRegistry();
  const masker = new Masker({ enabled: true, fields: [] }, secrets);
  let reads = 0;
  const maskValue = masker.maskValue.bind(masker);
  masker.maskValue = (value, path) => {
    reads++;
    return maskValue(value, path);
  };
  const raw = {
    status: 200,
    headers: { 'x-note': 'key sk-live-0123456789', authorization: 'Bearer abc' },
    body: { note: 'key sk-live-0123456789 issued' },
  };
  const record = maskedOnRead<typeof raw>(
    { status: raw.status, headers: LAZY, body: LAZY },
    raw,
    masker,
    PATHS,
  );
  return { secrets, record, raw, reads: () => reads };
}

describe('maskedOnRead', () => {
  it('masks headers and body when first read, with the secrets known then, and only once', () => {
    const { secrets, record, reads } = setup();
    expect(reads()).toBe(0);
    secrets.add('sk-live-0123456789');
    expect(record.body).toEqual({ note: `key ${MASK} issued` });
    expect(record.body).toBe(record.body);
    expect(record.headers).toEqual({ 'x-note': `key ${MASK}`, authorization: MASK });
    expect(reads()).toBe(2);
  });

  it('reads as the record it stands for through spreading, entries, descriptors and JSON', () => {
    const { secrets, record } = setup();
    secrets.add('sk-live-0123456789');
    const expected = {
      status: 200,
      headers: { 'x-note': `key ${MASK}`, authorization: MASK },
      body: { note: `key ${MASK} issued` },
    };
    expect(Object.keys(record)).toEqual(['status', 'headers', 'body']);
    expect({ ...record }).toEqual(expected);
    expect(Object.fromEntries(Object.entries(record))).toEqual(expected);
    expect(Object.getOwnPropertyDescriptor(record, 'body')?.value).toEqual(expected.body);
    expect(JSON.parse(JSON.stringify(record))).toEqual(expected);
    expect(JSON.stringify(record)).not.toContain('sk-live');
  });

  it('leaves the record it was made from as it was', () => {
    const { secrets, record, raw } = setup();
    secrets.add('sk-live-0123456789');
    void JSON.stringify(record);
    expect(raw.body.note).toBe('key sk-live-0123456789 issued');
    expect(raw.headers.authorization).toBe('Bearer abc');
  });
});
