import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../diagnostics/errors.js';
import { evaluateCondition, parseCondition } from './condition.js';
import { MAX_NESTING_DEPTH } from './nesting.js';
import { checkTemplate, conditionReferences } from './references.js';
import { scopeFromObject } from './scope.js';
import { interpolate } from './template.js';
import { testRuntime } from './testRuntime.js';

const scope = scopeFromObject({ a: 1, flag: true });

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** `$if(true, $if(true, … x …, y), y)`: each level starts 10 characters after the previous one. */
function nestedIf(levels: number): string {
  return `${'$if(true, '.repeat(levels)}x${', y)'.repeat(levels)}`;
}

describe('nesting limit', () => {
  it('allows conditions nested up to the limit', () => {
    const depth = MAX_NESTING_DEPTH;
    expect(depth).toBe(64);
    expect(evaluateCondition(`${'('.repeat(depth)}$a == 1${')'.repeat(depth)}`, scope, testRuntime())).toBe(
      true,
    );
    expect(evaluateCondition(`${'!'.repeat(depth)}$flag`, scope, testRuntime())).toBe(true);
  });

  it.each([
    ['parentheses', `${'('.repeat(2000)}$a${')'.repeat(2000)}`],
    ['negations', `${'!'.repeat(2000)}$a`],
    ['both', `${'!('.repeat(1000)}$a${')'.repeat(1000)}`],
  ])('rejects conditions nested too deeply (%s) with an ExpressionError, not a stack overflow', (_, text) => {
    const error = thrown(() => parseCondition(text));
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error).toMatchObject({
      code: 'condition.too-deep',
      message: 'conditions may nest at most 64 levels',
      offset: 64,
    });
  });

  it('reports templates nested too deeply from checkTemplate instead of throwing', () => {
    expect(checkTemplate(nestedIf(MAX_NESTING_DEPTH))).toEqual([]);
    const problems = checkTemplate(nestedIf(3000));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'template.too-deep',
      message: 'templates may nest at most 64 levels',
      offset: 640,
    });
    expect(checkTemplate(`${'$int('.repeat(3000)}1${')'.repeat(3000)}`)).toMatchObject([
      { code: 'template.too-deep', offset: 320 },
    ]);
    expect(checkTemplate(`\${${'int('.repeat(3000)}1${')'.repeat(3000)}}`)).toMatchObject([
      { code: 'template.too-deep', offset: 2 + 64 * 4 },
    ]);
  });

  it('makes interpolating a too deeply nested template fail with an ExpressionError', () => {
    expect(interpolate(nestedIf(10), scope, testRuntime())).toBe('x');
    const error = thrown(() => interpolate(nestedIf(3000), scope, testRuntime()));
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error).toMatchObject({ code: 'template.too-deep' });
  });

  it('counts template calls and the parentheses of their conditions together', () => {
    const inner = `$if(${'('.repeat(40)}$a == 1${')'.repeat(40)}, x, y)`;
    const text = `${'$if(true, '.repeat(30)}${inner}${', y)'.repeat(30)}`;
    expect(checkTemplate(text)).toMatchObject([
      { code: 'condition.too-deep', message: 'conditions may nest at most 64 levels' },
    ]);
    expect(
      thrown(() => parseCondition(`$if(${'('.repeat(70)}$a${')'.repeat(70)}, 1, 0) == 1`)),
    ).toMatchObject({ code: 'condition.too-deep' });
  });

  it('parses `$if` nested in conditions without parsing each operand twice', () => {
    // Parsing every operand twice doubled the work per level: 22 levels took seconds, now about a millisecond.
    const text = `${'$if('.repeat(22)}$a${' == 1, a, b)'.repeat(22)}`;
    const started = performance.now();
    expect(checkTemplate(text)).toEqual([]);
    expect(interpolate(text, scope, testRuntime())).toBe('b');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('evaluates and walks a long chain of `&&` and `||` without recursing per operand', () => {
    const chain = Array.from({ length: 20_000 }, () => '$a == 1').join(' && ');
    expect(evaluateCondition(chain, scope, testRuntime())).toBe(true);
    expect(evaluateCondition(`${chain} || $nope`, scope, testRuntime())).toBe(true);
    expect(evaluateCondition(`$nope || ${chain} && $a == 2`, scope, testRuntime())).toBe(false);
    expect(conditionReferences(parseCondition(chain))).toHaveLength(20_000);
  });
});
