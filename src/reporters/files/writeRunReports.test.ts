import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFileSystem, type ReportFileSystem } from './reportFileSystem.js';
import { compareRunDirectoryNames, runDirectoryName } from './runDirectories.js';
import { writeRunReports, type WriteRunReportsOptions } from './writeRunReports.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'runner-reports-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function run(startedAt: string, content: string, extra: Partial<WriteRunReportsOptions> = {}) {
  return {
    reportsDir: join(root, 'reports'),
    files: [
      { name: 'report.json', content: `{"run":"${content}"}` },
      { name: 'report.html', content: `<p>${content}</p>` },
    ],
    startedAt,
    archive: false,
    retention: 10,
    ...extra,
  };
}

/** Every file under `dir`, relative, with its content: the whole visible state of the reports directory. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length + 1)] = await readFile(path, 'utf8');
  }
  return out;
}

async function entries(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

/**
 * A file system that stops for good at the first operation `matches` picks, as if the process died there;
 * `crashed` resolves when it gets there, so the test can look at what is left on disk.
 */
function crashingAt(matches: (operation: string, path: string) => boolean) {
  let reached = (): void => undefined;
  const crashed = new Promise<void>((resolve) => (reached = resolve));
  const stop = (): Promise<never> => {
    reached();
    return new Promise<never>(() => undefined);
  };
  const real = nodeFileSystem;
  const fileSystem: ReportFileSystem = {
    mkdir: (path, options) => (matches('mkdir', path) ? stop() : real.mkdir(path, options)),
    writeFile: (path, data, options) =>
      matches('writeFile', path) ? stop() : real.writeFile(path, data, options),
    copyFile: (from, to) => (matches('copyFile', to) ? stop() : real.copyFile(from, to)),
    rename: (from, to) => (matches('rename', from) ? stop() : real.rename(from, to)),
    rm: (path, options) => (matches('rm', path) ? stop() : real.rm(path, options)),
    readdir: (path) => real.readdir(path),
    stat: (path) => real.stat(path),
  };
  return { fileSystem, crashed };
}

const FIRST = '2026-11-21T10:31:05.123Z';
const SECOND = '2026-11-21T10:32:00.000Z';

describe('writeRunReports', () => {
  it('writes a timestamped directory and mirrors it to latest/, leaving no temporary files', async () => {
    const result = await writeRunReports(run(FIRST, 'one'));
    const reports = join(root, 'reports');
    expect(result).toEqual({
      dir: join(reports, '2026-11-21T10-31-05-123Z'),
      latest: join(reports, 'latest'),
    });
    expect(await tree(reports)).toEqual({
      '2026-11-21T10-31-05-123Z/report.json': '{"run":"one"}',
      '2026-11-21T10-31-05-123Z/report.html': '<p>one</p>',
      'latest/report.json': '{"run":"one"}',
      'latest/report.html': '<p>one</p>',
    });
    expect(await entries(reports)).toEqual(['2026-11-21T10-31-05-123Z', 'latest']);
  });

  it('gives a run that starts in the same millisecond its own directory, and replaces latest/ whole', async () => {
    await writeRunReports(run(FIRST, 'one'));
    const second = await writeRunReports({
      ...run(FIRST, 'two'),
      files: [{ name: 'report.xml', content: '<two/>' }],
    });
    const third = await writeRunReports(run(FIRST, 'three'));
    expect(basename(second.dir)).toBe('2026-11-21T10-31-05-123Z-2');
    expect(basename(third.dir)).toBe('2026-11-21T10-31-05-123Z-3');
    expect(await tree(join(root, 'reports', 'latest'))).toEqual({
      'report.json': '{"run":"three"}',
      'report.html': '<p>three</p>',
    });
    expect(await tree(second.dir)).toEqual({ 'report.xml': '<two/>' });
  });

  it('refuses file names that would leave the directory, before writing anything', async () => {
    const bad = { ...run(FIRST, 'x'), files: [{ name: '../escape.json', content: '{}' }] };
    await expect(writeRunReports(bad)).rejects.toThrow('plain file name');
    await expect(writeRunReports({ ...run(FIRST, 'x'), startedAt: 'yesterday' })).rejects.toThrow(
      'not an ISO 8601 timestamp',
    );
    await expect(readdir(root)).resolves.toEqual([]);
  });
});

