import { describe, expect, it } from 'vitest';
import type { FailureSnapshotContent } from '../reporters/snapshots/buildFailureSnapshot.js';
import { tempTree } from '../workspace/tempWorkspace.test-support.js';
import { latestFailures, matchesScenario, readFailureSnapshots } from './failureSnapshots.js';

function content(scenario: string, timestamp: string, failedStepIndex = 0): FailureSnapshotContent {
  return {
    timestamp,
    scenario,
    testFile: '.runner/tests/users.yaml',
    failedStepIndex,
    failedStepLine: 3 + failedStepIndex,
    role: 'steps',
    error: `failure of ${scenario} step ${failedStepIndex}`,
    diagnostics: { request: null, response: null, variableStoreAtFailure: {} },
  };
}

describe('matchesScenario', () => {
  it('matches the name case-insensitively, its example executions, and the file by any tail of its path', () => {
    const users = content('Users CRUD', 't');
    expect(matchesScenario(users, 'users crud')).toBe(true);
    expect(matchesScenario(content('Users CRUD [2]', 't'), 'Users CRUD')).toBe(true);
    expect(matchesScenario(users, 'Users')).toBe(false);
    expect(matchesScenario(users, 'users.yaml')).toBe(true);
    expect(matchesScenario(users, './.runner/tests/users.yaml')).toBe(true);
    expect(matchesScenario(users, '/home/me/project/.runner/tests/users.yaml')).toBe(true);
    expect(matchesScenario(users, 'other/users.yaml')).toBe(false);
  });
});

describe('latestFailures', () => {
  it('keeps the newest run that failed for the scenario, its first failed step first', () => {
    const snapshots = [
      content('Users CRUD', '2030-01-01T00:00:00.000Z', 1),
      content('Users CRUD', '2030-01-02T00:00:00.000Z', 3),
      content('Users CRUD', '2030-01-02T00:00:00.000Z', 2),
      content('Other', '2030-01-03T00:00:00.000Z', 0),
    ].map((c, i) => ({ fileName: `failure-${i}.json`, content: c }));
    expect(latestFailures(snapshots, 'Users CRUD').map((s) => s.content.failedStepIndex)).toEqual([2, 3]);
    expect(latestFailures(snapshots, 'Nobody')).toEqual([]);
  });
});

describe('readFailureSnapshots', () => {
  it('reads failure-*.json files, passing over broken ones, other files and a missing folder', async () => {
    const tree = await tempTree({
      'failures/failure-a.json': JSON.stringify(content('A', 't')),
      'failures/failure-broken.json': '{ not json',
      'failures/failure-wrong-shape.json': '{"scenario": 1}',
      'failures/report.json': JSON.stringify(content('B', 't')),
    });
    const read = await readFailureSnapshots(tree.path('failures'));
    expect(read.map((s) => s.fileName)).toEqual(['failure-a.json']);
    expect(await readFailureSnapshots(tree.path('missing'))).toEqual([]);
    await tree.remove();
  });
});
