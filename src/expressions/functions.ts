/** The built-in functions other than `$if`, applied to already evaluated arguments. */
import { ExpressionError } from '../diagnostics/errors.js';
import type { CallNode } from './ast.js';
import { castBool, castFloat, castInt, castString } from './casts.js';
import { formatDate } from './dateFormat.js';
import { describeType, valueAsText } from './valueText.js';
import { pickRandom, randomIntBetween } from './generators.js';
import { lookupPath, parsePath } from './path.js';
import type { ExpressionRuntime } from './scope.js';

function argumentError(message: string, offset: number, hint?: string): ExpressionError {
  return new ExpressionError('expression.argument', message, offset, hint);
}

/** `randomItem(array)` keeps the whole item, typed; `randomItem(array, field)` keeps that field (a path is fine). */
function randomItem(items: unknown, field: unknown, offset: number, runtime: ExpressionRuntime): unknown {
  if (!Array.isArray(items))
    throw argumentError(`\`randomItem\` needs an array, got ${describeType(items)}`, offset);
  if (items.length === 0)
    throw argumentError('`randomItem` got an empty array: there is nothing to pick', offset);
  const item: unknown = pickRandom(items, runtime);
  if (field === undefined) return item;
  const path = valueAsText(field);
  let segments;
  try {
    segments = parsePath(path);
  } catch (error) {
    if (error instanceof ExpressionError) throw argumentError(error.message, offset, error.hint);
    throw error;
  }
  const lookup = lookupPath(item, segments);
  if (lookup.found) return lookup.value;
  const available = lookup.available.length > 0 ? `available: ${lookup.available.join(', ')}` : undefined;
  throw new ExpressionError(
    'variable.path',
    `the item \`randomItem\` picked has no field \`${path}\``,
    offset,
    available,
  );
}

export function applyFunction(
  name: CallNode['name'],
  args: readonly unknown[],
  offset: number,
  runtime: ExpressionRuntime,
): unknown {
  const [first, second] = args;
  switch (name) {
    case 'string':
      return castString(first);
    case 'int':
      return castInt(first, offset);
    case 'float':
      return castFloat(first, offset);
    case 'bool':
      return castBool(first, offset);
    case 'randomInt':
      return randomIntBetween(castInt(first, offset), castInt(second, offset), runtime, offset);
    case 'randomItem':
      return randomItem(first, second, offset, runtime);
    case 'dateNow':
      return formatDate(runtime.now(), args.length === 0 ? 'iso' : valueAsText(first));
    case 'base64':
      // Standard alphabet with padding, over the UTF-8 bytes of the value's text (DECISIONS, Wave 2).
      return Buffer.from(valueAsText(first), 'utf8').toString('base64');
  }
}
