import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { ACCOUNTS } from '../../../demo/data.js';
import { CONFIG_SHAPE, parseScenario, scenarioJsonSchema } from '../../language/index.js';
import type { Shape } from '../../language/shape.js';
import {
  DEFAULT_BASE_URL,
  DEMO_BASE_URL,
  SCHEMA_MODELINE,
  scaffoldFiles,
  type ScaffoldOptions,
} from './index.js';

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

/** examples/ is what `runner init --demo` writes there. */
const DEMO: Omit<ScaffoldOptions, 'scenarioJsonSchema'> = {
  projectName: 'examples',
  baseUrl: DEMO_BASE_URL,
  demo: true,
};
const OWN: Omit<ScaffoldOptions, 'scenarioJsonSchema'> = {
  projectName: 'shop-api',
  baseUrl: DEFAULT_BASE_URL,
  demo: false,
};

/**
 * `UPDATE_EXAMPLES=1 npx vitest run src/workspace/scaffold` rewrites examples/ from the scaffold, like
 * `vitest -u`. The schema is formatted the way the repository's Prettier check wants it.
 */
async function updateExamples(): Promise<void> {
  const options = await resolveConfig(SCHEMA_PATH);
  const schema = await format(JSON.stringify(scenarioJsonSchema()), { ...options, filepath: SCHEMA_PATH });
  for (const file of scaffoldFiles({ ...DEMO, scenarioJsonSchema: schema })) {
    const target = join(EXAMPLES, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
}

const files = scaffoldFiles({ ...DEMO, scenarioJsonSchema: '{}\n' });
const ownFiles = scaffoldFiles({ ...OWN, scenarioJsonSchema: '{}\n' });
const contentOf = (path: string): string => {
  const file = files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`scaffold has no ${path}`);
  return file.content;
};
const scenarios = files.filter((file) => file.path.startsWith('.runner/tests/'));

/** Every key of an object shape, dotted (`http.timeout`), down to the leaves and free maps. */
function shapeKeys(shape: Shape, prefix = ''): string[] {
  if (shape.type !== 'object') return [];
  return Object.entries(shape.properties).flatMap(([name, property]) => {
    const key = `${prefix}${name}`;
    const inner = property.shape.type === 'object' ? shapeKeys(property.shape, `${key}.`) : [];
    return inner.length > 0 ? inner : [key];
  });
}

describe('examples/', () => {
  it('holds exactly the files `runner init --demo` writes, byte for byte', async () => {
    if (process.env.UPDATE_EXAMPLES) await updateExamples();
    const schema = await readFile(SCHEMA_PATH, 'utf8');
    const expected = scaffoldFiles({ ...DEMO, scenarioJsonSchema: schema });
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
    const schema = scaffoldFiles({ ...OWN, scenarioJsonSchema: '{"title":"x"}' }).find((file) =>
      file.path.endsWith('.schema.json'),
    );
    expect(schema).toEqual({ path: '.runner/scenario.schema.json', content: '{"title":"x"}' });
  });

  it('lays out the workspace of SPEC for your API: a local environment and one health check', () => {
    expect(ownFiles.map((file) => file.path)).toEqual([
      '.runner/config.yaml',
      '.runner/.gitignore',
      '.runner/environments/local.yaml',
      '.runner/credentials/local.yaml',
      '.runner/scenario.schema.json',
      '.runner/tests/health.yaml',
      'assets/README.md',
    ]);
    const health = parseScenario(
      ownFiles.find((file) => file.path === '.runner/tests/health.yaml')!.content,
      'health.yaml',
    );
    expect(health.diagnostics).toEqual([]);
    expect(health.scenario?.steps).toHaveLength(1);
  });

  it('adds the demo scenarios and schemas with --demo', () => {
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        '.runner/schemas/user.yaml',
        '.runner/schemas/auth/token.yaml',
        '.runner/tests/users-crud.yaml',
        '.runner/tests/_shared/login.yaml',
      ]),
    );
    expect(scenarios.length).toBeGreaterThanOrEqual(3);
  });

  it('git-ignores reports and credentials, except credentials/ci.yaml', () => {
    const rules = contentOf('.runner/.gitignore')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(rules).toEqual(['reports/', 'credentials/*', '!credentials/ci.yaml', '!credentials/ci.yml']);
  });

  it('writes valid YAML everywhere', () => {
    for (const file of [...files, ...ownFiles].filter((candidate) => candidate.path.endsWith('.yaml'))) {
      expect(() => parse(file.content, { prettyErrors: true }), file.path).not.toThrow();
    }
  });

  it('shows every key of the config shape, set or commented out, each with a comment', () => {
    const text = contentOf('.runner/config.yaml');
    const config: unknown = parse(text);
    const lines = text.split('\n');
    // `directory` is another name for reports.path, explained beside it.
    const aliases = new Set(['reports.directory']);
    for (const key of shapeKeys(CONFIG_SHAPE.root).filter((name) => !aliases.has(name))) {
      const value = key
        .split('.')
        .reduce<unknown>(
          (node, part) =>
            node !== null && typeof node === 'object'
              ? Object.entries(node).find(([name]) => name === part)?.[1]
              : undefined,
          config,
        );
      const leaf = key.split('.').at(-1)!;
      // Set (a leaf, or a map holding keys), or shown commented out where its default is "not set".
      const at = lines.findIndex((line) => new RegExp(`^\\s*(# )?${leaf}:`).test(line));
      expect(value !== undefined || at >= 0, key).toBe(true);
      expect(at, `${key} appears in the file`).toBeGreaterThanOrEqual(0);
      // A comment explains it: on the line above, or above the keys of its group (same indentation).
      const indent = lines[at]!.search(/\S/);
      let above = at - 1;
      while (
        above >= 0 &&
        lines[above]!.search(/\S/) === indent &&
        !lines[above]!.trimStart().startsWith('#')
      )
        above--;
      expect(above >= 0 && lines[above]!.trimStart().startsWith('#'), `${key} has a comment`).toBe(true);
    }
    expect(text).toMatch(/`directory` is accepted/);
    expect(parse(text)).toMatchObject({
      project: { name: 'examples' },
      environments: { default: 'local' },
      http: { timeout: '30s' },
    });
  });

  it('names every report format in the reports.format comment', () => {
    const text = contentOf('.runner/config.yaml');
    const comment = text.slice(text.indexOf('# Reports to write'), text.indexOf('# format:'));
    for (const format of ['html', 'json', 'junit', 'ctrf', 'github']) expect(comment).toContain(format);
  });

  it('leaves jwt_token_path unset, saying where runner looks without it', () => {
    const text = contentOf('.runner/config.yaml');
    expect(parse(text)).not.toHaveProperty('jwt_token_path');
    expect(text).toMatch(/# jwt_token_path: /);
    expect(text).toMatch(/token, accessToken and access_token/);
  });

  it('quotes a project name YAML would read as something else', () => {
    const odd = scaffoldFiles({ ...OWN, projectName: 'yes', scenarioJsonSchema: '{}' });
    const config: unknown = parse(odd.find((file) => file.path === '.runner/config.yaml')!.content);
    expect(config).toMatchObject({ project: { name: 'yes' } });
  });

  it('points the local environment at the base URL given, or at the demo API with a service', () => {
    const own = scaffoldFiles({ ...OWN, baseUrl: 'https://api.example.test/v1', scenarioJsonSchema: '{}' });
    expect(parse(own.find((file) => file.path === '.runner/environments/local.yaml')!.content)).toEqual({
      baseUrl: 'https://api.example.test/v1',
    });
    expect(parse(contentOf('.runner/environments/local.yaml'))).toEqual({
      baseUrl: 'http://localhost:4010',
      services: { auth: { baseUrl: 'http://localhost:4010/auth' } },
    });
  });

  it("holds no account for your API, and the demo API's admin credentials with --demo", () => {
    const own = ownFiles.find((file) => file.path === '.runner/credentials/local.yaml')!.content;
    expect(parse(own)).toBeNull();
    expect(own).toMatch(/credentials\/ci.yaml/);
    const admin = ACCOUNTS.find((account) => account.username === 'demo-admin');
    expect(parse(contentOf('.runner/credentials/local.yaml'))).toEqual({
      admin: { username: admin?.username, password: admin?.password },
    });
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
