import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../diagnostics/errors.js';
import { evaluateCondition, parseCondition } from './condition.js';
import { scopeFromObject } from './scope.js';
import { testRuntime } from './testRuntime.js';

const scope = scopeFromObject({
  status: 'blocked',
  code: 200,
  codeText: '200',
  count: 0,
  zero: '0',
  token: 'abc',
  empty: '',
  no: false,
  yes: true,
  falseText: 'false',
  nothing: null,
  list: [1, 2],
  emptyList: [],
  emptyObject: {},
  user: { name: 'Ann', roles: ['admin'], age: 30 },
  same: { a: 1, b: [1, 2] },
  sameReordered: { b: [1, 2], a: 1 },
  version: '10',
  label: 'in progress',
  item: { stock: 3 },
});

function check(condition: string): boolean {
  return evaluateCondition(condition, scope, testRuntime());
}

function parseError(condition: string): ExpressionError {
  try {
    parseCondition(condition);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error(`expected ${condition} not to parse`);
}

describe('operators', () => {
  it.each([
    ['$status == blocked', true],
    ['$status == open', false],
    ['$status != open', true],
    ['$status != blocked', false],
    ['$code > 199', true],
    ['$code > 200', false],
    ['$code >= 200', true],
    ['$code < 300', true],
    ['$code < 200', false],
    ['$code <= 200', true],
    ['$code>=200&&$code<300', true],
    ['$yes && $token', true],
    ['$yes && $no', false],
    ['$no || $yes', true],
    ['$no || $nothing', false],
    ['!$no', true],
    ['!$yes', false],
    ['!!$yes', true],
    ['!($status == blocked)', false],
    ['!($status == open)', true],
  ])('%s is %s', (condition, expected) => {
    expect(check(condition)).toBe(expected);
  });
});

describe('precedence and grouping', () => {
  it.each([
    // && binds tighter than ||: true || (false && false)
    ['$yes || $no && $no', true],
    // (false && x) || true
    ['$no && $no || $yes', true],
    ['($yes || $no) && $no', false],
    ['$yes || ($no && $no)', true],
    ['!$no && $yes', true],
    ['!($no || $yes)', false],
    ['(($code == 200))', true],
    ['$code == 200 && ($status == open || $user.age > 18)', true],
  ])('%s is %s', (condition, expected) => {
    expect(check(condition)).toBe(expected);
  });

  it('builds the tree with && below ||', () => {
    const tree = parseCondition('$a || $b && $c');
    expect(tree.kind).toBe('or');
    if (tree.kind === 'or') expect(tree.right.kind).toBe('and');
  });
});

describe('short-circuit', () => {
  it('does not evaluate the right side when the left decides', () => {
    expect(check('$no && $undefined == 1')).toBe(false);
    expect(check('$yes || $undefined == 1')).toBe(true);
    expect(check('$token && $token == abc')).toBe(true);
  });

  it('evaluates the right side when needed, so an undefined variable in a comparison fails', () => {
    expect(() => check('$yes && $undefined == 1')).toThrow(
      expect.objectContaining({ code: 'variable.undefined', offset: 8 }),
    );
  });
});

describe('truthiness of a bare operand', () => {
  it.each([
    ['$token', true],
    ['$yes', true],
    ['$list', true],
    ['$user', true],
    ['$zero', true],
    ['$code', true],
    ['$undefined', false],
    ['$user.missing', false],
    ['$user.name.deeper', false],
    ['$no', false],
    ['$nothing', false],
    ['$empty', false],
    ['$falseText', false],
    ['$count', false],
    ['$emptyList', false],
    ['$emptyObject', false],
    ['{{token}}', true],
    ['${token}', true],
    ['$user.roles[0]', true],
    ['$user.roles[3]', false],
    ['yes', true],
    ['false', false],
    ['0', false],
    ["''", false],
    ['$int($zero)', false],
  ])('%s is %s', (condition, expected) => {
    expect(check(condition)).toBe(expected);
  });
});

describe('comparison semantics', () => {
  it.each([
    // numbers and numeric strings compare as numbers
    ['$code == "200"', true],
    ['$codeText == 200', true],
    ['$codeText == 200.0', true],
    ['$version > 9', true],
    ['$version > "9"', true],
    ['$code != 201', true],
    // booleans compare with "true"/"false"
    ['$yes == true', true],
    ['$yes == "true"', true],
    ['$falseText == false', true],
    ['$no == 0', false],
    // null
    ['$nothing == null', true],
    ['$nothing != null', false],
    ['$token == null', false],
    // strings
    ["$label == 'in progress'", true],
    ['$label == "in progress"', true],
    ['$status == "blocked"', true],
    ['$status > "apple"', true],
    ['$status < "apple"', false],
    ['abc < abd', true],
    ['B < a', true],
    // objects and arrays by deep equality, key order ignored
    ['$same == $sameReordered', true],
    ['$same == $user', false],
    ['$user.roles == $user.roles', true],
    // references on both sides, functions, {{ }}, generators
    ['$user.age >= $item.stock', true],
    ['$int($codeText) == 200', true],
    ['{{code}} == 200', true],
    ['$timestamp > 1700000000', true],
    ['$if($yes, 1, 2) == 1', true],
    // negative and decimal numbers
    ['$count > -1', true],
    ['$count < 0.5', true],
    // a word that mixes text and references is text
    ['$status-$code == blocked-200', true],
  ])('%s is %s', (condition, expected) => {
    expect(check(condition)).toBe(expected);
  });

  it('fails on an undefined variable or a missing path inside a comparison', () => {
    expect(() => check('$nope == 1')).toThrow(
      expect.objectContaining({ code: 'variable.undefined', offset: 0 }),
    );
    expect(() => check('1 == $user.missing')).toThrow(
      expect.objectContaining({ code: 'variable.path', offset: 5 }),
    );
  });

  it('accepts a parsed condition as well as text', () => {
    const parsed = parseCondition('$code == 200');
    expect(evaluateCondition(parsed, scope, testRuntime())).toBe(true);
    expect(evaluateCondition(parsed, scopeFromObject({ code: 500 }), testRuntime())).toBe(false);
  });
});

describe('ambiguous negation', () => {
  it.each(['!$status == blocked', '!$code > 3', '$yes && !$status != open', '!!$status == blocked'])(
    '%s is rejected',
    (condition) => {
      expect(parseError(condition).code).toBe('condition.ambiguous-negation');
    },
  );

  it('says how to write either reading', () => {
    const error = parseError('!$status == blocked');
    expect(error.message).toBe('ambiguous negation: write `!($status == blocked)` or `$status != blocked`');
    expect(error.offset).toBe(0);
    expect(parseError('$yes && !$code > 3').message).toBe(
      'ambiguous negation: write `!($code > 3)` or `$code <= 3`',
    );
    expect(parseError('$yes && !$code > 3').offset).toBe(8);
  });

  it('accepts the parenthesized form and negated bare operands', () => {
    expect(() => parseCondition('!($status == blocked)')).not.toThrow();
    expect(() => parseCondition('!$token && $code == 200')).not.toThrow();
  });
});

describe('syntax errors', () => {
  it.each([
    ['', 'condition.empty', 0, 'the condition is empty'],
    ['   ', 'condition.empty', 0, 'the condition is empty'],
    ['$a = 1', 'condition.syntax', 3, '`=` is not a comparison'],
    ['$a === 1', 'condition.syntax', 3, '`===` is not an operator'],
    ['$a & $b', 'condition.syntax', 3, '`&` is not an operator'],
    ['$a | $b', 'condition.syntax', 3, '`|` is not an operator'],
    ['$a and $b', 'condition.syntax', 3, '`and` is not an operator'],
    ['$a OR $b', 'condition.syntax', 3, '`OR` is not an operator'],
    ['not $a', 'condition.syntax', 0, '`not` is not an operator'],
    ['($a == 1', 'condition.syntax', 0, '`(` is not closed'],
    ['($a == 1 $b)', 'condition.syntax', 9, 'unexpected `$b`: expected `)`'],
    ['$a == 1)', 'condition.syntax', 7, 'unexpected `)` without a matching `(`'],
    ['$a ==', 'condition.syntax', 3, 'the condition ends too early: expected a value after `==`'],
    ['== 1', 'condition.syntax', 0, 'unexpected `==`: expected a value'],
    ['$a && || $b', 'condition.syntax', 6, 'unexpected `||`: expected a value'],
    ['$a &&', 'condition.syntax', 5, 'the condition ends too early: expected a value'],
    ['$a == 1 $b', 'condition.syntax', 8, 'unexpected `$b` after a complete condition'],
    ['$s == in progress', 'condition.syntax', 9, 'unexpected `progress` after a complete condition'],
    ['$a < 1 < 2', 'condition.syntax', 7, 'comparisons cannot be chained'],
    ['($a) == 1', 'condition.syntax', 5, 'a parenthesized condition cannot be compared with `==`'],
    ["$a == 'open", 'condition.syntax', 6, 'the string is not closed'],
    ['$a == x,y', 'condition.syntax', 7, 'unexpected `,`'],
    ['${nope(1)} == 1', 'template.unknown-function', 2, 'unknown function `nope`'],
    ['$a == ${b', 'template.unclosed', 6, '`${` is not closed: add `}`'],
  ])('%j: %s at %i', (condition, code, offset, message) => {
    const error = parseError(condition);
    expect({ code: error.code, offset: error.offset, message: error.message }).toEqual({
      code,
      offset,
      message,
    });
  });

  it.each([
    ['$a = 1', 'use `==` to compare'],
    ['$a => 1', 'use `>=`'],
    ['$a =< 1', 'use `<=`'],
    ['$a & $b', 'use `&&`'],
    ['$a or $b', 'use `||`'],
    ['not $a', 'use `!`'],
    ['($a', 'add `)`'],
  ])('%j hints %s', (condition, hint) => {
    expect(parseError(condition).hint).toBe(hint);
  });

  it('reports the earlier of an operand error and a grammar error', () => {
    expect(parseError('${nope()} = 1').code).toBe('template.unknown-function');
  });
});
