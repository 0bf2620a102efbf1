import { rm, symlink, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/errors.js';
import { loadEnvironment } from './environment.js';
import { loadScenarioFile, loadScenarios } from './loadScenarios.js';
import { loadWorkspace } from './loadWorkspace.js';
import { storeScenario } from './storedScenario.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';
import { validateWorkspace } from './validateWorkspace.js';

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

const lines = (...text: string[]): string => text.join('\n') + '\n';

const FILES = {
  '.runner/environments/local.yaml': lines(
    'baseUrl: http://127.0.0.1',
    'services: { auth: { baseUrl: http://127.0.0.1:1 } }',
    'variables: { tenant: t1 }',
  ),
  '.runner/schemas/users/list.yaml': 'type: array\n',
  '.runner/schemas/user.json': '{"type": "object"}',
  '.runner/tests/main.yaml': lines(
    'scenario: main',
    'steps:',
    '  - use: shared/login.yaml',
    '    with: { user: admin }',
    '  - request: { method: GET, url: /users/$tenant, service: auth, headers: { Authorization: Bearer $token } }',
    '    expect: { schema: users/list }',
  ),
  // A `use` target may read its parent's variables (`$user`); what it saves reaches the parent.
  '.runner/tests/shared/login.yaml': lines(
    'scenario: login',
    'steps:',
    '  - request: { method: POST, url: /login, body: { user: $user } }',
    '    save: { token: body.token }',
  ),
  '.runner/tests/broken.yaml': lines(
    'scenario: broken',
    'steps:',
    '  - use: missing.yaml',
    '  - request: { method: GET, url: /, service: nope }',
    '    expect: { schema: users/lst }',
  ),
};

async function setup(files: Record<string, string> = FILES) {
  tree = await tempTree(files);
  const workspace = await loadWorkspace(tree.root);
  return { t: tree, workspace, environment: await loadEnvironment(workspace, 'local') };
}

describe('loadScenarios', () => {
  it('parses files with the workspace context: use targets, their variables, schemas, services', async () => {
    const { t, workspace, environment } = await setup();
    const files = [t.path('.runner/tests/main.yaml'), t.path('.runner/tests/shared/login.yaml')];
    const { scenarios, diagnostics } = await loadScenarios(workspace, environment, files);
    expect(diagnostics).toEqual([]);
    expect(scenarios.map((s) => s.name)).toEqual(['main', 'login']);
    expect(scenarios[0]?.file).toBe('.runner/tests/main.yaml');
    expect(scenarios[0]?.steps[0]).toMatchObject({
      kind: 'use',
      usePath: t.path('.runner/tests/shared/login.yaml'),
    });
  });

  it('reports unknown names with paths relative to the cwd', async () => {
    const { t, workspace, environment } = await setup();
    const { scenarios, diagnostics } = await loadScenarios(
      workspace,
      environment,
      [t.path('.runner/tests/broken.yaml')],
      t.path('.runner'),
    );
    expect(scenarios).toEqual([]);
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      'tests/broken.yaml:3:10: `use` target `missing.yaml` not found (looked for tests/missing.yaml) (paths are relative to the directory of the file that has the `use`)',
      "tests/broken.yaml:4:46: unknown service `nope`: not in the environment's `services` (known: auth)",
      'tests/broken.yaml:5:23: unknown schema `users/lst`: no such file under `schemas.path` (did you mean `users/list`?)',
    ]);
  });

  it('checks variables of a file that nothing uses', async () => {
    const { t, workspace } = await setup({
      ...FILES,
      '.runner/tests/shared/login.yaml': FILES['.runner/tests/shared/login.yaml'],
      '.runner/tests/main.yaml': 'scenario: m\nsteps: [{ set: { a: "1" } }]\n',
    });
    const { diagnostics } = await loadScenarios(workspace, undefined, [
      t.path('.runner/tests/shared/login.yaml'),
    ]);
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      '.runner/tests/shared/login.yaml:3:57: variable `$user` is used before it is defined',
    ]);
  });

  it('reports a file it cannot read', async () => {
    const { t, workspace } = await setup();
    const { diagnostics } = await loadScenarios(workspace, undefined, [t.path('.runner/tests/gone.yaml')]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'file.unreadable',
        location: { file: '.runner/tests/gone.yaml', line: 1, col: 1 },
      }),
    ]);
  });
});

