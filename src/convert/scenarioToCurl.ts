/**
 * `runner convert --to curl <scenario.yaml>` (DECISIONS, Commands): one cURL command per request step, in
 * run order (setup, steps, teardown), with a comment naming the step. Request steps inside `repeat`,
 * `for_each` and `use` are printed too; other kinds of step are listed as skipped.
 */
import { scopeFromObject, type VariableScope } from '../expressions/scope.js';
import { resolveKnown } from './resolveKnown.js';
import { chooseAuth, type AuthSpec, type Scenario, type Section, type Step } from '../language/index.js';
import { authToCurl } from './authToCurl.js';
import type { Masker } from '../masking/index.js';
import { printCurlCommand } from './curlCommand.js';
import type { UrlTargets } from './relativeUrl.js';
import { resolveRequest, type ResolveContext } from './resolveRequest.js';

export interface ScenarioToCurlOptions {
  /** The environment's base URLs; without them relative URLs stay relative. */
  targets?: UrlTargets;
  /** The environment's `variables`, readable as `$name`. */
  variables?: Record<string, unknown>;
  /** The credentials file, readable as `$accounts.<account>.<field>`. */
  credentials?: Record<string, Record<string, unknown>>;
  /** Masks secrets and sensitive fields; absent with `--raw`. */
  masker?: Masker;
  assetsPrefix?: string;
  /** Scenarios that `use` steps run, by absolute path (the step's `usePath`), loaded by the caller. */
  usedScenarios?: ReadonlyMap<string, Scenario>;
  /** The environment's `auth:`, for the steps it applies to. */
  environmentAuth?: AuthSpec;
}

const SECTIONS: Section[] = ['setup', 'steps', 'teardown'];

export function scenarioToCurl(scenario: Scenario, options: ScenarioToCurlOptions = {}): string {
  const context: ResolveContext = {
    scope: scopeFromObject({ ...options.variables, accounts: options.credentials ?? {} }),
    ...(options.targets ? { targets: options.targets } : {}),
    ...(options.masker ? { masker: options.masker } : {}),
    ...(options.assetsPrefix !== undefined ? { assetsPrefix: options.assetsPrefix } : {}),
  };
  const walker = new StepWalker(context, options.usedScenarios ?? new Map(), options.environmentAuth);
  const blocks = [`# Scenario: ${scenario.name} (${scenario.file})`];
  const visiting = scenario.path === undefined ? [] : [scenario.path];
  for (const section of SECTIONS) walker.walk(scenario[section], section, [], visiting, blocks);
  if (blocks.length === 1) blocks.push('# (no steps)');
  return `${blocks.join('\n\n')}\n`;
}

class StepWalker {
  constructor(
    private readonly context: ResolveContext,
    private readonly used: ReadonlyMap<string, Scenario>,
    private readonly environmentAuth: AuthSpec | undefined,
  ) {}

  /** `within` says which loops and used files enclose these steps; `visiting` guards against `use` cycles. */
  walk(steps: readonly Step[], prefix: string, within: string[], visiting: string[], blocks: string[]): void {
    steps.forEach((step, index) => {
      const path = `${prefix}[${index}]`;
      const label = `${path} ${step.name ?? defaultLabel(step)}`.trimEnd();
      switch (step.kind) {
        case 'request': {
          const { request, notes } = resolveRequest(step.request, this.context);
          const auth = chooseAuth(step.request.auth, this.environmentAuth, step.request.headers);
          const sent = auth === undefined ? undefined : authToCurl(auth, this.context);
          const comments = [label, ...within, ...notes, ...(sent?.notes ?? [])].map((line) => `# ${line}`);
          const command = printCurlCommand(sent ? { ...request, authOptions: sent.options } : request);
          blocks.push([...comments, command].join('\n'));
          break;
        }
        case 'repeat':
          this.walk(
            step.repeat.steps,
            `${path}.repeat.steps`,
            [...within, `inside repeat (up to ${step.repeat.attempts} passes)`],
            visiting,
            blocks,
          );
          break;
        case 'for_each':
          this.walk(
            step.forEach.steps,
            `${path}.for_each.steps`,
            [
              ...within,
              `inside for_each over ${step.forEach.from}: $${step.forEach.as} is filled in at run time`,
            ],
            visiting,
            blocks,
          );
          break;
        case 'use':
          this.walkUse(step, path, label, within, visiting, blocks);
          break;
        default:
          blocks.push(`# ${label}: a \`${step.kind}\` step, not an HTTP request: skipped`);
      }
    });
  }

  private walkUse(
    step: Step & { kind: 'use' },
    path: string,
    label: string,
    within: string[],
    visiting: string[],
    blocks: string[],
  ): void {
    if (step.usePath !== undefined && visiting.includes(step.usePath)) {
      blocks.push(`# ${label}: \`use ${step.use}\` is a cycle: skipped`);
      return;
    }
    const target = step.usePath === undefined ? undefined : this.used.get(step.usePath);
    if (step.usePath === undefined || target === undefined) {
      blocks.push(`# ${label}: \`use ${step.use}\` could not be read: skipped`);
      return;
    }
    const inside = [...within, `inside use ${step.use}`];
    // The fragment reads its `with` values as variables, resolved where the `use` step stands.
    const withValues = Object.fromEntries(
      Object.entries(step.with).map(([name, value]) => [name, resolveKnown(value, this.context.scope)]),
    );
    const walker = new StepWalker(
      { ...this.context, scope: layeredScope(withValues, this.context.scope) },
      this.used,
      this.environmentAuth,
    );
    for (const section of SECTIONS) {
      walker.walk(target[section], `${path}.use.${section}`, inside, [...visiting, step.usePath], blocks);
    }
  }
}

/** `inner` names first, then the enclosing scope's. */
function layeredScope(inner: Record<string, unknown>, outer: VariableScope): VariableScope {
  const own = scopeFromObject(inner);
  return {
    has: (name) => own.has(name) || outer.has(name),
    get: (name) => (own.has(name) ? own.get(name) : outer.get(name)),
    names: () => new Set([...own.names(), ...outer.names()]),
  };
}

/** As runner labels an unnamed step: `METHOD url` for a request (SPEC, Step `name`). */
function defaultLabel(step: Step): string {
  if (step.kind === 'request') return `${step.request.method} ${step.request.url}`;
  return step.kind === 'use' ? `use ${step.use}` : '';
}

/** The files `use` steps of these scenarios run (absolute paths), at any depth of loops; not recursive. */
export function useTargets(scenario: Scenario): string[] {
  const targets: string[] = [];
  const visit = (steps: readonly Step[]) => {
    for (const step of steps) {
      if (step.kind === 'use' && step.usePath !== undefined) targets.push(step.usePath);
      else if (step.kind === 'repeat') visit(step.repeat.steps);
      else if (step.kind === 'for_each') visit(step.forEach.steps);
    }
  };
  for (const section of SECTIONS) visit(scenario[section]);
  return targets;
}
