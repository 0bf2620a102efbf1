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
import { formatValue } from './formatValue.js';

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

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => deepEqual(item, b[i]))
    );
  }
  if (!isContainer(a) || !isContainer(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) =>
        Object.prototype.hasOwnProperty.call(b, key) &&
        deepEqual((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}

function valuesEqual(a: unknown, b: unknown): boolean {
  const x = numericValue(a);
  const y = numericValue(b);
  if (x !== undefined && y !== undefined) return x === y;
  if (isContainer(a) && isContainer(b)) return deepEqual(a, b);
  return formatValue(a) === formatValue(b);
}

export function compareValues(operator: ComparisonOperator, a: unknown, b: unknown): boolean {
  if (operator === '==') return valuesEqual(a, b);
  if (operator === '!=') return !valuesEqual(a, b);
  const x = numericValue(a);
  const y = numericValue(b);
  const [left, right] = x !== undefined && y !== undefined ? [x, y] : [formatValue(a), formatValue(b)];
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
