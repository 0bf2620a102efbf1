import { afterEach, describe, expect, it } from 'vitest';
import { RunnerError, formatDiagnostic } from '../diagnostics/errors.js';
import { loadCredentials, loadEnvironment } from './environment.js';
import { loadWorkspace } from './loadWorkspace.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';
import { rejection } from '../../test/support/rejection.js';

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

async function workspace(files: Record<string, string>) {
  tree = await tempTree({
    '.runner/config.yaml':
      'http: { timeout: 10s, maxRedirects: 3, resolve: { "api.test:443": 127.0.0.1, "b.test:80": 127.0.0.2 } }\n',
    ...files,
  });
  return loadWorkspace(tree.root);
}

const failure = (promise: Promise<unknown>): Promise<RunnerError> => rejection(promise, RunnerError);

describe('loadEnvironment', () => {
  it('reads base URLs, services, cache connections and variables, and merges http options', async () => {
    const ws = await workspace({
      '.runner/environments/local.yaml': [
        'baseUrl: http://127.0.0.1:8080',
        'services: { auth: { baseUrl: http://127.0.0.1:9000 } }',
        'cache: { sessions: { url: "redis://127.0.0.1:6379/0" } }',
        'http:',
        '  insecure: true',
        '  timeout: 2s',
        '  resolve: { "API.test:443": "::1" }',
        '  proxy: false',
        '  compressed: false',
        '  clientCert: certs/client.pem',
        '  clientKey: certs/client-key.pem',
        '  clientKeyPassphrase: $accounts.tls.passphrase',
        'variables: { tenant: acme, ids: [1, 2] }',
      ].join('\n'),
    });
    const environment = await loadEnvironment(ws, 'local');
    expect(environment).toEqual({
      name: 'local',
      file: tree?.path('.runner/environments/local.yaml'),
      baseUrl: 'http://127.0.0.1:8080',
      services: { auth: { baseUrl: 'http://127.0.0.1:9000' } },
      cache: { sessions: { url: 'redis://127.0.0.1:6379/0' } },
      http: {
        http2: true,
        insecure: true,
        maxResponseBytes: 10 * 1024 * 1024,
        timeoutMs: 2000,
        maxRedirects: 3,
        // The environment's pin for api.test:443 wins over config.yaml's; the other one stays.
        resolve: { 'api.test:443': '::1', 'b.test:80': '127.0.0.2' },
        proxy: false,
        compressed: false,
        cookies: true,
        clientCert: tree?.path('certs/client.pem'),
        clientKey: tree?.path('certs/client-key.pem'),
        clientKeyPassphrase: '$accounts.tls.passphrase',
      },
      variables: { tenant: 'acme', ids: [1, 2] },
    });
  });

  it('accepts a .yml file and fills in empty maps', async () => {
    const ws = await workspace({ '.runner/environments/dev.yml': 'baseUrl: http://127.0.0.1\n' });
    expect(await loadEnvironment(ws, 'dev')).toMatchObject({
      services: {},
      cache: {},
      variables: {},
      http: { timeoutMs: 10_000 },
    });
  });

  it('lists the available environments when the file is missing', async () => {
    const ws = await workspace({
      '.runner/environments/local.yaml': 'baseUrl: x\n',
      '.runner/environments/ci.yml': 'baseUrl: y\n',
    });
    const error = await failure(loadEnvironment(ws, 'staging'));
    expect(error.code).toBe('environment.not-found');
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      'error: environment `staging` not found: no file .runner/environments/staging.yaml (available environments: ci, local)',
    ]);
  });

  it('requires baseUrl, also in an empty file', async () => {
    const ws = await workspace({
      '.runner/environments/a.yaml': 'services: {}\n',
      '.runner/environments/b.yaml': '',
    });
    const a = await failure(loadEnvironment(ws, 'a'));
    expect(a.code).toBe('environment.invalid');
    expect(a.diagnostics.map(formatDiagnostic)).toEqual([
      '.runner/environments/a.yaml:1:1: missing required key `baseUrl` in environment file',
    ]);
    const b = await failure(loadEnvironment(ws, 'b'));
    expect(b.diagnostics.map(formatDiagnostic)).toEqual([
      '.runner/environments/b.yaml:1:1: missing required key `baseUrl` in environment file',
    ]);
  });

  it('requires base URLs to be absolute http(s) URLs, pointing at each bad one', async () => {
    const ws = await workspace({
      '.runner/environments/x.yaml': [
        'baseUrl: not a url',
        'services:',
        '  ftp: { baseUrl: "ftp:/x" }',
        '  rel: { baseUrl: /relative }',
        '  ok: { baseUrl: "HTTPS://[::1]:8443/api?v=1" }',
      ].join('\n'),
    });
    const error = await failure(loadEnvironment(ws, 'x'));
    expect(error.code).toBe('environment.invalid');
    const expected = 'an absolute http(s) URL such as `https://api.example.com`';
    expect(error.diagnostics.map((d) => `${d.code} ${formatDiagnostic(d)}`)).toEqual([
      `environment.base-url .runner/environments/x.yaml:1:10: \`baseUrl\` must be ${expected}, got "not a url"`,
      `environment.base-url .runner/environments/x.yaml:3:19: \`baseUrl\` must be ${expected}, got "ftp:/x"`,
      `environment.base-url .runner/environments/x.yaml:4:19: \`baseUrl\` must be ${expected}, got "/relative"`,
    ]);
  });

  it('checks cache URLs and unknown keys', async () => {
    const ws = await workspace({
      '.runner/environments/x.yaml':
        'baseUrl: http://127.0.0.1\nbaseurl: v\ncache: { s: { url: "http://nope" } }\n',
    });
    const error = await failure(loadEnvironment(ws, 'x'));
    expect(error.diagnostics.map((d) => d.code)).toEqual(['shape.unknown-key', 'cache.url']);
  });

  it('refuses names that are paths', async () => {
    const ws = await workspace({});
    expect((await failure(loadEnvironment(ws, '../config'))).code).toBe('environment.invalid-name');
  });
});

