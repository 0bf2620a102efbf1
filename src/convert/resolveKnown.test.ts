import { describe, expect, it } from 'vitest';
import { scopeFromObject } from '../expressions/scope.js';
import { resolveKnown, resolveKnownDeep } from './resolveKnown.js';

const scope = scopeFromObject({
  host: 'api.example.test',
  payload: { a: 1 },
  accounts: { admin: { token: 'tok' } },
});

describe('resolveKnown', () => {
  it('fills in known variables and leaves the rest as written', () => {
    expect(resolveKnown('https://$host/u/$userId?t=${accounts.admin.token}&d=$uuid', scope)).toBe(
      'https://api.example.test/u/$userId?t=tok&d=$uuid',
    );
  });

  it('keeps the type of a whole-value reference and writes `$$` as `$`', () => {
    expect(resolveKnown('$payload', scope)).toEqual({ a: 1 });
    expect(resolveKnown('costs $$5 at $host', scope)).toBe('costs $5 at api.example.test');
  });

  it('leaves function calls, missing fields and broken templates as written', () => {
    for (const text of [
      '${randomInt(1,5)}',
      '$accounts.admin.missing',
      '$int($host)',
      '${unclosed',
      '{{host}}x',
    ]) {
      expect(resolveKnown(text, scope)).toBe(text.startsWith('{{') ? 'api.example.testx' : text);
    }
  });

  it('resolves map keys and nested values', () => {
    expect(resolveKnownDeep({ $host: ['$host', 2, null], n: '$nope' }, scope)).toEqual({
      'api.example.test': ['api.example.test', 2, null],
      n: '$nope',
    });
  });
});
