/**
 * The semantic checks behind the shape roles (shape.ts): template and condition syntax, matchers, save
 * sources, variable names, and names that must exist outside the file (schemas, services, cache
 * connections, `use` targets).
 */
import { checkExpected, checkSaveSource, checkStatusExpected } from '../assertions/index.js';
import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import { ExpressionError, type Diagnostic } from '../diagnostics/errors.js';
import { checkTemplate, parseCondition } from '../expressions/index.js';
import type { RoleCheck } from './checkShape.js';
import type { ScenarioContext } from './context.js';
import { VARIABLE_NAME_PATTERN } from './definitions/common.js';
import type { Role } from './shape.js';
import { locationIn, stringNodes, toPlain, type YamlNode, type YamlScalar } from './yamlTree.js';

/** `text` is the scalar's text ("" for maps and lists); `label` the key the value sits under. */
type Check = (node: YamlNode, text: string, label: string) => Diagnostic[];

function error(code: string, message: string, node: YamlNode, hint?: string): Diagnostic {
  return { code, severity: 'error', message, location: node.loc, ...(hint ? { hint } : {}) };
}

function fromExpressionError(problem: ExpressionError, node: YamlScalar): Diagnostic {
  return {
    code: problem.code,
    severity: 'error',
    message: problem.message,
    location: locationIn(node, problem.offset),
    ...(problem.hint ? { hint: problem.hint } : {}),
  };
}

function templateProblems(node: YamlScalar): Diagnostic[] {
  return checkTemplate(String(node.value)).map((problem) => fromExpressionError(problem, node));
}

const checkTemplates: Check = (node) => stringNodes(node).flatMap(templateProblems);

const checkCondition: Check = (node, text) => {
  if (node.kind !== 'scalar' || typeof node.value !== 'string') return [];
  try {
    parseCondition(text);
    return [];
  } catch (problem) {
    if (problem instanceof ExpressionError) return [fromExpressionError(problem, node)];
    throw problem;
  }
};

const checkExpectedValue: Check = (node, _text, label) => [
  ...(label === 'status' ? checkStatusExpected : checkExpected)(toPlain(node)).map((problem) =>
    error('expect.matcher', problem.message, node, problem.hint),
  ),
  ...checkTemplates(node, '', ''),
];

const checkSource: Check = (node, text) =>
  checkSaveSource(text).map((problem) => {
    const found = error('save.source', problem.message, node, problem.hint);
    return problem.offset === undefined || node.kind !== 'scalar'
      ? found
      : { ...found, location: locationIn(node, problem.offset) };
  });

const checkVariableRef: Check = (node, text, label) => {
  if (!text.trim().startsWith('$')) {
    return [
      error(
        'variable.sigil',
        `\`${label}\` must name a variable starting with \`$\`, got "${text}"`,
        node,
        `write \`$${text.trim()}\``,
      ),
    ];
  }
  return checkTemplates(node, text, label);
};

const checkVariableName: Check = (node, text, label) => {
  if (text.startsWith('$')) {
    return [
      error(
        'variable.sigil',
        `\`${label}\` takes a variable name without \`$\``,
        node,
        `write \`${label}: ${text.slice(1)}\``,
      ),
    ];
  }
  if (!new RegExp(VARIABLE_NAME_PATTERN).test(text)) {
    return [
      error(
        'variable.name',
        `\`${text}\` is not a valid variable name (letters, digits, \`_\` and \`-\`)`,
        node,
      ),
    ];
  }
  return [];
};

/** A name that must be one of `known`; skipped when the context does not say what is known. */
function knownName(known: ReadonlySet<string> | undefined, code: string, what: string, where: string): Check {
  return (node, name) => {
    if (!known || known.has(name)) return [];
    const hint =
      didYouMeanHint(name, known) ?? (known.size > 0 ? `known: ${[...known].sort().join(', ')}` : undefined);
    return [error(code, `unknown ${what} \`${name}\`: ${where}`, node, hint)];
  };
}

export function scenarioRoleChecks(context: ScenarioContext, file: string): RoleCheck {
  const checks: Record<Role, Check> = {
    template: checkTemplates,
    condition: checkCondition,
    expected: checkExpectedValue,
    saveSource: checkSource,
    variableRef: checkVariableRef,
    variableName: checkVariableName,
    schemaName: (node, text) => {
      const name = text.replace(/\.(ya?ml|json)$/, '');
      return knownName(
        context.schemas,
        'schema.unknown',
        'schema',
        'no such file under `schemas.path`',
      )(node, name, '');
    },
    serviceName: knownName(
      context.services,
      'service.unknown',
      'service',
      "not in the environment's `services`",
    ),
    cacheConnection: knownName(
      context.cacheConnections,
      'cache.unknown-connection',
      'cache connection',
      "not in the environment's `cache`",
    ),
    useTarget: (node, text) => {
      const target = context.resolveUse?.(text, file);
      if (target?.outside) {
        // DECISIONS.md, Wave 2 / Platform: named, never read (so nothing of its content is shown).
        return [
          error(
            'use.outside-project',
            `\`use\` target \`${text}\` is outside the project`,
            node,
            'write a path relative to this file that stays inside the project; absolute paths and `..` or symbolic links leading out are refused',
          ),
        ];
      }
      if (!target || target.exists) return [];
      return [
        error(
          'use.not-found',
          `\`use\` target \`${text}\` not found (looked for ${target.display ?? target.path})`,
          node,
          'paths are relative to the directory of the file that has the `use`',
        ),
      ];
    },
  };
  return (role, node, path) => {
    const last = [...path].reverse().find((segment) => typeof segment === 'string');
    const text = node.kind === 'scalar' && node.value !== null ? String(node.value) : '';
    return checks[role](node, text, String(last ?? ''));
  };
}
