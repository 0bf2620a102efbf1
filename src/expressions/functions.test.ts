import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../diagnostics/errors.js';
import { scopeFromObject } from './scope.js';
import { interpolate } from './template.js';
import { testRuntime } from './testRuntime.js';

const scope = scopeFromObject({
  n: 5,
  text: '42',
  decimal: '4.7',
  word: 'abc',
  status: 'blocked',
  user: { name: 'Ann', vip: true },
  list: [1, 2],
  nothing: null,
  yes: 'yes',
});

function run(text: string): unknown {
  return interpolate(text, scope, testRuntime());
}

describe('casts', () => {
  it.each([
    ['$string($n)', '5'],
    ['$string($user)', '{"name":"Ann","vip":true}'],
    ['$string($nothing)', 'null'],
    ['$string(true)', 'true'],
    ['$int("42")', 42],
    ['$int($text)', 42],
    ['$int("4.7")', 4],
    ['$int($decimal)', 4],
    ['$int(-4.7)', -4],
    ['$int(" 12 ")', 12],
    ['$int(true)', 1],
    ['$float("4.7")', 4.7],
    ['$float($n)', 5],
    ['$float("1e3")', 1000],
    ['$bool("yes")', true],
    ['$bool("true")', true],
    ['$bool("1")', true],
    ['$bool("TRUE")', true],
    ['$bool($yes)', true],
    ['$bool("no")', false],
    ['$bool("false")', false],
    ['$bool("0")', false],
    ['$bool("")', false],
    ['$bool(0)', false],
    ['$bool($nothing)', false],
    ['$bool($user.vip)', true],
    ['${int($text)}', 42],
    ['${string(42)}', '42'],
  ])('%s → %j', (text, expected) => {
    expect(run(text)).toStrictEqual(expected);
  });

  it.each([
    ['$int($word)', 'cannot convert "abc" to an integer'],
    ['$int("")', 'cannot convert "" to an integer'],
    ['$float($user)', 'cannot convert {"name":"Ann","vip":true} to a number'],
    ['$int($nothing)', 'cannot convert null to an integer'],
    ['$bool("maybe")', 'cannot convert "maybe" to a boolean'],
    ['$bool($list)', 'cannot convert [1,2] to a boolean'],
  ])('%s fails: %s', (text, message) => {
    expect(() => run(text)).toThrow(expect.objectContaining({ code: 'expression.cast', message }));
  });

  it('points a cast error at the call', () => {
    try {
      run('total: $int($word)');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionError);
      expect((error as ExpressionError).offset).toBe(7);
    }
  });

  it('casts inside text and nested calls', () => {
    expect(run('n=$int($decimal)!')).toBe('n=4!');
    expect(run('$string($int($decimal))')).toBe('4');
    expect(run('${string(int($decimal))}')).toBe('4');
  });
});

describe('$if(condition, then, else)', () => {
  it.each([
    ['$if($n > 3, big, small)', 'big'],
    ['$if($n > 10, big, small)', 'small'],
    ['$if($status == blocked, "no entry", welcome)', 'no entry'],
    ["$if($status != blocked, yes, 'it, has, commas')", 'it, has, commas'],
    ['$if($user.vip, Dear $user.name, Hi)', 'Dear Ann'],
    ['$if($missing, set, unset)', 'unset'],
    ['$if($n == 5, 10, 20)', 10],
    ['$if($n == 5, true, false)', true],
    ['$if($n == 5, null, 1)', null],
    ['$if($n == 5, $list, $user)', [1, 2]],
    ['$if($n > 3 && ($status == open || $user.vip), ok, no)', 'ok'],
    ['$if($if($n > 3, 1, 0) == 1, nested, flat)', 'nested'],
    ['${if($n < 3, a, b)}', 'b'],
    ['[$if(!$user.vip, regular, vip)]', '[vip]'],
    ["$if($user.vip, it's mine, no)", "it's mine"],
    ['$if($status == \'a,b\', x, "quoted $n")', 'quoted $n'],
  ])('%s → %j', (text, expected) => {
    expect(run(text)).toStrictEqual(expected);
  });

  it('evaluates only the chosen branch', () => {
    expect(run('$if($n > 3, ok, $undefinedVariable)')).toBe('ok');
    expect(() => run('$if($n < 3, ok, $undefinedVariable)')).toThrow(
      expect.objectContaining({ code: 'variable.undefined' }),
    );
  });

  it('reports a bad condition with its offset in the template', () => {
    expect(() => run('x $if($n = 3, a, b)')).toThrow(
      expect.objectContaining({ code: 'condition.syntax', offset: 9, hint: 'use `==` to compare' }),
    );
  });

  it('needs exactly three arguments', () => {
    expect(() => run('$if($n, a)')).toThrow(
      expect.objectContaining({
        code: 'template.arguments',
        message: '`if` takes 3 arguments, got 2',
        hint: 'usage: `if(condition, then, else)`',
      }),
    );
  });
});

describe('base64', () => {
  it.each([
    ['$base64("user:pass")', 'dXNlcjpwYXNz'],
    ['${base64($word)}', 'YWJj'],
    ['$base64("é€")', 'w6nigqw='],
    ['$base64($n)', 'NQ=='],
    ['$base64("")', ''],
    ['Basic $base64("a:b")', 'Basic YTpi'],
  ])('%s gives %j (standard alphabet, UTF-8)', (text, expected) => {
    expect(run(text)).toBe(expected);
  });

  it('takes exactly one argument', () => {
    expect(() => run('$base64()')).toThrow(ExpressionError);
  });
});
