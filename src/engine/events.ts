import type { SourceLocation } from '../diagnostics/location.js';
import type { Section } from '../language/model.js';
import type { RunResult, ScenarioResult, StepResult } from './results.js';

export interface RunBegin {
  environment: string;
  scenarioCount: number;
  startedAt: string;
}

export interface ScenarioBegin {
  name: string;
  file: string;
  description?: string;
}

export interface StepBegin {
  scenario: string;
  section: Section;
  label: string;
  /** 0 for a scenario's own steps, 1+ inside loops and composed scenarios. */
  depth: number;
  loc: SourceLocation;
}

export interface StepEnd {
  scenario: string;
  depth: number;
  result: StepResult;
}

/**
 * The engine's one event stream. Reporters implement the hooks they need; every hook is optional
 * (STYLE.md: Playwright's reporter interface).
 */
export interface RunListener {
  onRunBegin?(event: RunBegin): void;
  onScenarioBegin?(event: ScenarioBegin): void;
  onStepBegin?(event: StepBegin): void;
  onStepEnd?(event: StepEnd): void;
  onScenarioEnd?(result: ScenarioResult): void;
  onRunEnd?(result: RunResult): void | Promise<void>;
}

type Hook = keyof RunListener;

/**
 * Fans one event stream out to many listeners. A listener that throws is reported through `onError`
 * and does not stop the run or the other listeners.
 */
export function fanOut(
  listeners: readonly RunListener[],
  onError: (error: unknown, hook: Hook) => void,
): RunListener {
  const call = (hook: Hook, payload: unknown): Promise<void>[] => {
    const pending: Promise<void>[] = [];
    for (const listener of listeners) {
      const fn = listener[hook] as ((event: unknown) => void | Promise<void>) | undefined;
      if (!fn) continue;
      try {
        const out = fn.call(listener, payload);
        if (out instanceof Promise) pending.push(out.catch((error: unknown) => onError(error, hook)));
      } catch (error) {
        onError(error, hook);
      }
    }
    return pending;
  };
  return {
    onRunBegin: (event) => void call('onRunBegin', event),
    onScenarioBegin: (event) => void call('onScenarioBegin', event),
    onStepBegin: (event) => void call('onStepBegin', event),
    onStepEnd: (event) => void call('onStepEnd', event),
    onScenarioEnd: (result) => void call('onScenarioEnd', result),
    onRunEnd: async (result) => {
      await Promise.all(call('onRunEnd', result));
    },
  };
}
