/**
 * Interpolation of scenario strings (SPEC, Variables). A text that is exactly one reference, generator or
 * function call keeps its type (`$items` stays an array, `$int("42")` is 42); any other text becomes a
 * string, with values written as `valueAsText` says. Syntax is described in templateParser.ts.
 */
import type { ValueNode } from './ast.js';
import { evaluateValue } from './evaluator.js';
import { valueAsText } from './valueText.js';
import { cachedBy } from './parseCache.js';
import type { ExpressionRuntime, VariableScope } from './scope.js';
import { isPlainObject } from './valueEquality.js';
import { setOwnKey } from './ownKey.js';
import { parseTemplate } from './templateParser.js';

export const parseTemplateCached = cachedBy(parseTemplate);

function templateTree(text: string): ValueNode {
  const parsed = parseTemplateCached(text);
  if (parsed.errors.length > 0) throw parsed.errors[0]!;
  return parsed.node;
}

/** Throws ExpressionError for a syntax error, an undefined variable or a path that does not resolve. */
export function interpolate(text: string, scope: VariableScope, runtime: ExpressionRuntime): unknown {
  if (!text.includes('$') && !text.includes('{{')) return text;
  return evaluateValue(templateTree(text), { scope, runtime });
}

/** Interpolates every string in a map/list structure (keys too, as text); returns a new structure. */
export function interpolateDeep(value: unknown, scope: VariableScope, runtime: ExpressionRuntime): unknown {
  if (typeof value === 'string') return interpolate(value, scope, runtime);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, scope, runtime));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const name = valueAsText(interpolate(key, scope, runtime));
    setOwnKey(out, name, interpolateDeep(value[key], scope, runtime));
  }
  return out;
}