describe('loadCredentials', () => {
  it('reads accounts and fields, keeping scalar types', async () => {
    const ws = await workspace({
      '.runner/credentials/local.yaml': 'admin: { user: root, password: s3cret, pin: 1234 }\n',
    });
    expect(await loadCredentials(ws, 'local')).toEqual({
      admin: { user: 'root', password: 's3cret', pin: 1234 },
    });
  });

  it('gives no accounts for a missing or empty file', async () => {
    const ws = await workspace({ '.runner/credentials/empty.yaml': '\n' });
    expect(await loadCredentials(ws, 'none')).toEqual({});
    expect(await loadCredentials(ws, 'empty')).toEqual({});
  });

  it('rejects an account that is not a map of fields, without echoing the secret value', async () => {
    const ws = await workspace({
      '.runner/credentials/local.yaml': 'admin: "TopSecret"\nops: { pin: [4711] }\n',
    });
    const error = await failure(loadCredentials(ws, 'local'));
    expect(error.code).toBe('credentials.invalid');
    const shown = error.diagnostics.map(formatDiagnostic);
    expect(shown).toEqual([
      '.runner/credentials/local.yaml:1:8: `admin` must be a map, got a string',
      '.runner/credentials/local.yaml:2:13: `pin` must be a string, got a list',
    ]);
    expect([error.message, ...shown].join('\n')).not.toMatch(/TopSecret|4711/);
  });

  it('does not echo a secret that stands where the accounts map should be', async () => {
    const ws = await workspace({ '.runner/credentials/local.yaml': 'TopSecret\n' });
    const error = await failure(loadCredentials(ws, 'local'));
    expect(error.message).toBe(
      'invalid credentials file .runner/credentials/local.yaml: a credentials file must be a map of keys, got a string',
    );
  });
});
