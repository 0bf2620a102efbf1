/**
 * `$string`, `$int`, `$float`, `$bool` (SPEC, Variables: casting). A value that cannot be converted is an
 * error naming it, never a silent NaN or a guess.
 */
import { ExpressionError } from '../diagnostics/errors.js';
import { numericValue } from './comparison.js';
import { quoteValue, valueAsText } from './valueText.js';

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0', '']);

function castError(value: unknown, target: string, offset: number, hint?: string): ExpressionError {
  return new ExpressionError(
    'expression.cast',
    `cannot convert ${quoteValue(value)} to ${target}`,
    offset,
    hint,
  );
}

export function castString(value: unknown): string {
  return valueAsText(value);
}

export function castFloat(value: unknown, offset: number): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  const number = numericValue(value);
  if (number === undefined) throw castError(value, 'a number', offset);
  return number;
}

/** Truncates toward zero: `$int("4.7")` is 4, `$int(-4.7)` is -4. */
export function castInt(value: unknown, offset: number): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  const number = numericValue(value);
  if (number === undefined) throw castError(value, 'an integer', offset);
  return Math.trunc(number);
}

/** Accepts true/yes/on/1 and false/no/off/0/"" (any case), numbers (0 is false), null (false). */
export function castBool(value: unknown, offset: number): boolean {
  if (typeof value === 'boolean') return value;
  if (value === null) return false;
  if (typeof value === 'number' && !Number.isNaN(value)) return value !== 0;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  throw castError(value, 'a boolean', offset, 'booleans are true/false, yes/no, on/off or 1/0');
}
