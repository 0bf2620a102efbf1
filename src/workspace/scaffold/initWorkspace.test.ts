import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initWorkspace, scaffoldState } from './initWorkspace.js';
import { scaffoldFiles } from './scaffoldFiles.js';

const DEMO = { projectName: 'demo', baseUrl: 'http://localhost:4010', demo: true };

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-init-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('initWorkspace', () => {
  it('creates every file, making the directories it needs', async () => {
    const files = scaffoldFiles({ ...DEMO, scenarioJsonSchema: '{}\n' });
    const result = await initWorkspace(dir, files);
    expect(result).toEqual({ created: files.map((file) => file.path), existing: [] });
    expect(await readFile(join(dir, '.runner/schemas/auth/token.yaml'), 'utf8')).toBe(
      files.find((file) => file.path === '.runner/schemas/auth/token.yaml')?.content,
    );
  });

  it('never overwrites a file that is already there, and says so', async () => {
    const files = [
      { path: '.runner/config.yaml', content: 'new config\n' },
      { path: '.runner/tests/a.yaml', content: 'new scenario\n' },
    ];
    await initWorkspace(dir, [{ path: '.runner/config.yaml', content: 'mine\n' }]);
    const result = await initWorkspace(dir, files);
    expect(result).toEqual({ created: ['.runner/tests/a.yaml'], existing: ['.runner/config.yaml'] });
    expect(await readFile(join(dir, '.runner/config.yaml'), 'utf8')).toBe('mine\n');
  });

  it('is idempotent: a second run creates nothing', async () => {
    const files = scaffoldFiles({ ...DEMO, scenarioJsonSchema: '{}\n' });
    await initWorkspace(dir, files);
    await writeFile(join(dir, '.runner/environments/local.yaml'), 'baseUrl: http://edited\n');
    const again = await initWorkspace(dir, files);
    expect(again.created).toEqual([]);
    expect(again.existing).toHaveLength(files.length);
    expect(await readFile(join(dir, '.runner/environments/local.yaml'), 'utf8')).toBe(
      'baseUrl: http://edited\n',
    );
  });

  it('reports other write failures instead of hiding them', async () => {
    await writeFile(join(dir, 'assets'), 'a file where a directory should be');
    await expect(initWorkspace(dir, [{ path: 'assets/README.md', content: 'x' }])).rejects.toThrow();
  });

  it('tells the files that are there from those that are missing, writing nothing', async () => {
    const files = [
      { path: '.runner/config.yaml', content: 'a\n' },
      { path: '.runner/tests/health.yaml', content: 'b\n' },
    ];
    await initWorkspace(dir, files.slice(0, 1));
    expect(await scaffoldState(dir, files)).toEqual({
      present: ['.runner/config.yaml'],
      missing: ['.runner/tests/health.yaml'],
    });
    await expect(readFile(join(dir, '.runner/tests/health.yaml'))).rejects.toThrow();
  });
});
