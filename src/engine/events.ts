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

/**
 * What a step holds, so a listener can show nested steps as they end (issue 14, flat memory): `parent` for a
 * loop or `use` step, whose nested records end before it; `pass` for one pass of a loop (`repeat 2/5`).
 */
export type StepNesting = 'parent' | 'pass';

export interface StepBegin {
  scenario: string;
  section: Section;
  label: string;
  /** 0 for a scenario's own steps, 1+ inside loops (a pass is one deeper than its loop) and composed scenarios. */
  depth: number;
  loc: SourceLocation;
  nesting?: StepNesting;
}

export interface StepEnd {
  scenario: string;
  depth: number;
  /**
   * The finished record. Each nested record has had its own event before its parent's, so a listener
   * reads a parent's `children` only if it wants the whole tree again.
   */
  result: StepResult;
  nesting?: StepNesting;
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
  // Called several times per step: the list of pending promises is made only when a hook returns one.
  const call = (hook: Hook, payload: unknown): Promise<void>[] | undefined => {
    let pending: Promise<void>[] | undefined;
    for (const listener of listeners) {
      const fn = listener[hook] as ((event: unknown) => void | Promise<void>) | undefined;
      if (!fn) continue;
      try {
        const out = fn.call(listener, payload);
        if (out instanceof Promise)
          (pending ??= []).push(out.catch((error: unknown) => onError(error, hook)));
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
      await Promise.all(call('onRunEnd', result) ?? []);
    },
  };
}
