/**
 * Rules about which keys a step may combine (SPEC, "Step", "`set` step", "`export` object", "`import`
 * object"), and which `expect` paths and `save` sources fit the step's kind.
 */
import { checkExpectPath, parseSubjectQuery, queryRoot, RESPONSE_FIELDS } from '../assertions/index.js';
import { expectationEntries } from './buildStep.js';
import type { Diagnostic } from '../diagnostics/errors.js';
import { STEP_KINDS, type StepKind } from './model.js';
import { checkSpreadsheetStep } from './spreadsheetRules.js';
import { operationEntries } from './stepTree.js';
import { checkUrlCredentials } from './urlCredentialRule.js';
import { checkAssetPaths } from './assetPathRule.js';
import { entryOf, locationIn, type YamlMap, type YamlNode } from './yamlTree.js';

/** Keys that only make sense on a step with a response to check. */
const RESPONSE_KEYS = ['expect', 'save', 'retry', 'timing'] as const;

const CACHE_ROOTS = new Set(['cache']);
const REQUEST_ROOTS = new Set([
  'status',
  'headers',
  'body',
  'jwt',
  'schema',
  ...RESPONSE_FIELDS,
  'jsonpath',
  'xpath',
  'cookies',
]);

function diagnostic(
  code: string,
  severity: Diagnostic['severity'],
  message: string,
  node: Pick<YamlNode, 'loc'>,
  hint?: string,
): Diagnostic {
  return { code, severity, message, location: node.loc, ...(hint ? { hint } : {}) };
}

export function checkStepRules(step: YamlMap): Diagnostic[] {
  const operations = operationEntries(step);
  const [first, second] = operations;
  if (!first) {
    const kinds = STEP_KINDS.map((kind) => `\`${kind}\``).join(', ');
    return [diagnostic('step.no-operation', 'error', `a step needs an operation: one of ${kinds}`, step)];
  }
  if (second) {
    return [
      diagnostic(
        'step.multiple-operations',
        'error',
        `a step has one operation, but this one has both \`${first.key.value}\` and \`${second.key.value}\``,
        second.key,
        'split it into two steps',
      ),
    ];
  }
  const kind = first.key.value;
  const auth = entryOf(step, 'auth');
  return [
    ...(auth !== undefined && kind !== 'request'
      ? [diagnostic('step.not-allowed', 'error', `\`auth\` only applies to \`request\` steps`, auth.key)]
      : []),
    ...combinationProblems(step, kind),
    ...(kind === 'request' ? bodyFormProblems(step) : []),
    ...pathProblems(step, kind),
    ...(kind === 'request' ? checkUrlCredentials(step) : []),
    ...(kind === 'request' ? checkAssetPaths(step) : []),
    ...(kind === 'export' || kind === 'import' ? checkSpreadsheetStep(step, kind) : []),
  ];
}

function combinationProblems(step: YamlMap, kind: StepKind): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const key of [...RESPONSE_KEYS, 'with'] as const) {
    const entry = entryOf(step, key);
    if (!entry) continue;
    if (kind === 'set') {
      // SPEC, "`set` step": these are silently ignored at run time; say so rather than fail.
      out.push(
        diagnostic(
          'step.ignored-key',
          'warning',
          `\`${key}\` is ignored on a \`set\` step`,
          entry.key,
          'only `name` and `if` may accompany `set`',
        ),
      );
    } else if (kind === 'export' || kind === 'import') {
      out.push(
        diagnostic('step.not-allowed', 'error', `\`${key}\` cannot be combined with \`${kind}\``, entry.key),
      );
    } else if (key === 'with' && kind !== 'use') {
      out.push(diagnostic('step.not-allowed', 'error', '`with` only applies to `use` steps', entry.key));
    } else if (key !== 'with' && kind !== 'request' && kind !== 'cache') {
      out.push(
        diagnostic(
          'step.not-allowed',
          'error',
          `\`${key}\` has no effect on a \`${kind}\` step`,
          entry.key,
          'only `request` and `cache` steps have a response; put it on a nested step',
        ),
      );
    }
  }
  return out;
}

/** DECISIONS, Wave 2 "Language additions": a request sends one kind of body. */
const BODY_FORMS = ['body', 'form', 'multipart', 'graphql'] as const;

function bodyFormProblems(step: YamlMap): Diagnostic[] {
  const request = entryOf(step, 'request')?.value;
  if (request?.kind !== 'map') return [];
  const present = request.entries.filter((entry) =>
    (BODY_FORMS as readonly string[]).includes(entry.key.value),
  );
  const [first] = present;
  const conflicts = present
    .slice(1)
    .map((entry) =>
      diagnostic(
        'request.body-conflict',
        'error',
        `\`${first?.key.value ?? ''}\` and \`${entry.key.value}\` cannot be combined: a request sends one of \`body\`, \`form\`, \`multipart\` or \`graphql\``,
        entry.key,
      ),
    );
  // `transform` reshapes a JSON `body`; the other forms have none for it to work on.
  const transform = entryOf(request, 'transform');
  if (transform && first && first.key.value !== 'body') {
    conflicts.push(
      diagnostic(
        'request.body-conflict',
        'error',
        `\`transform\` reshapes a JSON \`body\`; it cannot be combined with \`${first.key.value}\``,
        transform.key,
      ),
    );
  }
  return conflicts;
}

/** `body.x` on a cache step or `cache.value` on a request step can never resolve. */
function pathProblems(step: YamlMap, kind: StepKind): Diagnostic[] {
  if (kind !== 'request' && kind !== 'cache') return [];
  const allowed = kind === 'cache' ? CACHE_ROOTS : REQUEST_ROOTS;
  const misplaced = (path: string): string | undefined => {
    const root = path.trim() === 'schema' ? 'schema' : queryRoot(parseSubjectQuery(path));
    if (root === undefined || allowed.has(root) || !(CACHE_ROOTS.has(root) || REQUEST_ROOTS.has(root)))
      return undefined;
    return kind === 'cache'
      ? `\`${root}\` is not available on a \`cache\` step: use \`cache.exists\`, \`cache.value\` or \`cache.ttl\``
      : '`cache.*` paths are only available on `cache` steps';
  };
  const out: Diagnostic[] = [];
  for (const entry of expectationEntries(entryOf(step, 'expect')?.value)) {
    const problems = checkExpectPath(entry.key.value);
    for (const problem of problems) {
      const at = problem.offset === undefined ? entry.key : { loc: locationIn(entry.key, problem.offset) };
      out.push(diagnostic('expect.path', 'error', problem.message, at, problem.hint));
    }
    const wrongKind = problems.length === 0 ? misplaced(entry.key.value) : undefined;
    if (wrongKind) out.push(diagnostic('expect.path', 'error', wrongKind, entry.key));
  }
  const save = entryOf(step, 'save')?.value;
  if (save?.kind === 'map') {
    for (const entry of save.entries) {
      const source =
        entry.value.kind === 'scalar' && typeof entry.value.value === 'string'
          ? entry.value.value
          : undefined;
      const wrongKind = source === undefined ? undefined : misplaced(source);
      if (wrongKind) out.push(diagnostic('save.source', 'error', wrongKind, entry.value));
    }
  }
  return out;
}