describe('loadScenarios resolves composition before any run (DECISIONS.md, Wave 2 / Platform)', () => {
  const COMPOSED = {
    '.runner/config.yaml': '',
    '.runner/environments/local.yaml': 'baseUrl: http://127.0.0.1\n',
    '.runner/tests/main.yaml': lines(
      'scenario: main',
      'steps:',
      '  - request: { method: GET, url: /first }',
      '  - use: _shared/outer.yaml',
    ),
    '.runner/tests/_shared/outer.yaml': lines('scenario: outer', 'steps:', '  - use: inner.yaml'),
    '.runner/tests/_shared/inner.yaml': lines(
      'scenario: inner',
      'steps:',
      '  - request: { method: GET, url: /inner }',
    ),
  };

  it('loads every file the `use` steps reach, transitively, by absolute path', async () => {
    const { t, workspace } = await setup(COMPOSED);
    const loaded = await loadScenarios(workspace, undefined, [t.path('.runner/tests/main.yaml')]);
    expect(loaded.diagnostics).toEqual([]);
    expect([...loaded.fragments.keys()].sort()).toEqual([
      t.path('.runner/tests/_shared/inner.yaml'),
      t.path('.runner/tests/_shared/outer.yaml'),
    ]);
    expect(loaded.fragments.get(t.path('.runner/tests/_shared/inner.yaml'))?.name).toBe('inner');
  });

  it('reports an invalid fragment, also one used through another, at its place and at the `use`', async () => {
    const { t, workspace } = await setup({
      ...COMPOSED,
      '.runner/tests/_shared/inner.yaml': lines(
        'scenario: inner',
        'steps:',
        '  - request: { method: GET, url: /inner }',
        '    expekt: { status: 200 }',
      ),
    });
    const loaded = await loadScenarios(workspace, undefined, [t.path('.runner/tests/main.yaml')]);
    expect(loaded.diagnostics.map(formatDiagnostic)).toEqual([
      '.runner/tests/_shared/inner.yaml:4:5: unknown key `expekt` in step (did you mean `expect`?)',
      '.runner/tests/_shared/outer.yaml:3:5: `use` target `inner.yaml` has 1 problem (.runner/tests/_shared/inner.yaml)',
    ]);
  });

  it('reports a missing fragment used through another', async () => {
    const { t, workspace } = await setup({
      ...COMPOSED,
      '.runner/tests/_shared/outer.yaml': lines('scenario: outer', 'steps:', '  - use: gone.yaml'),
    });
    const loaded = await loadScenarios(workspace, undefined, [t.path('.runner/tests/main.yaml')]);
    expect(loaded.diagnostics.map((d) => `${d.code} ${formatDiagnostic(d).split(': ')[0]}`)).toEqual([
      'use.not-found .runner/tests/_shared/outer.yaml:3:10',
      'use.invalid-target .runner/tests/main.yaml:4:5',
    ]);
  });

  it('reports a cycle once, at the `use` that closes it', async () => {
    const { t, workspace } = await setup({
      ...COMPOSED,
      '.runner/tests/_shared/inner.yaml': lines('scenario: inner', 'steps:', '  - use: outer.yaml'),
    });
    const loaded = await loadScenarios(workspace, undefined, [t.path('.runner/tests/main.yaml')]);
    expect(loaded.diagnostics.map(formatDiagnostic)).toEqual([
      '.runner/tests/_shared/inner.yaml:3:5: `use` cycle: outer.yaml → inner.yaml → outer.yaml (a scenario cannot use itself, directly or through the files it uses)',
    ]);
  });

  it('refuses a target outside the project without reading it: `..`, an absolute path, a symbolic link', async () => {
    const { t, workspace } = await setup(COMPOSED);
    const outside = `${t.root}-outside.yaml`;
    const canary = 'scenario: canary-0f9e\nsteps: []\n';
    await writeFile(outside, canary);
    try {
      await symlink(outside, t.path('.runner/tests/_shared/link.yaml'));
      await t.write({
        '.runner/tests/escape.yaml': lines(
          'scenario: escape',
          'steps:',
          `  - use: ../../../${outside.split('/').pop() ?? ''}`,
          `  - use: ${outside}`,
          '  - use: _shared/link.yaml',
        ),
      });
      const loaded = await loadScenarios(workspace, undefined, [t.path('.runner/tests/escape.yaml')]);
      const text = loaded.diagnostics.map(formatDiagnostic);
      expect(text.map((line) => line.split(' (write')[0])).toEqual([
        `.runner/tests/escape.yaml:3:10: \`use\` target \`../../../${outside.split('/').pop() ?? ''}\` is outside the project`,
        `.runner/tests/escape.yaml:4:10: \`use\` target \`${outside}\` is outside the project`,
        '.runner/tests/escape.yaml:5:10: `use` target `_shared/link.yaml` is outside the project',
      ]);
      expect(text.join('\n')).not.toContain('canary-0f9e');
      expect(loaded.fragments.size).toBe(0);
    } finally {
      await rm(outside, { force: true });
    }
  });
});

