import { describe, expect, it } from 'vitest';
import { fanOut, type RunListener } from './events.js';

const begin = { environment: 'local', scenarioCount: 1, startedAt: '' };

describe('fanOut', () => {
  it('isolates a listener that throws: the others still get every event, and the error is reported', async () => {
    const seen: string[] = [];
    const errors: string[] = [];
    const broken: RunListener = {
      onRunBegin: () => {
        throw new Error('boom');
      },
      onRunEnd: async () => {
        throw new Error('late boom');
      },
    };
    const healthy: RunListener = {
      onRunBegin: () => void seen.push('begin'),
      onRunEnd: () => void seen.push('end'),
    };
    const listener = fanOut([broken, healthy], (error, hook) =>
      errors.push(`${hook}: ${(error as Error).message}`),
    );
    listener.onRunBegin?.(begin);
    await listener.onRunEnd?.({
      environment: 'local',
      status: 'passed',
      startedAt: '',
      durationMs: 0,
      scenarios: [],
      counts: { passed: 0, failed: 0, skipped: 0, total: 0 },
    });
    expect(seen).toEqual(['begin', 'end']);
    expect(errors).toEqual(['onRunBegin: boom', 'onRunEnd: late boom']);
  });
});
