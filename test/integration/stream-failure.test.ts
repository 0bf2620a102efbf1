import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeStreamedOutputs } from '../../src/cli/commands/runReports.js';
import type { CliIo } from '../../src/cli/io.js';
import type { RecordStream } from '../../src/reporters/index.js';
import { loadWorkspace } from '../../src/workspace/index.js';
import { failedStep, runResult, scenarioResult } from '../support/reportRuns.js';

/**
 * A record stream that cannot be written or read back (a full disk during the run) costs the report files,
 * with a warning; failure snapshots come from the run kept in memory and are still written, and nothing
 * throws, so the exit code follows the checks (DECISIONS.md, Wave 2 / Platform).
 */
let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'runner-stream-failure-'));
  await mkdir(join(root, '.runner'), { recursive: true });
  await writeFile(join(root, '.runner/config.yaml'), 'project: { name: full-disk }\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

function captured(): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { isTTY: false, write: (text: string) => void (out += text) },
    stderr: { isTTY: false, write: (text: string) => void (err += text) },
    env: {},
    cwd: root,
    nodeVersion: process.versions.node,
  };
  return { io, out: () => out, err: () => err };
}

describe('a record stream that fails', () => {
  it('is a warning: no report files, the failure snapshots still written, the stream discarded', async () => {
    const workspace = await loadWorkspace(root);
    const raw = runResult([scenarioResult('Orders', [failedStep])]);
    let discarded = false;
    const stream: RecordStream = {
      forExecution: () => ({}),
      finish: () => Promise.reject(new Error('ENOSPC: no space left on device, write')),
      discard: async () => void (discarded = true),
    };
    const { io, out, err } = captured();
    await writeStreamedOutputs(
      { raw, masked: raw },
      stream,
      {
        formats: ['json', 'html'],
        raw: false,
        workspace,
        coverage: () => undefined,
        showCoverage: () => undefined,
      },
      io,
    );
    expect(err()).toBe('warning: cannot write reports: ENOSPC: no space left on device, write\n');
    expect(out()).toMatch(/^Failure snapshots: 1 in \.runner\/reports\/failures\n$/);
    expect((await readdir(join(root, '.runner/reports'))).sort()).toEqual(['failures']);
    expect(discarded).toBe(true);
  });
});
