import { afterEach, describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { collectScenarioFiles } from './collectScenarioFiles.js';
import { loadWorkspace } from './loadWorkspace.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

async function setup() {
  tree = await tempTree({
    '.runner/tests/b.yaml': '',
    '.runner/tests/a.yml': '',
    '.runner/tests/notes.txt': '',
    '.runner/tests/users/z.yaml': '',
    '.runner/tests/users/c.yaml': '',
    'local.yaml': '',
  });
  return { t: tree, ws: await loadWorkspace(tree.root) };
}

describe('collectScenarioFiles', () => {
  it('defaults to every YAML file under the tests path, recursively and sorted', async () => {
    const { t, ws } = await setup();
    expect(await collectScenarioFiles(ws)).toEqual([
      t.path('.runner/tests/a.yml'),
      t.path('.runner/tests/b.yaml'),
      t.path('.runner/tests/users/c.yaml'),
      t.path('.runner/tests/users/z.yaml'),
    ]);
  });

  it('skips dot-folders and node_modules below the searched folder', async () => {
    tree = await tempTree({
      '.runner/tests/other.yaml': '',
      'specs/a.yaml': '',
      'specs/.git/config.yaml': '',
      'specs/.runner/config.yaml': '',
      'specs/users/.cache/old.yaml': '',
      'specs/users/b.yaml': '',
      'specs/node_modules/pkg/action.yml': '',
      'specs/.hidden.yaml': '',
    });
    const ws = await loadWorkspace(tree.root);
    expect(await collectScenarioFiles(ws, 'specs')).toEqual([
      tree.path('specs/.hidden.yaml'),
      tree.path('specs/a.yaml'),
      tree.path('specs/users/b.yaml'),
    ]);
  });

  it('searches a dot-folder that is itself the target', async () => {
    tree = await tempTree({
      '.runner/tests/other.yaml': '',
      '.checks/a.yaml': '',
      '.checks/.old/b.yaml': '',
    });
    const ws = await loadWorkspace(tree.root);
    expect(await collectScenarioFiles(ws, '.checks')).toEqual([tree.path('.checks/a.yaml')]);
  });

  it('resolves a relative path from the cwd first, then under the tests path', async () => {
    const { t, ws } = await setup();
    expect(await collectScenarioFiles(ws, 'local.yaml')).toEqual([t.path('local.yaml')]);
    expect(await collectScenarioFiles(ws, 'b.yaml')).toEqual([t.path('.runner/tests/b.yaml')]);
    expect(await collectScenarioFiles(ws, 'users')).toEqual([
      t.path('.runner/tests/users/c.yaml'),
      t.path('.runner/tests/users/z.yaml'),
    ]);
    expect(await collectScenarioFiles(ws, t.path('.runner/tests/a.yml'))).toEqual([
      t.path('.runner/tests/a.yml'),
    ]);
  });

  it('honours an explicit cwd', async () => {
    const { t, ws } = await setup();
    expect(await collectScenarioFiles(ws, 'c.yaml', t.path('.runner/tests/users'))).toEqual([
      t.path('.runner/tests/users/c.yaml'),
    ]);
  });

  it('throws for a path that does not exist, saying where it looked', async () => {
    const { ws } = await setup();
    const error = await collectScenarioFiles(ws, 'nope.yaml').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunnerError);
    expect(error).toMatchObject({
      code: 'scenario.not-found',
      message: 'no scenario file or directory `nope.yaml`',
      diagnostics: [{ hint: 'looked for nope.yaml and .runner/tests/nope.yaml' }],
    });
  });

  it('throws when the tests directory is missing', async () => {
    tree = await tempTree({ '.runner/config.yaml': 'tests: { path: specs }\n' });
    const error = await collectScenarioFiles(await loadWorkspace(tree.root)).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'scenario.not-found',
      message: 'tests directory specs does not exist',
    });
  });
});
