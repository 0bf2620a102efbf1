import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../diagnostics/errors.js';
import { scopeFromObject } from './scope.js';
import { interpolate, interpolateDeep } from './template.js';
import { testRuntime } from './testRuntime.js';

const scope = scopeFromObject({
  name: 'Ann',
  userId: 17,
  '1-userId': 'u-1',
  a: 'A',
  b: 'B',
  item: { id: 7, tags: ['x', 'y'], 'odd.key': 'dotted' },
  list: [{ field: 'first' }, { field: 'second' }],
  accounts: { admin: { password: 'pw' } },
  flag: true,
  nothing: null,
  count: 0,
  uuid: 'a variable the generator hides',
  string: 'a variable named like a function',
});

function run(text: string): unknown {
  return interpolate(text, scope, testRuntime());
}

function failure(text: string): ExpressionError {
  try {
    run(text);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error(`expected ${text} to fail`);
}

describe('interpolate: references', () => {
  it.each([
    ['$name', 'Ann'],
    ['${name}', 'Ann'],
    ['${ name }', 'Ann'],
    ['$item.id', 7],
    ['$list[0].field', 'first'],
    ['${list[1].field}', 'second'],
    ['$list[-1].field', 'second'],
    ['$accounts.admin.password', 'pw'],
    ['${1-userId}', 'u-1'],
    ['$item["odd.key"]', 'dotted'],
    ['{{name}}', 'Ann'],
    ['{{ name }}', 'Ann'],
    ['{{item.tags[1]}}', 'y'],
    ['$string', 'a variable named like a function'],
  ])('%s → %j', (text, expected) => {
    expect(run(text)).toEqual(expected);
  });

  it.each([
    ['Hello $name!', 'Hello Ann!'],
    ['$name.', 'Ann.'],
    ['$name.txt', undefined],
    ['$a-$b', 'A-B'],
    ['${a}-${b}', 'A-B'],
    ['/users/$userId/orders', '/users/17/orders'],
    ['id=${userId}.json', 'id=17.json'],
    ['$item.id.', '7.'],
    ['$list[x]', '[{"field":"first"},{"field":"second"}][x]'],
    ['{{name}}-{{ userId }}', 'Ann-17'],
  ])('%s reads the reference where it ends', (text, expected) => {
    if (expected === undefined) expect(() => run(text)).toThrow(ExpressionError);
    else expect(run(text)).toBe(expected);
  });
});

describe('interpolate: escapes and literal text', () => {
  it.each([
    ['$$', '$'],
    ['$$name', '$name'],
    ['costs $5', 'costs $5'],
    ['100$', '100$'],
    ['a $ b', 'a $ b'],
    ['$$$name', '$Ann'],
    ['{{ not a reference }}', '{{ not a reference }}'],
    ['{{unclosed', '{{unclosed'],
    ['{"json": true}', '{"json": true}'],
    ['no expressions at all', 'no expressions at all'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(run(text)).toBe(expected);
  });
});

describe('interpolate: typed results', () => {
  it('keeps the type when the whole text is one expression', () => {
    expect(run('$userId')).toBe(17);
    expect(run('$item')).toEqual({ id: 7, tags: ['x', 'y'], 'odd.key': 'dotted' });
    expect(run('$item.tags')).toEqual(['x', 'y']);
    expect(run('$flag')).toBe(true);
    expect(run('$nothing')).toBeNull();
    expect(run('$count')).toBe(0);
    expect(run('$int("42")')).toBe(42);
    expect(run('$timestamp')).toBe(1709622489);
  });

  it('concatenates as text otherwise, writing objects as JSON and null as "null"', () => {
    expect(run(' $userId')).toBe(' 17');
    expect(run('$userId$userId')).toBe('1717');
    expect(run('tags: $item.tags')).toBe('tags: ["x","y"]');
    expect(run('v=$nothing/$flag/$count')).toBe('v=null/true/0');
    expect(run('{{item}}!')).toBe('{"id":7,"tags":["x","y"],"odd.key":"dotted"}!');
  });

  it('returns plain text that looks like a number as a string', () => {
    expect(run('42')).toBe('42');
  });
});

describe('interpolate: errors', () => {
  it('names an undefined variable and suggests a close name', () => {
    const error = failure('id: $userid');
    expect(error.code).toBe('variable.undefined');
    expect(error.message).toBe('variable `$userid` is not defined');
    expect(error.offset).toBe(4);
    expect(error.hint).toBe('did you mean `$userId`?');
  });

  it('suggests a generator for a misspelled generator name', () => {
    expect(failure('$randomemail').hint).toBe('did you mean `$randomEmail`?');
  });

  it('lists the defined names when there are few and none is close', () => {
    const small = scopeFromObject({ token: 't', user: {} });
    expect(() => interpolate('$zzzzzzzz', small, testRuntime())).toThrow(
      expect.objectContaining({ code: 'variable.undefined', hint: 'defined: token, user' }),
    );
    expect(() => interpolate('$x', scopeFromObject({}), testRuntime())).toThrow(
      expect.objectContaining({ hint: 'no variables are defined at this point' }),
    );
  });

  it('explains a function name used without parentheses', () => {
    expect(failure('$int').hint).toBe('`$int` is a function: write `$int(value)`');
    expect(failure('$if').hint).toBe('`$if` is a function: write `$if(condition, then, else)`');
  });

  it('shows names that the bare form cannot reach in braces', () => {
    expect(failure('${2-userId}').message).toBe('variable `${2-userId}` is not defined');
  });

  it('reports a path that does not resolve, with the available fields', () => {
    const error = failure('x $item.name');
    expect(error.code).toBe('variable.path');
    expect(error.message).toBe('`$item.name` does not resolve: `$item` has no field `name`');
    expect(error.hint).toBe('available: id, tags, odd.key');
    expect(error.offset).toBe(2);
  });

  it('reports an index out of range with the index range', () => {
    const error = failure('$list[5].field');
    expect(error.message).toBe('`$list[5].field` does not resolve: `$list` has 2 items');
    expect(error.hint).toBe('available: [0]..[1]');
  });

  it('explains a field read on an array or a scalar', () => {
    expect(failure('$list.field').message).toBe(
      '`$list.field` does not resolve: `$list` is an array: use an index such as `$list[0]`',
    );
    const scalar = failure('$userId.json');
    expect(scalar.message).toBe(
      '`$userId.json` does not resolve: `$userId` is a number, not an object or array',
    );
    expect(scalar.hint).toBe('if `.json` is text, write `${userId}.json`');
  });

  it.each([
    ['${name', 'template.unclosed', 0],
    ['x ${}', 'template.syntax', 2],
    ['${$name}', 'template.syntax', 2],
    ['${a b}', 'template.syntax', 2],
    ['${uuid.x}', 'template.syntax', 6],
    ['${nope(1)}', 'template.unknown-function', 2],
    ['$int(1', 'template.unclosed', 0],
    ['${randomInt(1)}', 'template.arguments', 0],
    ['${list[x]}', 'path.syntax', 6],
  ])('%s is a syntax error (%s at %i)', (text, code, offset) => {
    const error = failure(text);
    expect(error.code).toBe(code);
    expect(error.offset).toBe(offset);
  });
});

describe('interpolate: reserved generator names', () => {
  it('reads the generator even when a variable has its name', () => {
    expect(run('$uuid')).toBe('00000000-0000-4000-8000-000000000001');
    expect(run('${uuid}')).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('reads the variable through {{ }}, which always names a variable', () => {
    expect(run('{{uuid}}')).toBe('a variable the generator hides');
  });
});

describe('interpolateDeep', () => {
  it('interpolates strings in maps and lists, keys as text, and leaves other values alone', () => {
    const input = {
      id: '$userId',
      label: 'user $name',
      nested: [{ tag: '$item.tags[0]' }, 3, false, null],
      $name: 'key',
      k$userId: { deep: '${list[0]}' },
    };
    expect(interpolateDeep(input, scope, testRuntime())).toEqual({
      id: 17,
      label: 'user Ann',
      nested: [{ tag: 'x' }, 3, false, null],
      Ann: 'key',
      k17: { deep: { field: 'first' } },
    });
  });

  it('returns a new structure without touching the input', () => {
    const input = { list: ['$name'] };
    const output = interpolateDeep(input, scope, testRuntime());
    expect(input).toEqual({ list: ['$name'] });
    expect(output).not.toBe(input);
  });

  it('keeps a key named __proto__ as an ordinary key, not the prototype of the result', () => {
    const input = JSON.parse('{"__proto__": {"polluted": "$name"}, "a": "$a"}') as unknown;
    const output = interpolateDeep(input, scope, testRuntime()) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.keys(output)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({ polluted: 'Ann' });
    expect((output as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('passes non-string scalars through', () => {
    expect(interpolateDeep(5, scope, testRuntime())).toBe(5);
    expect(interpolateDeep(undefined, scope, testRuntime())).toBeUndefined();
  });
});
