import { setMaxListeners } from 'node:events';
import {
  expandExamples,
  type EngineServices,
  type LoadExecution,
  type RunListener,
  type RunStop,
  type StepResult,
} from '../engine/index.js';
import { prepareLoadExecution } from '../engine/index.js';
import { firstFailure } from '../reporters/index.js';
import { createRunServices, type RunPlan } from '../session/index.js';
import type { HttpSetupInputs } from '../session/httpSetup.js';
import { driveLoad, type LoadShape } from './loadModels.js';
import type { LoadMetrics } from './loadMetrics.js';

export interface LoadRequest {
  plan: RunPlan;
  shape: LoadShape;
  userAgent: string;
  network: HttpSetupInputs;
  /** Ctrl-C: the load stops at once, iterations in flight end, teardown still runs. */
  stop?: RunStop;
  /** Told when setup is done and the load starts (the live view starts then). */
  onLoadStart?: () => void;
}

/** What went wrong in setup or teardown, masked: `<scenario> › <step>: <failure>`. */
export interface SectionFailure {
  section: 'setup' | 'teardown';
  text: string;
}

export interface LoadOutcome {
  /** The load ran (setup passed); false when a setup step failed or an interrupt came first. */
  ran: boolean;
  /** How long the load itself lasted, setup and teardown left out. */
  loadMs: number;
  failures: SectionFailure[];
  interrupted: boolean;
}

/** DECISIONS.md, "Load": iterations still running when the duration ends may finish, for this long. */
const GRACE_MS = 30_000;

/** Records the failed top-level steps of setup and teardown, through the masking boundary. */
function sectionFailures(plan: RunPlan, failures: SectionFailure[]): RunListener {
  return {
    onStepEnd: ({ result, depth, scenario }) => {
      if (depth !== 0 || result.status !== 'failed') return;
      if (result.section !== 'setup' && result.section !== 'teardown') return;
      failures.push({ section: result.section, text: plan.masker.maskText(describe(scenario, result)) });
    },
  };
}

function describe(scenario: string, result: StepResult): string {
  return `${scenario} › ${result.label}: ${firstFailure(result)?.text ?? 'the step failed'}`;
}

/**
 * Runs the plan's scenarios as load: every execution's setup once, then iterations of the main steps as
 * the shape says (executions take turns), then every teardown once. Connections are closed before this
 * returns.
 */
export async function runLoad(request: LoadRequest, metrics: LoadMetrics): Promise<LoadOutcome> {
  const { plan, shape } = request;
  const model = shape.model;
  const failures: SectionFailure[] = [];
  const { settings, services, close } = await createRunServices(plan, {
    userAgent: request.userAgent,
    network: request.network,
    listeners: [],
    // One connection per iteration that may run at once, as each iteration's steps are sequential.
    connections: model.kind === 'closed' ? model.vus : model.maxInFlight,
    keep: 'failed',
    ...(request.stop ? { stop: request.stop } : {}),
  });
  const sectionServices: EngineServices = { ...services, listener: sectionFailures(plan, failures) };
  const executions: LoadExecution[] = plan.scenarios
    .flatMap(expandExamples)
    .map((execution) => prepareLoadExecution(execution, settings, sectionServices));
  const userStop = request.stop?.run;
  try {
    let setupFailed = false;
    for (const execution of executions) {
      if (userStop?.aborted) break;
      if ((await execution.setup()).failed) {
        setupFailed = true;
        break;
      }
    }
    let loadMs = 0;
    const ran = !setupFailed && !userStop?.aborted;
    if (ran) loadMs = await drive(request, services, executions, metrics);
    for (const execution of executions) await execution.teardown();
    return { ran, loadMs, failures, interrupted: userStop?.aborted === true };
  } finally {
    await close();
  }
}

async function drive(
  request: LoadRequest,
  services: EngineServices,
  executions: readonly LoadExecution[],
  metrics: LoadMetrics,
): Promise<number> {
  const { shape } = request;
  const userStop = request.stop?.run;
  // The load stops at the duration or at an interrupt; iterations in flight get GRACE_MS more, then end.
  const grace = new AbortController();
  const driveStop = userStop ? AbortSignal.any([userStop, grace.signal]) : grace.signal;
  const ending = new AbortController();
  const iterationStop = userStop ? AbortSignal.any([userStop, ending.signal]) : ending.signal;
  // Every iteration in flight listens to these; thousands at once are expected, not a leak.
  setMaxListeners(0, iterationStop, driveStop);
  const iterationServices: EngineServices = {
    ...services,
    listener: metrics.listener,
    stop: { run: iterationStop, ...(request.stop?.teardown ? { teardown: request.stop.teardown } : {}) },
  };
  metrics.restart();
  request.onLoadStart?.();
  const graceTimer = setTimeout(() => ending.abort(), shape.durationMs + GRACE_MS);
  const durationTimer = setTimeout(() => grace.abort(), shape.durationMs);
  try {
    await driveLoad(
      shape,
      {
        elapsedMs: () => metrics.elapsedMs(),
        sleep: (ms, signal) => services.clock.sleep(ms, signal),
        iterate: async (index) => {
          const execution = executions[index % executions.length]!;
          try {
            const outcome = await execution.iteration(iterationServices);
            metrics.iterationEnded(outcome.failed);
          } catch {
            // A step kind that throws is a bug the run command reports; under load it is a failed iteration.
            metrics.iterationEnded(true);
          }
        },
        dropped: () => metrics.dropped++,
      },
      driveStop,
    );
  } finally {
    clearTimeout(graceTimer);
    clearTimeout(durationTimer);
  }
  return metrics.elapsedMs();
}