describe('loadScenarioFile', () => {
  it('parses a `use` target without the variable check', async () => {
    const { t, workspace, environment } = await setup({
      ...FILES,
      '.runner/tests/main.yaml': 'scenario: m\nsteps: [{ set: { a: "1" } }]\n',
    });
    const result = await loadScenarioFile(workspace, environment, t.path('.runner/tests/shared/login.yaml'));
    expect(result.diagnostics).toEqual([]);
    expect(result.scenario?.name).toBe('login');
  });
});

describe('validateWorkspace', () => {
  it('checks every scenario under the tests path and every schema file', async () => {
    const { workspace, environment } = await setup({
      ...FILES,
      '.runner/schemas/bad.yaml': 'type: [\n',
      '.runner/schemas/list.json': '[1, 2]',
    });
    const { files, diagnostics } = await validateWorkspace(workspace, environment, []);
    expect(files.map((file) => file.slice(workspace.root.length + 1))).toEqual([
      '.runner/tests/broken.yaml',
      '.runner/tests/main.yaml',
      '.runner/tests/shared/login.yaml',
    ]);
    expect(diagnostics.map((d) => `${d.code} ${d.location?.file ?? ''}`)).toEqual([
      'use.not-found .runner/tests/broken.yaml',
      'service.unknown .runner/tests/broken.yaml',
      'schema.unknown .runner/tests/broken.yaml',
      'yaml.syntax .runner/schemas/bad.yaml',
      'schema.invalid .runner/schemas/list.json',
    ]);
  });

  it('validates the given paths only', async () => {
    const { workspace, environment } = await setup();
    const { files, diagnostics } = await validateWorkspace(workspace, environment, ['main.yaml']);
    expect(files).toHaveLength(1);
    expect(diagnostics).toEqual([]);
  });

  it('without an environment, skips service names but cannot know environment variables', async () => {
    const { workspace } = await setup();
    const { diagnostics } = await validateWorkspace(workspace, undefined, ['main.yaml']);
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      '.runner/tests/main.yaml:5:41: variable `$tenant` is used before it is defined',
    ]);
  });
});

describe('loadScenarios keeps plans compact (issue 24, flat memory)', () => {
  it('gives scenarios that hold their steps as bytes and make them afresh at each read, fragments too', async () => {
    const { t, workspace, environment } = await setup();
    const files = [t.path('.runner/tests/main.yaml')];
    const { scenarios, fragments } = await loadScenarios(workspace, environment, files);
    const [main] = scenarios;
    const login = fragments.get(t.path('.runner/tests/shared/login.yaml'));
    for (const scenario of [main!, login!]) {
      const data = storeScenario(scenario);
      // Already stored: storing again gives the same data, nothing is serialized anew.
      expect(storeScenario(scenario)).toBe(data);
      expect(Object.keys(data.header)).not.toContain('steps');
      const first = scenario.steps;
      expect(scenario.steps).toEqual(first);
      expect(scenario.steps).not.toBe(first);
    }
    expect(main!.path).toBe(files[0]);
    expect(main!.steps.map((step) => step.kind)).toEqual(['use', 'request']);
  });
});
