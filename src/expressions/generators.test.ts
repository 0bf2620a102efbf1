import { describe, expect, it } from 'vitest';
import { scopeFromObject } from './scope.js';
import { interpolate } from './template.js';
import { FIXED_NOW, testRuntime } from './testRuntime.js';
import type { ExpressionRuntime } from './scope.js';

const users = [
  { id: 1, email: 'a@example.test', address: { city: 'Oslo' } },
  { id: 2, email: 'b@example.test', address: { city: 'Lima' } },
  { id: 3, email: 'c@example.test', address: { city: 'Kyiv' } },
];
const scope = scopeFromObject({ users, empty: [], notList: 'x', low: '3', high: 5 });

function run(text: string, runtime: ExpressionRuntime = testRuntime()): unknown {
  return interpolate(text, scope, runtime);
}

describe('generators', () => {
  it('$uuid comes from the runtime, fresh on every call', () => {
    const runtime = testRuntime();
    expect(run('$uuid', runtime)).toBe('00000000-0000-4000-8000-000000000001');
    expect(run('$uuid', runtime)).toBe('00000000-0000-4000-8000-000000000002');
    expect(run('$uuid/$uuid', runtime)).toBe(
      '00000000-0000-4000-8000-000000000003/00000000-0000-4000-8000-000000000004',
    );
  });

  it('$timestamp is Unix seconds, an integer', () => {
    expect(run('$timestamp')).toBe(Math.floor(FIXED_NOW.getTime() / 1000));
    expect(run('${timestamp}')).toBe(1709622489);
    expect(run('run-$timestamp.log')).toBe('run-1709622489.log');
  });

  it('$randomEmail is a reserved-domain address built from the runtime randomness', () => {
    expect(run('$randomEmail', testRuntime({ randoms: Array(10).fill(0) }))).toBe(
      'user.aaaaaaaaaa@example.test',
    );
    const email = run('$randomEmail', testRuntime({ seed: 7 }));
    expect(email).toMatch(/^user\.[a-z0-9]{10}@example\.test$/);
    expect(run('$randomEmail', testRuntime({ seed: 7 }))).toBe(email);
    expect(run('$randomEmail', testRuntime({ seed: 8 }))).not.toBe(email);
  });

  it('$randomInt is an integer in 0..1000 inclusive', () => {
    expect(run('$randomInt', testRuntime({ randoms: [0] }))).toBe(0);
    expect(run('$randomInt', testRuntime({ randoms: [0.999999] }))).toBe(1000);
    expect(run('$randomInt', testRuntime({ randoms: [0.5] }))).toBe(500);
  });

  it('values differ between calls', () => {
    const runtime = testRuntime({ seed: 1 });
    const values = new Set(Array.from({ length: 20 }, () => run('$randomInt', runtime)));
    expect(values.size).toBeGreaterThan(10);
  });
});

describe('randomInt(min, max)', () => {
  it('is inclusive at both ends', () => {
    expect(run('${randomInt(1, 6)}', testRuntime({ randoms: [0] }))).toBe(1);
    expect(run('${randomInt(1, 6)}', testRuntime({ randoms: [0.9999] }))).toBe(6);
    expect(run('${randomInt(5, 5)}')).toBe(5);
    expect(run('${randomInt(-3, -1)}', testRuntime({ randoms: [0] }))).toBe(-3);
  });

  it('stays within bounds over many draws', () => {
    const runtime = testRuntime({ seed: 3 });
    const seen = new Set<unknown>();
    for (let i = 0; i < 500; i++) seen.add(run('${randomInt(1,3)}', runtime));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('takes variables and numeric strings, and the bare $ form', () => {
    expect(run('${randomInt($low, $high)}', testRuntime({ randoms: [0] }))).toBe(3);
    expect(run('$randomInt(10, 20)', testRuntime({ randoms: [0] }))).toBe(10);
  });

  it('rejects min > max and non-integers', () => {
    expect(() => run('${randomInt(6, 1)}')).toThrow(expect.objectContaining({ code: 'expression.argument' }));
    expect(() => run('${randomInt(a, 2)}')).toThrow(expect.objectContaining({ code: 'expression.cast' }));
  });
});

describe('randomItem', () => {
  it('keeps the whole item, typed', () => {
    expect(run('${randomItem($users)}', testRuntime({ randoms: [0] }))).toEqual(users[0]);
    expect(run('${randomItem($users)}', testRuntime({ randoms: [0.99] }))).toEqual(users[2]);
  });

  it('keeps one field (or a path) of the chosen item', () => {
    expect(run('${randomItem($users, email)}', testRuntime({ randoms: [0.5] }))).toBe('b@example.test');
    expect(run("${randomItem($users, 'id')}", testRuntime({ randoms: [0.5] }))).toBe(2);
    expect(run('${randomItem($users, address.city)}', testRuntime({ randoms: [0] }))).toBe('Oslo');
  });

  it('fails clearly on a missing field, an empty array or a non-array', () => {
    expect(() => run('${randomItem($users, phone)}')).toThrow(
      expect.objectContaining({ code: 'variable.path', hint: 'available: id, email, address' }),
    );
    expect(() => run('${randomItem($empty)}')).toThrow(
      expect.objectContaining({ code: 'expression.argument' }),
    );
    expect(() => run('${randomItem($notList)}')).toThrow(
      expect.objectContaining({ message: '`randomItem` needs an array, got a string' }),
    );
  });
});

describe('dateNow(layout)', () => {
  // FIXED_NOW is 2024-03-05T07:08:09.123Z.
  it.each([
    ['${dateNow()}', '2024-03-05T07:08:09.123Z'],
    ['${dateNow(iso)}', '2024-03-05T07:08:09.123Z'],
    ['${dateNow(YYYY-MM-DD)}', '2024-03-05'],
    ['${dateNow(YYYY-MM-DD HH:mm:ss.SSS)}', '2024-03-05 07:08:09.123'],
    ['${dateNow(DD/MM/YY)}', '05/03/24'],
    ['${dateNow(YYYY-MM-DD[T]HH:mmZ)}', '2024-03-05T07:08+00:00'],
    ['${dateNow([Today is] DD)}', 'Today is 05'],
    ['${dateNow(X)}', '1709622489'],
    ['${dateNow(x)}', '1709622489123'],
    ["${dateNow('YYYY, MM')}", '2024, 03'],
    ['${dateNow(YYYY, MM)}', '2024, 03'],
    ['${dateNow(2006-01-02)}', '2024-03-05'],
    ['${dateNow(2006-01-02T15:04:05Z07:00)}', '2024-03-05T07:08:09Z'],
    ['${dateNow(2006-01-02 15:04:05.000)}', '2024-03-05 07:08:09.123'],
    ['$dateNow(YYYY)', '2024'],
    ['on ${dateNow(DD.MM.YYYY)}', 'on 05.03.2024'],
  ])('%s → %s', (text, expected) => {
    expect(run(text)).toBe(expected);
  });

  it('uses UTC whatever the hour', () => {
    const late = testRuntime({ now: new Date('2023-12-31T23:59:59.000Z') });
    expect(run('${dateNow(YYYY-MM-DD HH)}', late)).toBe('2023-12-31 23');
  });
});
