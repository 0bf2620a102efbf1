/** Evaluates parsed templates and conditions against a scope. */
import { didYouMean } from '../diagnostics/didYouMean.js';
import { ExpressionError } from '../diagnostics/errors.js';
import { chainOperands, type Condition, type ReferenceNode, type ValueNode } from './ast.js';
import { compareValues, isTruthy } from './comparison.js';
import { describeType, valueAsText } from './valueText.js';
import { applyFunction } from './functions.js';
import { generate } from './generators.js';
import { displayReference, FUNCTION_ARITY, GENERATOR_NAMES, isFunctionName } from './names.js';
import { formatPath, lookupPath, type PathSegment } from './path.js';
import type { ExpressionRuntime, VariableScope } from './scope.js';

export interface EvaluationContext {
  scope: VariableScope;
  runtime: ExpressionRuntime;
}

/** The error is built only when needed: a truthiness check just wants `found: false`. */
type Resolution = { found: true; value: unknown } | { found: false; error: () => ExpressionError };

/** Up to this many defined names are listed in the hint when no name is close to the missing one. */
const LISTED_NAMES = 12;

function undefinedHint(name: string, scope: VariableScope): string | undefined {
  if (isFunctionName(name)) return `\`$${name}\` is a function: write \`$${FUNCTION_ARITY[name].signature}\``;
  const names = [...scope.names()];
  const match = didYouMean(name, [...names, ...GENERATOR_NAMES]);
  if (match !== undefined) return `did you mean \`${displayReference(match)}\`?`;
  if (names.length === 0) return 'no variables are defined at this point';
  return names.length <= LISTED_NAMES ? `defined: ${names.sort().join(', ')}` : undefined;
}

function undefinedVariable(node: ReferenceNode, scope: VariableScope): ExpressionError {
  const message = `variable \`${displayReference(node.name)}\` is not defined`;
  return new ExpressionError('variable.undefined', message, node.offset, undefinedHint(node.name, scope));
}

function unresolvedPath(
  node: ReferenceNode,
  root: unknown,
  resolved: PathSegment[],
  available: string[],
): ExpressionError {
  const reached = lookupPath(root, resolved);
  const container = reached.found ? reached.value : undefined;
  const where = displayReference(node.name, resolved);
  const missing = node.path[resolved.length];
  let reason: string;
  let textHint: string | undefined;
  if (Array.isArray(container)) {
    reason =
      typeof missing === 'number'
        ? `\`${where}\` has ${container.length} item${container.length === 1 ? '' : 's'}`
        : `\`${where}\` is an array: use an index such as \`${where}[0]\``;
  } else if (container !== null && typeof container === 'object') {
    reason = `\`${where}\` has no field \`${String(missing)}\``;
  } else {
    reason = `\`${where}\` is ${describeType(container)}, not an object or array`;
    // `$id.json` in a URL usually means text after the value.
    if (typeof missing === 'string') {
      textHint = `if \`.${missing}\` is text, write \`\${${formatPath([node.name, ...resolved])}}.${missing}\``;
    }
  }
  const hint = available.length > 0 ? `available: ${available.join(', ')}` : textHint;
  return new ExpressionError(
    'variable.path',
    `\`${displayReference(node.name, node.path)}\` does not resolve: ${reason}`,
    node.offset,
    hint,
  );
}

/** The root that reads the operating-system environment, unless the scenario has a variable of that name. */
const ENV_ROOT = 'env';

/** `$env.NAME[.path]`: an unset NAME is an error naming it, never a list of the variables that are set. */
function resolveEnvironmentVariable(node: ReferenceNode, runtime: ExpressionRuntime): Resolution {
  const [name, ...rest] = node.path;
  if (typeof name !== 'string') {
    const error = () =>
      new ExpressionError(
        'variable.env',
        '`$env` reads one environment variable: write `$env.NAME`',
        node.offset,
      );
    return { found: false, error };
  }
  const value = runtime.env?.(name);
  if (value === undefined) {
    const error = () =>
      new ExpressionError(
        'variable.env-unset',
        `environment variable \`${name}\` is not set (read as \`$env.${name}\`)`,
        node.offset,
        'set it in the shell or as a CI secret before the run',
      );
    return { found: false, error };
  }
  const lookup = lookupPath(value, rest);
  if (lookup.found) return lookup;
  return { found: false, error: () => unresolvedPath(node, value, [], []) };
}

function resolveReference(node: ReferenceNode, scope: VariableScope, runtime: ExpressionRuntime): Resolution {
  if (node.name === ENV_ROOT && !scope.has(ENV_ROOT)) return resolveEnvironmentVariable(node, runtime);
  if (!scope.has(node.name)) return { found: false, error: () => undefinedVariable(node, scope) };
  const root = scope.get(node.name);
  const lookup = lookupPath(root, node.path);
  if (lookup.found) return lookup;
  return { found: false, error: () => unresolvedPath(node, root, lookup.resolved, lookup.available) };
}

export function evaluateValue(node: ValueNode, context: EvaluationContext): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'reference': {
      const resolution = resolveReference(node, context.scope, context.runtime);
      if (!resolution.found) throw resolution.error();
      return resolution.value;
    }
    case 'generator':
      return generate(node.name, context.runtime, node.offset);
    case 'concat':
      return node.parts.map((part) => valueAsText(evaluateValue(part, context))).join('');
    case 'if':
      return evaluateValue(evaluateConditionNode(node.condition, context) ? node.then : node.else, context);
    case 'call': {
      const args = node.args.map((arg) => evaluateValue(arg, context));
      return applyFunction(node.name, args, node.offset, context.runtime);
    }
  }
}

/** `&&` and `||` short-circuit: the right side is not evaluated (and cannot fail) when the left decides. */
export function evaluateConditionNode(condition: Condition, context: EvaluationContext): boolean {
  switch (condition.kind) {
    case 'or':
      return chainOperands(condition).some((operand) => evaluateConditionNode(operand, context));
    case 'and':
      return chainOperands(condition).every((operand) => evaluateConditionNode(operand, context));
    case 'not':
      return !evaluateConditionNode(condition.operand, context);
    case 'compare':
      return compareValues(
        condition.operator,
        evaluateValue(condition.left, context),
        evaluateValue(condition.right, context),
      );
    case 'truthy': {
      // A bare reference is an existence check (`if: $token`): undefined or unresolvable is false, not an error.
      if (condition.value.kind !== 'reference') return isTruthy(evaluateValue(condition.value, context));
      const resolution = resolveReference(condition.value, context.scope, context.runtime);
      return resolution.found && isTruthy(resolution.value);
    }
  }
}
