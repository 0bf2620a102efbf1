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

function error(code: string, message: string, node: Pick<YamlNode, 'loc'>, hint?: string): Diagnostic {
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

/** `$accounts.<account>.<field>` anywhere in a text, with where the account name starts. */
const ACCOUNT_REFERENCE = /\$\{?accounts(?:\.([A-Za-z0-9_-]+))?(?:\.([A-Za-z0-9_-]+))?/g;

/**
 * The `$accounts.<account>.<field>` references of one text, checked against the credentials file when it is
 * known: a field the account lacks, or an account name that is a near miss of one it has. `code` names the
 * place (`auth` for credentials in `auth:`, `accounts` elsewhere); an incomplete reference is an error only
 * where a single credential is expected (`requireField`), since a body may carry a whole account.
 */
function accountReferenceProblems(
  accounts: ScenarioContext['accounts'],
  node: YamlScalar,
  text: string,
  code: 'auth' | 'accounts',
  requireField: boolean,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const match of text.matchAll(ACCOUNT_REFERENCE)) {
    const [whole, account, field] = match;
    const at = { loc: locationIn(node, match.index) };
    if (account === undefined || field === undefined) {
      if (requireField) {
        problems.push(
          error(
            `${code}.accounts-reference`,
            `\`${whole}\` must name an account and a field: \`$accounts.<account>.<field>\``,
            at,
          ),
        );
      }
      continue;
    }
    if (accounts === undefined) continue;
    const fields = accounts.get(account);
    if (fields === undefined) {
      // An account the file does not have yet (a converted scenario's `$accounts.api.…`, waiting for its
      // values) is for the run to name; one that is a near miss of an account it has is a typo.
      const hint = didYouMeanHint(account, [...accounts.keys()]);
      if (hint === undefined) continue;
      problems.push(
        error(
          `${code}.unknown-account`,
          `unknown account \`${account}\`: not in the credentials file`,
          at,
          hint,
        ),
      );
    } else if (!fields.includes(field)) {
      const hint = didYouMeanHint(field, fields) ?? `fields of \`${account}\`: ${fields.join(', ')}`;
      problems.push(
        error(
          `${code}.unknown-field`,
          `account \`${account}\` has no field \`${field}\` in the credentials file`,
          at,
          hint,
        ),
      );
    }
  }
  return problems;
}

/**
 * A template: its syntax, and its `$accounts` references (a user name in `auth.basic`, a header, a body),
 * so a misspelt credential field is found before the run rather than sent as an empty value.
 */
function checkTemplateValues(accounts: ScenarioContext['accounts']): Check {
  return (node) =>
    stringNodes(node).flatMap((scalar) => {
      const problems = templateProblems(scalar);
      if (problems.length > 0) return problems;
      return accountReferenceProblems(accounts, scalar, String(scalar.value), 'accounts', false);
    });
}

/**
 * A credential in `auth:` (DECISIONS, Wave 3 "Auth"): written out it stays in the repository, so it is a
 * warning; an `$accounts` reference must name an account and a field of the credentials file, when known.
 */
function checkSecret(accounts: ScenarioContext['accounts']): Check {
  return (node, text, label) => {
    const problems = checkTemplates(node, text, label);
    if (node.kind !== 'scalar' || problems.length > 0) return problems;
    if (!/[$]|\{\{/.test(text)) {
      return [
        {
          code: 'auth.literal-secret',
          severity: 'warning',
          message: `\`${label}\` is written out in this file; it is masked in every output, but stays in the repository`,
          location: node.loc,
          hint: `keep it in the credentials file and write \`${label}: $accounts.<account>.<field>\``,
        },
      ];
    }
    return accountReferenceProblems(accounts, node, text, 'auth', true);
  };
}

/**
 * The `$accounts` references of an environment file's `auth:` against its credentials file: the same check
 * a step's `auth:` gets, so a misspelt field stops the command at its position instead of failing every step.
 */
export function authAccountProblems(
  auth: YamlNode,
  accounts: ReadonlyMap<string, readonly string[]>,
): Diagnostic[] {
  return stringNodes(auth).flatMap((scalar) =>
    accountReferenceProblems(accounts, scalar, String(scalar.value), 'auth', true),
  );
}

export function scenarioRoleChecks(context: ScenarioContext, file: string): RoleCheck {
  const checks: Record<Role, Check> = {
    template: checkTemplateValues(context.accounts),
    secret: checkSecret(context.accounts),
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
