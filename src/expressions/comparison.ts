/**
 * What comparisons and bare operands mean in conditions:
 * - `==` / `!=`: when both sides are numbers or numeric strings, compare as numbers (`"200" == 200`);
 *   when both are objects/arrays, compare by deep (JSON) equality, key order ignored; otherwise compare
 *   the text of both sides, so `true == "true"` and `null == null` hold.
 * - `>`, `>=`, `<`, `<=`: numeric when both sides are numeric, otherwise a plain (code-unit) string
 *   comparison of their text — no locale rules, so results are the same on every machine.
 * - Truthiness: false, null, "", "false", 0 (and NaN), [] and {} are false; everything else is true.
 */
import type { ComparisonOperator } from './ast.js';
import { strictlyEqual } from './valueEquality.js';
import { valueAsText } from './valueText.js';

const NUMERIC_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** The number a value stands for, when it is a finite number or a numeric string. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value);
  return undefined;
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/**
 * The condition `==`, loose on purpose (see above): `"200" == 200` and `true == "true"` hold. Not for
 * `expect` literals, which use `strictlyEqual` (valueEquality.ts).
 */
export function looselyEqual(a: unknown, b: unknown): boolean {
  const x = numericValue(a);
  const y = numericValue(b);
  if (x !== undefined && y !== undefined) return x === y;
  if (isContainer(a) && isContainer(b)) return strictlyEqual(a, b);
  return valueAsText(a) === valueAsText(b);
}

export function compareValues(operator: ComparisonOperator, a: unknown, b: unknown): boolean {
  if (operator === '==') return looselyEqual(a, b);
  if (operator === '!=') return !looselyEqual(a, b);
  const x = numericValue(a);
  const y = numericValue(b);
  const [left, right] = x !== undefined && y !== undefined ? [x, y] : [valueAsText(a), valueAsText(b)];
  switch (operator) {
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
  }
}

export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '' || value === 'false')
    return false;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
