import type { RunResult, ScenarioResult, StepResult } from '../../src/engine/index.js';
import { check, request, response, run, scenario, step } from './runBuilders.js';

/** A run of `total` steps in scenarios of 100, every 97th step failing, each with request and response. */
export function largeRun(total: number): RunResult {
  const scenarios: ScenarioResult[] = [];
  for (let start = 0; start < total; start += 100) {
    const steps: StepResult[] = [];
    for (let offset = 0; offset < Math.min(100, total - start); offset++) {
      const position = start + offset;
      const failed = position % 97 === 96;
      const item = { id: position, name: `Item ${position}`, tags: ['a', 'b'], price: position * 1.5 };
      steps.push(
        step({
          index: offset,
          label: `Fetch item ${position}`,
          status: failed ? 'failed' : 'passed',
          request: request('GET', `/items/${position}`),
          response: response(200, 'OK', item, `req-${position}`),
          requestId: `req-${position}`,
          assertions: [
            check('status', 200, 200),
            check(
              'body.name',
              failed ? 'Wrong' : item.name,
              item.name,
              !failed,
              `body.name = "Wrong" (expected), got "${item.name}"`,
            ),
          ],
          durationMs: 5 + (position % 40),
        }),
      );
    }
    scenarios.push(scenario({ name: `Items ${start + 1}–${start + steps.length}`, steps }));
  }
  return run(scenarios);
}