describe('writeRunReports after a crash', () => {
  it('never shows a half-written file: a crash before the rename leaves latest/ as the previous run', async () => {
    await writeRunReports(run(FIRST, 'one'));
    const { fileSystem, crashed } = crashingAt(
      (operation, path) => operation === 'rename' && basename(path).startsWith('.report.json.tmp-'),
    );
    void writeRunReports(run(SECOND, 'two'), fileSystem);
    await crashed;
    const reports = join(root, 'reports');
    expect(await tree(join(reports, 'latest'))).toEqual({
      'report.json': '{"run":"one"}',
      'report.html': '<p>one</p>',
    });
    // The new run's directory holds only the temporary file, never a partial report.json.
    const files = await readdir(join(reports, '2026-11-21T10-32-00-000Z'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\.report\.json\.tmp-/);
  });

  it('keeps the previous latest/ when it dies assembling the new one, and the next run cleans up', async () => {
    await writeRunReports(run(FIRST, 'one'));
    const { fileSystem, crashed } = crashingAt(
      (operation, path) => operation === 'rename' && path.endsWith('latest'),
    );
    void writeRunReports(run(SECOND, 'two'), fileSystem);
    await crashed;
    const reports = join(root, 'reports');
    expect(await tree(join(reports, 'latest'))).toEqual({
      'report.json': '{"run":"one"}',
      'report.html': '<p>one</p>',
    });
    expect((await entries(reports)).filter((name) => name.startsWith('latest.tmp-'))).toHaveLength(1);

    await writeRunReports(run(new Date(Date.now() + 1_000).toISOString(), 'three'));
    expect((await entries(reports)).filter((name) => name.startsWith('latest'))).toEqual(['latest']);
    expect(await readFile(join(reports, 'latest', 'report.json'), 'utf8')).toBe('{"run":"three"}');
  });

  it('puts latest/ back when it died between the two renames', async () => {
    await writeRunReports(run(FIRST, 'one'));
    const between = crashingAt(
      (operation, path) => operation === 'rename' && basename(path).startsWith('latest.tmp-'),
    );
    void writeRunReports(run(SECOND, 'two'), between.fileSystem);
    await between.crashed;
    const reports = join(root, 'reports');
    expect(await entries(reports)).not.toContain('latest');

    // The next run repairs latest/ first (here it then dies writing its own first file): the run that had
    // finished assembling its files is the one put back.
    const next = crashingAt((operation) => operation === 'writeFile');
    void writeRunReports(run(new Date(Date.now() + 1_000).toISOString(), 'three'), next.fileSystem);
    await next.crashed;
    expect(await tree(join(reports, 'latest'))).toEqual({
      'report.json': '{"run":"two"}',
      'report.html': '<p>two</p>',
    });
    // What the repair consumed is gone; the only other leftover is the staging directory of the run that
    // died just now (its files are written straight into it), which the next run's repair removes.
    const leftovers = (await entries(reports)).filter((name) => name.startsWith('latest'));
    expect(
      leftovers.filter((name) => name !== 'latest').every((name) => name.startsWith('latest.tmp-')),
    ).toBe(true);
    expect(leftovers).toContain('latest');
    expect(leftovers.some((name) => name.startsWith('latest.old-'))).toBe(false);
  });

  it('restores latest/ and removes its staging when the swap fails with an error', async () => {
    await writeRunReports(run(FIRST, 'one'));
    const failing: ReportFileSystem = {
      ...nodeFileSystem,
      rename: (from, to) =>
        basename(from).startsWith('latest.tmp-')
          ? Promise.reject(new Error('disk full'))
          : nodeFileSystem.rename(from, to),
    };
    await expect(writeRunReports(run(SECOND, 'two'), failing)).rejects.toThrow('disk full');
    const reports = join(root, 'reports');
    expect((await entries(reports)).filter((name) => name.startsWith('latest'))).toEqual(['latest']);
    expect(await readFile(join(reports, 'latest', 'report.json'), 'utf8')).toBe('{"run":"one"}');
  });

  it('leaves a staging directory newer than its own start alone: another run may be writing it', async () => {
    const reports = join(root, 'reports');
    await mkdir(join(reports, 'latest.tmp-busy'), { recursive: true });
    await writeRunReports(run(FIRST, 'one'));
    expect(await entries(reports)).toContain('latest.tmp-busy');
  });
});

describe('writeRunReports retention', () => {
  async function runs(count: number, extra: Partial<WriteRunReportsOptions>) {
    for (let second = 0; second < count; second++) {
      const startedAt = `2026-11-21T10:31:${String(second).padStart(2, '0')}.000Z`;
      await writeRunReports(run(startedAt, String(second), extra));
    }
  }

  it('keeps every run directory when not archiving', async () => {
    await runs(4, { archive: false, retention: 2 });
    expect((await entries(join(root, 'reports'))).length).toBe(5);
  });

  it('keeps the newest `retention` runs when archiving, and never touches latest/, failures/ or archive/', async () => {
    const reports = join(root, 'reports');
    await mkdir(join(reports, 'failures'), { recursive: true });
    await mkdir(join(reports, 'archive'), { recursive: true });
    await writeFile(join(reports, 'failures', 'failure-x.json'), '{}');
    await writeFile(join(reports, 'notes.txt'), 'mine');
    await runs(4, { archive: true, retention: 2 });
    expect(await entries(reports)).toEqual([
      '2026-11-21T10-31-02-000Z',
      '2026-11-21T10-31-03-000Z',
      'archive',
      'failures',
      'latest',
      'notes.txt',
    ]);
    expect(await readdir(join(reports, 'failures'))).toEqual(['failure-x.json']);
  });

  it('always keeps the run just written, even with a retention below one or a clock gone back', async () => {
    await runs(2, { archive: true, retention: 0 });
    expect(await entries(join(root, 'reports'))).toEqual(['2026-11-21T10-31-01-000Z', 'latest']);
    const earlier = await writeRunReports(
      run('2026-11-20T00:00:00.000Z', 'old', { archive: true, retention: 1 }),
    );
    expect(await entries(join(root, 'reports'))).toContain(basename(earlier.dir));
  });
});

describe('run directory names', () => {
  it('are the start time with file-system-safe separators, in UTC', () => {
    expect(runDirectoryName('2026-11-21T10:31:05.123Z')).toBe('2026-11-21T10-31-05-123Z');
    expect(runDirectoryName('2026-11-21T12:31:05.123+02:00')).toBe('2026-11-21T10-31-05-123Z');
  });

  it('sort by time, then by the same-millisecond suffix as a number', () => {
    const names = [
      '2026-11-21T10-31-05-123Z-10',
      '2026-11-21T10-31-05-123Z-9',
      '2026-11-21T10-31-05-123Z',
      '2026-01-01T00-00-00-000Z',
    ];
    expect(names.sort(compareRunDirectoryNames)).toEqual([
      '2026-01-01T00-00-00-000Z',
      '2026-11-21T10-31-05-123Z',
      '2026-11-21T10-31-05-123Z-9',
      '2026-11-21T10-31-05-123Z-10',
    ]);
  });
});
