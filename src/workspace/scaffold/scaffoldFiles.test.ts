import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { ACCOUNTS } from '../../../demo/data.js';
import { parseScenario, scenarioJsonSchema } from '../../language/index.js';
import { SCHEMA_MODELINE, scaffoldFiles } from './index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const EXAMPLES = join(ROOT, 'examples');
const SCHEMA_PATH = join(EXAMPLES, '.runner/scenario.schema.json');

/** Files under `dir`, except reports a run may have written there (ignored by the scaffold's .gitignore). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.startsWith('.runner/reports/'))
    .sort();
}

/**
 * `UPDATE_EXAMPLES=1 npx vitest run src/workspace/scaffold` rewrites examples/ from the scaffold, like
 * `vitest -u`. The schema is formatted the way the repository's Prettier check wants it.
 */
async function updateExamples(): Promise<void> {
  const options = await resolveConfig(SCHEMA_PATH);
  const schema = await format(JSON.stringify(scenarioJsonSchema()), { ...options, filepath: SCHEMA_PATH });
  for (const file of scaffoldFiles({ scenarioJsonSchema: schema })) {
    const target = join(EXAMPLES, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
}

const files = scaffoldFiles({ scenarioJsonSchema: '{}\n' });
const contentOf = (path: string): string => {
  const file = files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`scaffold has no ${path}`);
  return file.content;
};
const scenarios = files.filter((file) => file.path.startsWith('.runner/tests/'));

describe('examples/', () => {
  it('holds exactly the files `runner init` writes, byte for byte', async () => {
    if (process.env.UPDATE_EXAMPLES) await updateExamples();
    const schema = await readFile(SCHEMA_PATH, 'utf8');
    const expected = scaffoldFiles({ scenarioJsonSchema: schema });
    expect(await listFiles(EXAMPLES)).toEqual(expected.map((file) => file.path).sort());
    for (const file of expected) {
      expect(await readFile(join(EXAMPLES, file.path), 'utf8'), file.path).toBe(file.content);
    }
  });

  it('carries the current scenario JSON Schema (regenerate with UPDATE_EXAMPLES=1)', async () => {
    expect(JSON.parse(await readFile(SCHEMA_PATH, 'utf8'))).toEqual(scenarioJsonSchema());
  });
});

describe('scaffoldFiles', () => {
  it('writes the JSON Schema text it is given', () => {
    const schema = scaffoldFiles({ scenarioJsonSchema: '{"title":"x"}' }).find((file) =>
      file.path.endsWith('.schema.json'),
    );
    expect(schema).toEqual({ path: '.runner/scenario.schema.json', content: '{"title":"x"}' });
  });

  it('lays out the workspace of SPEC', () => {
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        '.runner/config.yaml',
        '.runner/.gitignore',
        '.runner/environments/local.yaml',
        '.runner/credentials/local.yaml',
        '.runner/schemas/user.yaml',
        '.runner/schemas/auth/token.yaml',
        'assets/README.md',
      ]),
    );
    expect(scenarios.length).toBeGreaterThanOrEqual(3);
    expect(contentOf('.runner/.gitignore')).toBe('reports/\n');
  });

  it('writes valid YAML everywhere', () => {
    for (const file of files.filter((candidate) => candidate.path.endsWith('.yaml'))) {
      expect(() => parse(file.content, { prettyErrors: true }), file.path).not.toThrow();
    }
  });

  it('configures every key of the configuration table, with comments', () => {
    const config: unknown = parse(contentOf('.runner/config.yaml'));
    const keys = [
      'runner_version',
      'project.name',
      'project.version',
      'environments.default',
      'environments.path',
      'tests.path',
      'schemas.path',
      'assets.path',
      'export.path',
      'reports.path',
      'reports.archive',
      'reports.retention',
      'reports.maskSensitive',
      'reports.failures.enabled',
      'reports.failures.path',
      'reports.failures.maskSensitive',
      'reports.failures.retainCount',
      'security.mask.enabled',
      'security.mask.fields',
      'security.sandboxing.enabled',
      'security.sandboxing.allowedDomains',
      'security.sandboxing.blockedDomains',
      'security.sandboxing.blockPrivateSubnets',
      'jwt_token_path',
      'http.http2',
      'http.insecure',
      'http.maxResponseBytes',
      'http.timeout',
      'http.maxRedirects',
    ];
    for (const key of keys) {
      const value = key
        .split('.')
        .reduce<unknown>(
          (node, part) =>
            node !== null && typeof node === 'object'
              ? Object.entries(node).find(([name]) => name === part)?.[1]
              : undefined,
          config,
        );
      expect(value, key).toBeDefined();
    }
    // Keys whose default is "absent" are shown commented out, explained.
    expect(contentOf('.runner/config.yaml')).toMatch(/# format: html,json/);
    expect(contentOf('.runner/config.yaml')).toMatch(/`directory` is accepted/);
    expect(contentOf('.runner/config.yaml')).toMatch(/# caFile: /);
    expect(parse(contentOf('.runner/config.yaml'))).toMatchObject({
      environments: { default: 'local' },
      http: { timeout: '30s' },
    });
  });

  it('points the local environment at the demo API with a service example', () => {
    expect(parse(contentOf('.runner/environments/local.yaml'))).toEqual({
      baseUrl: 'http://localhost:4010',
      services: { auth: { baseUrl: 'http://localhost:4010/auth' } },
    });
  });

  it("holds the demo API's admin credentials, with a warning about real ones", () => {
    const admin = ACCOUNTS.find((account) => account.username === 'demo-admin');
    expect(parse(contentOf('.runner/credentials/local.yaml'))).toEqual({
      admin: { username: admin?.username, password: admin?.password },
    });
    expect(contentOf('.runner/credentials/local.yaml')).toMatch(/Keep real credentials out of git/);
  });

  it.each(scenarios.map((file) => [file.path, file.content]))(
    '%s starts with the schema modeline',
    (path, content) => {
      // The schema sits in .runner/: one `../` per directory level below .runner/tests/.
      const depth = String(path).split('/').length - 2;
      expect(content.split('\n')[0]).toBe(
        `# yaml-language-server: $schema=${'../'.repeat(depth)}scenario.schema.json`,
      );
      expect(SCHEMA_MODELINE).toBe('# yaml-language-server: $schema=../scenario.schema.json');
    },
  );

  it.each(scenarios.map((file) => [file.path, file.content]))(
    '%s is a valid scenario without warnings',
    (path, content) => {
      const parsed = parseScenario(content, path, {
        services: new Set(['auth']),
        schemas: new Set(['user', 'auth/token']),
      });
      expect(parsed.diagnostics).toEqual([]);
      expect(parsed.scenario?.steps.length).toBeGreaterThan(0);
    },
  );

  it('shows the language across the examples', () => {
    const all = scenarios.map((file) => file.content).join('\n');
    for (const feature of [
      'setup:',
      'teardown:',
      'set:',
      'if:',
      'save:',
      'count(body.',
      'service: auth',
      '$accounts.admin.password',
      '$randomEmail',
      '$uuid',
      '${randomInt(1,9)}',
      'retry:',
      'for_each:',
      'use:',
      'transform:',
      'schema:',
      'jwt.',
    ]) {
      expect(all, feature).toContain(feature);
    }
    // Not supported by this version yet: the examples must not use them (only mention them in comments).
    for (const later of ['cache:', 'export:', 'import:']) {
      expect(
        all.split('\n').filter((line) => !line.trimStart().startsWith('#') && line.includes(later)),
        later,
      ).toEqual([]);
    }
  });
});
