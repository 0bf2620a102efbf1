import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FailureSnapshot, FailureSnapshotContent } from './buildFailureSnapshot.js';
import { writeFailureSnapshots } from './writeFailureSnapshots.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'runner-snapshots-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function snapshot(fileName: string, error = fileName): FailureSnapshot {
  const content: FailureSnapshotContent = {
    timestamp: '2024-05-01T12:34:56.789Z',
    scenario: 'S',
    testFile: 't.yaml',
    failedStepIndex: 0,
    failedStepLine: 3,
    role: 'steps',
    error,
    diagnostics: { request: null, response: null, variableStoreAtFailure: {} },
  };
  return { fileName, content };
}

/** An older snapshot from an earlier run, dated `ageSeconds` ago. */
async function oldSnapshot(dir: string, name: string, ageSeconds: number): Promise<void> {
  const path = join(dir, name);
  await writeFile(path, '{}');
  const when = new Date(Date.now() - ageSeconds * 1000);
  await utimes(path, when, when);
}

describe('writeFailureSnapshots', () => {
  it('creates the folder and writes each snapshot as indented JSON, leaving no temp files', async () => {
    const dir = join(root, 'failures', 'nested');
    const paths = await writeFailureSnapshots(
      dir,
      [snapshot('failure-a.json'), snapshot('failure-b.json')],
      50,
    );
    expect(paths).toEqual([join(dir, 'failure-a.json'), join(dir, 'failure-b.json')]);
    expect((await readdir(dir)).sort()).toEqual(['failure-a.json', 'failure-b.json']);
    const text = await readFile(join(dir, 'failure-a.json'), 'utf8');
    expect(text).toBe(`${JSON.stringify(snapshot('failure-a.json').content, null, 2)}\n`);
  });

  it('keeps only the retainCount newest snapshots, deleting the oldest first', async () => {
    await oldSnapshot(root, 'failure-oldest.json', 300);
    await oldSnapshot(root, 'failure-older.json', 200);
    await oldSnapshot(root, 'failure-old.json', 100);
    await writeFailureSnapshots(root, [snapshot('failure-new.json')], 3);
    expect((await readdir(root)).sort()).toEqual([
      'failure-new.json',
      'failure-old.json',
      'failure-older.json',
    ]);
  });

  it('never touches files that are not failure snapshots', async () => {
    await oldSnapshot(root, 'report.json', 500);
    await oldSnapshot(root, 'failure-notes.txt', 500);
    await oldSnapshot(root, 'failure-old.json', 100);
    await writeFailureSnapshots(root, [snapshot('failure-new.json')], 1);
    expect((await readdir(root)).sort()).toEqual(['failure-new.json', 'failure-notes.txt', 'report.json']);
  });

  it('writes only the newest of a batch larger than retainCount, and nothing at 0', async () => {
    const batch = ['failure-1.json', 'failure-2.json', 'failure-3.json'].map((name) => snapshot(name));
    await oldSnapshot(root, 'failure-0.json', 100);
    const written = await writeFailureSnapshots(root, batch, 2);
    expect(written).toEqual([join(root, 'failure-2.json'), join(root, 'failure-3.json')]);
    expect((await readdir(root)).sort()).toEqual(['failure-2.json', 'failure-3.json']);
    expect(await writeFailureSnapshots(root, batch, 0)).toEqual([]);
    expect(await readdir(root)).toEqual([]);
  });

  it('keeps everything with Infinity and refuses a negative or fractional count', async () => {
    for (let i = 0; i < 5; i++) await oldSnapshot(root, `failure-${i}.json`, 100 + i);
    await writeFailureSnapshots(root, [snapshot('failure-new.json')], Infinity);
    expect(await readdir(root)).toHaveLength(6);
    await expect(writeFailureSnapshots(root, [], -1)).rejects.toThrow(RangeError);
    await expect(writeFailureSnapshots(root, [], 1.5)).rejects.toThrow(/whole number/);
  });

  it('keeps two snapshots of one batch that share a name', async () => {
    const paths = await writeFailureSnapshots(
      root,
      [snapshot('failure-x.json', 'first'), snapshot('failure-x.json', 'second')],
      10,
    );
    expect(paths).toEqual([join(root, 'failure-x.json'), join(root, 'failure-x-2.json')]);
    expect(JSON.parse(await readFile(join(root, 'failure-x-2.json'), 'utf8'))).toMatchObject({
      error: 'second',
    });
  });
});

describe('writeFailureSnapshots when the disk says no', () => {
  it('fails and removes its temp file, leaving what was there', async () => {
    await mkdir(join(root, 'failure-a.json'));
    await expect(writeFailureSnapshots(root, [snapshot('failure-a.json')], 10)).rejects.toThrow();
    expect(await readdir(root)).toEqual(['failure-a.json']);
  });
});
