import { didYouMean } from '../diagnostics/didYouMean.js';
import { formatPath, type PathSegment } from './path.js';

/**
 * The reserved words of the expression language. Generator names are reserved: `$uuid` is always the
 * generator, even when a variable called `uuid` exists (a variable with such a name is unreachable).
 * Function names are only functions when followed by `(`: `$string` alone still reads a variable `string`.
 */
export const GENERATOR_NAMES = ['randomEmail', 'uuid', 'timestamp', 'randomInt'] as const;
export type GeneratorName = (typeof GENERATOR_NAMES)[number];

export const FUNCTION_NAMES = [
  'string',
  'int',
  'float',
  'bool',
  'if',
  'randomInt',
  'randomItem',
  'dateNow',
  'base64',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** How many arguments each function takes, and how to name them in an error message. */
export const FUNCTION_ARITY: Readonly<Record<FunctionName, { min: number; max: number; signature: string }>> =
  {
    string: { min: 1, max: 1, signature: 'string(value)' },
    int: { min: 1, max: 1, signature: 'int(value)' },
    float: { min: 1, max: 1, signature: 'float(value)' },
    bool: { min: 1, max: 1, signature: 'bool(value)' },
    if: { min: 3, max: 3, signature: 'if(condition, then, else)' },
    randomInt: { min: 2, max: 2, signature: 'randomInt(min, max)' },
    randomItem: { min: 1, max: 2, signature: 'randomItem(array) or randomItem(array, field)' },
    dateNow: { min: 0, max: 1, signature: 'dateNow(layout)' },
    base64: { min: 1, max: 1, signature: 'base64(value)' },
  };

export function isGeneratorName(name: string): name is GeneratorName {
  return (GENERATOR_NAMES as readonly string[]).includes(name);
}

export function isFunctionName(name: string): name is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(name);
}

/** `$name` starts with a letter or `_`. */
export function isNameStart(ch: string | undefined): boolean {
  return ch !== undefined && /^[A-Za-z_]$/.test(ch);
}

/** In the bare `$name` form a `-` ends the name, so `$a-$b` is two references. */
export function isBareNameChar(ch: string | undefined): boolean {
  return ch !== undefined && /^[A-Za-z0-9_]$/.test(ch);
}

/** Inside `${...}` and `{{...}}` names may hold `-` and start with a digit: save keys like `1-userId`. */
export const DELIMITED_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]*/;

/** How to write a reference in a message: `$item.id`, or `${1-userId}` when the bare form cannot reach the name. */
export function displayReference(name: string, path: readonly PathSegment[] = []): string {
  const written = formatPath([name, ...path]);
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `$${written}` : `\${${written}}`;
}

/** A close spelling, or a function whose name starts the unknown one (`randomInteger` → `randomInt`). */
export function suggestFunction(name: string): string | undefined {
  const lower = name.toLowerCase();
  const prefixed = FUNCTION_NAMES.filter((candidate) => {
    const known = candidate.toLowerCase();
    return lower.startsWith(known) || (lower.length >= 3 && known.startsWith(lower));
  });
  return didYouMean(name, FUNCTION_NAMES) ?? prefixed.sort((a, b) => b.length - a.length)[0];
}

/** "2 arguments", "1 or 2 arguments", "at most 1 argument". */
export function describeArity(name: FunctionName): string {
  const { min, max } = FUNCTION_ARITY[name];
  if (min === max) return `${min} argument${min === 1 ? '' : 's'}`;
  return min === 0 ? `at most ${max} argument${max === 1 ? '' : 's'}` : `${min} or ${max} arguments`;
}
