import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunnerError, formatDiagnostic } from '../diagnostics/errors.js';
import { findWorkspaceRoot, loadWorkspace } from './loadWorkspace.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

async function workspaceWith(config?: string): Promise<TempTree> {
  tree = await tempTree(config === undefined ? {} : { '.runner/config.yaml': config });
  await mkdir(tree.path('.runner'), { recursive: true });
  return tree;
}

async function configError(config: string): Promise<RunnerError> {
  const t = await workspaceWith(config);
  const error = await loadWorkspace(t.root).catch((e: unknown) => e);
  if (!(error instanceof RunnerError)) throw new Error('expected a RunnerError');
  return error;
}

describe('findWorkspaceRoot', () => {
  it('walks up to the nearest directory with .runner/', async () => {
    const t = await workspaceWith();
    await mkdir(t.path('a', 'b'), { recursive: true });
    expect(await findWorkspaceRoot(t.path('a', 'b'))).toBe(t.root);
  });

  it('ignores a file named .runner', async () => {
    tree = await tempTree({ 'x/.runner': 'not a directory' });
    const found = await findWorkspaceRoot(tree.path('x'));
    expect(found === undefined || !found.startsWith(tree.root)).toBe(true);
  });
});

describe('loadWorkspace', () => {
  it('applies every default when config.yaml is missing', async () => {
    const t = await workspaceWith();
    await mkdir(t.path('sub'));
    const workspace = await loadWorkspace(t.path('sub'));
    const at = (...parts: string[]) => join(t.root, ...parts);
    expect(workspace).toEqual({
      root: t.root,
      runnerDir: at('.runner'),
      configFile: at('.runner', 'config.yaml'),
      cwd: at('sub'),
      config: {
        project: {},
        environments: { default: 'local', path: at('.runner/environments') },
        tests: { path: at('.runner/tests') },
        schemas: { path: at('.runner/schemas') },
        assets: { path: at('assets') },
        export: { path: t.root },
        reports: {
          path: at('.runner/reports'),
          archive: false,
          retention: 10,
          maskSensitive: true,
          failures: {
            enabled: true,
            path: at('.runner/reports/failures'),
            maskSensitive: true,
            retainCount: 50,
          },
        },
        security: {
          mask: { enabled: true, fields: [] },
          sandboxing: { enabled: false, allowedDomains: [], blockedDomains: [], blockPrivateSubnets: false },
        },
        http: {
          http2: true,
          insecure: false,
          maxResponseBytes: 10 * 1024 * 1024,
          timeoutMs: 30_000,
          maxRedirects: 10,
          resolve: {},
          compressed: true,
          cookies: true,
        },
        run: { jobs: 1 },
      },
    });
  });

  it('treats an empty config.yaml as all defaults', async () => {
    const t = await workspaceWith('# nothing yet\n');
    expect((await loadWorkspace(t.root)).config.environments.default).toBe('local');
  });

  it('reads every key, resolving paths against the project root', async () => {
    const t = await workspaceWith(
      [
        'runner_version: 1.0.0',
        'project: { name: shop, version: 2 }',
        'environments: { default: staging, path: envs }',
        'tests: { path: specs }',
        'schemas: { path: /abs/schemas }',
        'assets: { path: files }',
        'export: { path: out }',
        'reports: { path: build/reports, format: "html, json", archive: true, retention: 3, maskSensitive: false,',
        '  failures: { enabled: false, path: snaps, maskSensitive: false, retainCount: 5 } }',
        'security:',
        '  mask: { enabled: false, fields: [ssn] }',
        '  sandboxing: { enabled: true, allowedDomains: ["*.test"], blockedDomains: [evil.test], blockPrivateSubnets: true }',
        'jwt_token_path: body.token',
        'http: { http2: false, insecure: true, caFile: certs/ca.pem, maxResponseBytes: 1024, timeout: 5s, maxRedirects: 0 }',
        'run: { jobs: 6 }',
      ].join('\n'),
    );
    const { config } = await loadWorkspace(t.root);
    expect(config).toEqual({
      runnerVersion: '1.0.0',
      project: { name: 'shop', version: '2' },
      environments: { default: 'staging', path: t.path('envs') },
      tests: { path: t.path('specs') },
      schemas: { path: '/abs/schemas' },
      assets: { path: t.path('files') },
      export: { path: t.path('out') },
      reports: {
        path: t.path('build/reports'),
        formats: ['html', 'json'],
        archive: true,
        retention: 3,
        maskSensitive: false,
        failures: { enabled: false, path: t.path('snaps'), maskSensitive: false, retainCount: 5 },
      },
      security: {
        mask: { enabled: false, fields: ['ssn'] },
        sandboxing: {
          enabled: true,
          allowedDomains: ['*.test'],
          blockedDomains: ['evil.test'],
          blockPrivateSubnets: true,
        },
      },
      jwtTokenPath: 'body.token',
      http: {
        http2: false,
        insecure: true,
        caFile: t.path('certs/ca.pem'),
        maxResponseBytes: 1024,
        timeoutMs: 5000,
        maxRedirects: 0,
        resolve: {},
        compressed: true,
        cookies: true,
      },
      run: { jobs: 6 },
    });
  });

  it('accepts `reports.directory` as an alias, under .runner/ (SPEC)', async () => {
    const t = await workspaceWith('reports: { directory: out }\n');
    const { config } = await loadWorkspace(t.root);
    expect(config.reports.path).toBe(t.path('.runner/out'));
    expect(config.reports.failures.path).toBe(t.path('.runner/out/failures'));
  });

  it('refuses `reports.path` and `reports.directory` together', async () => {
    const error = await configError('reports: { path: a, directory: b }\n');
    expect(error.code).toBe('config.invalid');
    expect(error.message).toMatch(/`reports.path` and `reports.directory` name the same setting/);
  });

  it('throws every problem of an invalid config, with positions relative to the cwd', async () => {
    const error = await configError(
      'tets: { path: x }\nhttp: { timeout: 5, maxRedirects: -1 }\nreports: { format: pdf }\n',
    );
    expect(error.code).toBe('config.invalid');
    expect(error.message).toBe('invalid config.yaml file .runner/config.yaml: 4 problems');
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      '.runner/config.yaml:1:1: unknown key `tets` in config.yaml (did you mean `tests`?)',
      '.runner/config.yaml:2:18: `timeout` must be a duration such as `500ms`, `1s`, `1.5s`, `1m` or `2m30s`, got 5',
      '.runner/config.yaml:2:35: `maxRedirects` must be at least 0, got -1',
      '.runner/config.yaml:3:20: `format` must be `html`, `json`, `junit`, `ctrf`, `github` or a comma-separated list such as `html,json`, got "pdf"',
    ]);
  });

  it('reports YAML syntax errors in config.yaml', async () => {
    const error = await configError('tests: [\n');
    expect(error.diagnostics[0]).toMatchObject({
      code: 'yaml.syntax',
      location: { file: '.runner/config.yaml' },
    });
  });

  it('says how to create a workspace when there is none', async () => {
    tree = await tempTree({ 'plain/readme.txt': 'x' });
    const error = await loadWorkspace(tree.path('plain')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunnerError);
    expect(error).toMatchObject({
      code: 'workspace.not-found',
      message: `no .runner/ directory found in ${tree.path('plain')} or any parent; run \`runner init\` to create one`,
    });
  });
});
