import { describe, expect, it } from 'vitest';
import { parseCondition } from './condition.js';
import { FUNCTION_NAMES, GENERATOR_NAMES } from './names.js';
import { checkTemplate, conditionReferences, templateReferences } from './references.js';

function problems(text: string): { code: string; offset: number; message: string; hint?: string }[] {
  return checkTemplate(text).map(({ code, offset, message, hint }) =>
    hint === undefined ? { code, offset, message } : { code, offset, message, hint },
  );
}

describe('checkTemplate', () => {
  it.each([
    'plain text',
    '$name and ${name} and {{name}}',
    '${randomInt(1, 10)} $uuid ${dateNow(YYYY-MM-DD)}',
    '$if($a > 3 && !($b == c), big, small)',
    '$undefinedIsFineStatically',
    'costs $5 and $$literal',
  ])('accepts %j', (text) => {
    expect(checkTemplate(text)).toEqual([]);
  });

  it('reports an unclosed ${ at its position', () => {
    expect(problems('id: ${name')).toEqual([
      { code: 'template.unclosed', offset: 4, message: '`${` is not closed: add `}`' },
    ]);
  });

  it('reports an unknown function with did-you-mean', () => {
    expect(problems('${randomInteger(1,2)}')).toEqual([
      {
        code: 'template.unknown-function',
        offset: 2,
        message: 'unknown function `randomInteger`',
        hint: 'did you mean `randomInt`?',
      },
    ]);
    expect(problems('${randmInt(1,2)}')[0]?.hint).toBe('did you mean `randomInt`?');
    expect(problems('${frobnicate(1)}')[0]?.hint).toBe(`functions: ${FUNCTION_NAMES.join(', ')}`);
  });

  it.each([
    ['${randomInt(1)}', '`randomInt` takes 2 arguments, got 1', 'usage: `randomInt(min, max)`'],
    ['$int()', '`int` takes 1 argument, got 0', 'usage: `int(value)`'],
    ['$string(a, b)', '`string` takes 1 argument, got 2', 'usage: `string(value)`'],
    ['${randomItem()}', '`randomItem` takes 1 or 2 arguments, got 0', undefined],
    ['$if(a, b)', '`if` takes 3 arguments, got 2', 'usage: `if(condition, then, else)`'],
  ])('reports a wrong argument count in %s', (text, message, hint) => {
    const [problem] = checkTemplate(text);
    expect(problem?.code).toBe('template.arguments');
    expect(problem?.message).toBe(message);
    if (hint) expect(problem?.hint).toBe(hint);
  });

  it('reports a condition inside $if with offsets into the template', () => {
    expect(problems('x: $if(!$s == a, 1, 2)')).toEqual([
      expect.objectContaining({ code: 'condition.ambiguous-negation', offset: 7 }),
    ]);
    expect(problems('x: $if($s = a, 1, 2)')).toEqual([
      expect.objectContaining({ code: 'condition.syntax', offset: 10, hint: 'use `==` to compare' }),
    ]);
  });

  it('reports every problem, not just the first', () => {
    expect(problems('${nope()} $int() ${')).toEqual([
      expect.objectContaining({ code: 'template.unknown-function', offset: 2 }),
      expect.objectContaining({ code: 'template.arguments', offset: 10 }),
      expect.objectContaining({ code: 'template.unclosed', offset: 17 }),
    ]);
  });

  it('reports an empty argument and text after a call', () => {
    expect(problems('${randomInt(1,)}')).toEqual([
      expect.objectContaining({ code: 'template.syntax', offset: 14 }),
    ]);
    expect(problems('${int(1) x}')).toEqual([
      expect.objectContaining({ code: 'template.syntax', offset: 8 }),
    ]);
  });
});

describe('templateReferences', () => {
  it('lists top-level names in order, with offsets, not generators', () => {
    expect(templateReferences('$a ${b.c} {{d}} $uuid ${timestamp} $list[0].x ${1-userId}')).toEqual([
      { name: 'a', offset: 0, truthinessCheck: false },
      { name: 'b', offset: 3, truthinessCheck: false },
      { name: 'd', offset: 10, truthinessCheck: false },
      { name: 'list', offset: 35, truthinessCheck: false },
      { name: '1-userId', offset: 46, truthinessCheck: false },
    ]);
  });

  it('looks inside calls and $if, marking bare condition operands', () => {
    expect(templateReferences('$int($x) ${randomItem($items, id)} $if($flag && $n > 1, $yes, no)')).toEqual([
      { name: 'x', offset: 5, truthinessCheck: false },
      { name: 'items', offset: 22, truthinessCheck: false },
      { name: 'flag', offset: 39, truthinessCheck: true },
      { name: 'n', offset: 48, truthinessCheck: false },
      { name: 'yes', offset: 56, truthinessCheck: false },
    ]);
  });

  it('is empty for text without variables', () => {
    expect(templateReferences('costs $5, $$x, $randomEmail')).toEqual([]);
  });
});

describe('conditionReferences', () => {
  it('lists names read by comparisons and bare operands', () => {
    expect(conditionReferences(parseCondition('$token && ($a.b == {{c}} || !$d) && $int($e) > 1'))).toEqual([
      { name: 'token', offset: 0, truthinessCheck: true },
      { name: 'a', offset: 11, truthinessCheck: false },
      { name: 'c', offset: 19, truthinessCheck: false },
      { name: 'd', offset: 29, truthinessCheck: true },
      { name: 'e', offset: 41, truthinessCheck: false },
    ]);
  });

  it('skips generators', () => {
    expect(conditionReferences(parseCondition('$timestamp > 0'))).toEqual([]);
  });
});

describe('reserved names', () => {
  it('exports the generator and function names without `$`', () => {
    expect(GENERATOR_NAMES).toEqual(['randomEmail', 'uuid', 'timestamp', 'randomInt']);
    expect(FUNCTION_NAMES).toEqual([
      'string',
      'int',
      'float',
      'bool',
      'if',
      'randomInt',
      'randomItem',
      'dateNow',
      'base64',
    ]);
  });
});
