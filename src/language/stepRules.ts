/**
 * Rules about which keys a step may combine (SPEC, "Step", "`set` step", "`export` object", "`import`
 * object"), and which `expect` paths and `save` sources fit the step's kind.
 */
import {
  checkExpectPath,
  checkStatusExpected,
  parseSubjectQuery,
  queryRoot,
  RESPONSE_FIELDS,
  type StatusProtocol,
} from '../assertions/index.js';
import { expectationEntries } from './buildStep.js';
import type { Diagnostic } from '../diagnostics/errors.js';
import { STEP_KINDS, type StepKind } from './model.js';
import { checkSpreadsheetStep } from './spreadsheetRules.js';
import { operationEntries } from './stepTree.js';
import { checkUrlCredentials } from './urlCredentialRule.js';
import { checkAssetPaths, checkProtoPaths } from './assetPathRule.js';
import { entryOf, locationIn, type YamlMap, type YamlNode } from './yamlTree.js';

/** Keys that only make sense on a step with a response to check. */
const RESPONSE_KEYS = ['expect', 'save', 'retry', 'timing'] as const;

/**
 * The path roots each kind of step with a response can read (SEAM: stepRules' allowed roots per kind);
 * a root of another kind's is refused by `validate`, since it can never resolve there.
 */
const STEP_ROOTS: Partial<Record<StepKind, ReadonlySet<string>>> = {
  request: new Set([
    'status',
    'headers',
    'body',
    'jwt',
    'schema',
    ...RESPONSE_FIELDS,
    'jsonpath',
    'xpath',
    'cookies',
  ]),
  cache: new Set(['cache']),
  websocket: new Set(['messages', 'close', 'headers', 'url', 'duration', 'ip']),
  sse: new Set(['events', 'status', 'headers', 'url', 'duration', 'ip', 'httpVersion', 'certificate']),
  subscription: new Set(['messages', 'url', 'duration', 'ip']),
  grpc: new Set(['status', 'body', 'headers', 'trailers', 'url', 'duration', 'ip']),
};

/** What to read instead, when a path's root does not apply to the step's kind. */
const ROOT_ADVICE: Partial<Record<StepKind, string>> = {
  cache: 'use `cache.exists`, `cache.value` or `cache.ttl`',
  websocket: 'use `messages[0]`, `messages.count`, `close.code` or `close.reason`',
  sse: 'use `events[0].data`, `events[0].event`, `events[0].id` or `count(events)`',
  subscription: 'use `messages[0].data.<field>`, `messages[0].errors` or `messages.count`',
  grpc: 'use `status`, `body` (a list for a server stream), `headers.<name>` or `trailers.<name>`',
};

/** Whose status `expect.status` reads on each kind that has one. */
const STATUS_PROTOCOL: Partial<Record<StepKind, StatusProtocol>> = {
  request: 'http',
  sse: 'http',
  grpc: 'grpc',
};

/** Every root some kind reads: a root outside this set is reported by the path check itself. */
const KNOWN_ROOTS = new Set(Object.values(STEP_ROOTS).flatMap((roots) => [...(roots ?? [])]));

/** The kinds whose steps produce something `expect`, `save`, `retry` and `timing` can read. */
const RESPONSE_KINDS: readonly StepKind[] = Object.keys(STEP_ROOTS) as StepKind[];

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
    ...statusProblems(step, kind),
    ...(kind === 'request' ? checkUrlCredentials(step) : []),
    ...(kind === 'request' ? checkAssetPaths(step) : []),
    ...(kind === 'grpc' ? checkProtoPaths(step) : []),
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
    } else if (key !== 'with' && !RESPONSE_KINDS.includes(kind)) {
      const names = RESPONSE_KINDS.map((name) => `\`${name}\``);
      const kinds = `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
      out.push(
        diagnostic(
          'step.not-allowed',
          'error',
          `\`${key}\` has no effect on a \`${kind}\` step`,
          entry.key,
          `only ${kinds} steps have a response; put it on a nested step`,
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

/**
 * `expect.status` held to the step's kind: an HTTP status on `request` and `sse` steps, a gRPC status on
 * `grpc` steps. The scenario shape, which does not know the kind, already reported text that fits neither.
 */
function statusProblems(step: YamlMap, kind: StepKind): Diagnostic[] {
  const protocol = STATUS_PROTOCOL[kind];
  if (protocol === undefined) return [];
  const out: Diagnostic[] = [];
  for (const entry of expectationEntries(entryOf(step, 'expect')?.value)) {
    if (entry.key.value.trim() !== 'status' || entry.value.kind !== 'scalar') continue;
    const value = entry.value.value;
    const reportedByShape = typeof value === 'string' && checkStatusExpected(value).length > 0;
    if (reportedByShape) continue;
    for (const problem of checkStatusExpected(value, protocol)) {
      out.push(diagnostic('expect.matcher', 'error', problem.message, entry.value, problem.hint));
    }
  }
  return out;
}

/** `body.x` on a cache step, `cache.value` on a request step or `messages[0]` on an sse step can never resolve. */
function pathProblems(step: YamlMap, kind: StepKind): Diagnostic[] {
  const allowed = STEP_ROOTS[kind];
  if (allowed === undefined) return [];
  const misplaced = (path: string): string | undefined => {
    const root = path.trim() === 'schema' ? 'schema' : queryRoot(parseSubjectQuery(path));
    if (root === undefined || allowed.has(root) || !KNOWN_ROOTS.has(root)) return undefined;
    const advice = ROOT_ADVICE[kind];
    if (advice !== undefined) return `\`${root}\` is not available on a \`${kind}\` step: ${advice}`;
    const owners = RESPONSE_KINDS.filter((other) => STEP_ROOTS[other]?.has(root) === true);
    return `\`${root}.*\` paths are only available on ${owners.map((owner) => `\`${owner}\``).join(' and ')} steps`;
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
