// Issues 22 and 28: what the importers write, through the built CLI on real files. Imports never overwrite an
// environment or credentials file (DECISIONS, Wave 3: `<name>-<n>.yaml` beside it, `--env-name`, `--out` moves
// scenarios only); Postman `secret` variables go to the credentials file, masked; `openapi import` sends the
// document's security; names of any length or spelling make files every file system takes; and an import that
// fails leaves nothing behind.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startRecordingServers, type RecordingServers } from '../support/recordingServer.js';

let dir: string;
let cleanup: () => Promise<void>;
let servers: RecordingServers;

beforeEach(async () => {
  ({ dir, cleanup } = await tempWorkspace());
  servers = await startRecordingServers(1, () => ({
    status: 200,
    contentType: 'application/json',
    body: '{"ok":true}',
  }));
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: imports }\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${origin()}\n`);
});
afterEach(async () => {
  await servers.close();
  await cleanup();
});

function origin(): string {
  return `http://localhost:${servers.ports[0]}`;
}

/** Every file under `path`, relative, with `/`. */
async function filesUnder(path: string): Promise<string[]> {
  const entries = await readdir(join(dir, path), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(join(dir, path).length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
}

async function writeJson(name: string, value: unknown): Promise<void> {
  await writeFile(join(dir, name), JSON.stringify(value, null, 2));
}

function collection(name: string, items: unknown[], variable: unknown[] = []): unknown {
  return {
    info: { name, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable,
    item: items,
  };
}

const ping = (name: string, url = '{{baseUrl}}/ping') => ({ name, request: { method: 'GET', url } });

describe('imports never overwrite an environment or credentials file', () => {
  it('names its environment local-2 when local exists, and says so; --out moves the scenarios only', async () => {
    await mkdir(join(dir, '.runner/credentials'), { recursive: true });
    await writeFile(join(dir, '.runner/credentials/local-2.yaml'), 'mine: { token: keep-me }\n');
    await writeJson('api.json', collection('Api', [ping('Ping')]));
    await writeJson('local.json', {
      name: 'local',
      values: [
        { key: 'baseUrl', value: origin(), enabled: true },
        { key: 'token', value: 'tok-s3cr3t', type: 'secret', enabled: true },
      ],
    });
    const before = await readFile(join(dir, '.runner/environments/local.yaml'), 'utf8');
    const imported = await runCli(
      ['import', 'postman', 'api.json', '--environment', 'local.json', '--out', 'mine/tests'],
      { cwd: dir },
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    // local.yaml exists, and so does credentials/local-2.yaml: the pair becomes local-3.
    expect(imported.stdout).toContain(
      '  environment: .runner/environments/local-3.yaml, credentials: .runner/credentials/local-3.yaml (postman: token)\n' +
        "  an environment or credentials file named local exists already and was left as it is: this import's environment is local-3\n" +
        'Run it with: runner run mine/tests --env local-3\n',
    );
    expect(await readFile(join(dir, '.runner/environments/local.yaml'), 'utf8')).toBe(before);
    expect(await readFile(join(dir, '.runner/credentials/local-2.yaml'), 'utf8')).toBe(
      'mine: { token: keep-me }\n',
    );
    expect(await filesUnder('mine/tests')).toEqual(['api.yaml']);
    const run = await runCli(['run', 'mine/tests', '--env', 'local-3'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(servers.requests(0).map((request) => request.target)).toEqual(['/ping']);
  });

  it('takes the environment name from --env-name, and refuses one that is not a file name', async () => {
    await writeJson('api.json', collection('Api', [ping('Ping')], [{ key: 'baseUrl', value: origin() }]));
    const named = await runCli(['import', 'postman', 'api.json', '--env-name', 'staging'], { cwd: dir });
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('  environment: .runner/environments/staging.yaml\n');
    expect(named.stdout).toContain('--env staging\n');
    const bad = await runCli(
      ['import', 'postman', 'api.json', '--env-name', '../x', '--out', '.runner/tests/other'],
      { cwd: dir },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('`--env-name ../x` is not a usable environment name');
  });
});

describe('Postman secret variables', () => {
  it('go to the credentials file, are sent, and never print with --verbose', async () => {
    await writeJson(
      'api.json',
      collection('Api', [
        {
          name: 'With key',
          request: {
            method: 'GET',
            url: '{{baseUrl}}/items',
            header: [{ key: 'X-Client', value: 'k={{apiKey}}' }],
          },
        },
      ]),
    );
    await writeJson('env.json', {
      name: 'shop',
      values: [
        { key: 'baseUrl', value: origin(), enabled: true },
        { key: 'apiKey', value: 'key-s3cr3t', type: 'secret', enabled: true },
      ],
    });
    const imported = await runCli(['import', 'postman', 'api.json', '--environment', 'env.json'], {
      cwd: dir,
    });
    expect(imported.code).toBe(0);
    const environment = await readFile(join(dir, '.runner/environments/shop.yaml'), 'utf8');
    expect(environment).not.toContain('key-s3cr3t');
    expect(await readFile(join(dir, '.runner/credentials/shop.yaml'), 'utf8')).toContain(
      'postman:\n  apiKey: key-s3cr3t\n',
    );
    expect(await readFile(join(dir, '.runner/tests/api/api.yaml'), 'utf8')).toContain(
      'X-Client: k=${accounts.postman.apiKey}',
    );
    const run = await runCli(['run', '.runner/tests/api', '--env', 'shop', '--verbose'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('X-Client: k=[MASKED]');
    expect(run.stdout + run.stderr).not.toContain('key-s3cr3t');
    expect(servers.requests(0)[0]?.headers).toContainEqual(['X-Client', 'k=key-s3cr3t']);
  });
});

describe('names from the imported file', () => {
  const long = 'A'.repeat(150) + ' é'.repeat(75);

  it('a 300-character Postman collection or folder name makes short files; the scenario keeps the name', async () => {
    await writeJson(
      'api.json',
      collection(
        long,
        [
          { name: long, item: [ping('In the long folder')] },
          { name: `${long}!`, item: [ping('Same start')] },
          { name: 'Users', item: [ping('Upper')] },
          { name: 'users', item: [ping('Lower')] },
          { name: 'CON', item: [ping('Device name')] },
          { name: '../../etc', item: [ping('Dots')] },
        ],
        [{ key: 'baseUrl', value: origin() }],
      ),
    );
    const imported = await runCli(['import', 'postman', 'api.json', '--out', '.runner/tests/long'], {
      cwd: dir,
    });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const files = await filesUnder('.runner/tests/long');
    expect(files).toHaveLength(7);
    for (const file of files) {
      for (const name of file.split('/')) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(100);
    }
    const folders = files.map((file) => file.split('/')[0]?.toLowerCase());
    expect(new Set(folders).size).toBe(7);
    expect(folders).toContain('con-file');
    expect(folders).toContain('etc');
    const envName = /--env (\S+)/.exec(imported.stdout)?.[1] ?? '';
    expect(Buffer.byteLength(envName)).toBeLessThanOrEqual(100);
    const root = files.find((file) => !file.includes('/')) ?? '';
    expect(await readFile(join(dir, '.runner/tests/long', root), 'utf8')).toContain(`scenario: ${long}\n`);
    const validate = await runCli(['validate', '.runner/tests/long', '--env', envName], { cwd: dir });
    expect(validate.stdout).toMatch(/no problems\n$/);
    const run = await runCli(['run', '.runner/tests/long', '--env', envName], { cwd: dir });
    expect(run.code).toBe(0);
    expect(servers.requests(0)).toHaveLength(6);
  });

  it('a 300-character operationId, case-only differences and a leading `_` make distinct scenarios that run', async () => {
    const id = 'x'.repeat(300);
    await writeFile(
      join(dir, 'api.yaml'),
      [
        'openapi: 3.1.0',
        'info: { title: Names, version: "1" }',
        'paths:',
        '  /a:',
        `    get: { operationId: ${id}, responses: { "200": { description: ok, content: { application/json: { schema: { type: object } } } } } }`,
        `    post: { operationId: ${id}y, responses: { "200": { description: ok } } }`,
        '  /b:',
        '    get: { operationId: getItem, responses: { "200": { description: ok } } }',
        '    put: { operationId: GetItem, responses: { "200": { description: ok } } }',
        '    delete: { operationId: _internal, responses: { "200": { description: ok } } }',
      ].join('\n'),
    );
    const imported = await runCli(['openapi', 'import', 'api.yaml'], { cwd: dir });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const files = await filesUnder('.runner/tests/openapi');
    expect(files).toHaveLength(5);
    expect(new Set(files.map((file) => file.toLowerCase())).size).toBe(5);
    for (const file of [...files, ...(await filesUnder('.runner/schemas/openapi'))]) {
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(100);
      expect(file.startsWith('_')).toBe(false);
    }
    const validate = await runCli(['validate', '.runner/tests/openapi'], { cwd: dir });
    expect(validate.stdout).toMatch(/no problems\n$/);
    const run = await runCli(['run', '.runner/tests/openapi'], { cwd: dir });
    expect(run.stdout).toContain('5 passed');
  });
});

describe('an import that fails leaves nothing behind', () => {
  it('writes no scenario and no environment when the credentials file cannot be written (exit 2)', async () => {
    // A file where the credentials folder belongs: the last file of the import cannot be written.
    await writeFile(join(dir, '.runner/credentials'), 'not a folder\n');
    await writeJson(
      'api.json',
      collection('Api', [
        {
          name: 'Secured',
          request: {
            method: 'GET',
            url: '{{baseUrl}}/x',
            auth: { type: 'bearer', bearer: [{ key: 'token', value: 'tok' }] },
          },
        },
        { name: 'Folder', item: [ping('Inner')] },
      ]),
    );
    const before = await filesUnder('.runner');
    const imported = await runCli(['import', 'postman', 'api.json'], { cwd: dir });
    expect(imported.code).toBe(2);
    expect(imported.stderr).toMatch(
      /^error: cannot write \.runner\/credentials\/api\.yaml: a part of the path is a file, not a folder; nothing was written/,
    );
    expect(imported.stderr).not.toContain('internal error');
    expect(await filesUnder('.runner')).toEqual(before);
    expect((await readdir(join(dir, '.runner'))).filter((name) => name.startsWith('.'))).toEqual([]);
    await rm(join(dir, '.runner/credentials'));
  });
});

describe('runner openapi import sends the security the document asks for', () => {
  const document = [
    'openapi: 3.0.3',
    'info: { title: Secured, version: "1" }',
    'components:',
    '  securitySchemes:',
    '    bearerAuth: { type: http, scheme: bearer }',
    '    basicAuth: { type: http, scheme: basic }',
    '    keyHeader: { type: apiKey, in: header, name: X-API-Key }',
    '    keyQuery: { type: apiKey, in: query, name: api_key }',
    '    keyCookie: { type: apiKey, in: cookie, name: session }',
    '    digestAuth: { type: http, scheme: digest }',
    'security: [ { bearerAuth: [] } ]',
    'paths:',
    '  /bearer:',
    '    get: { operationId: bearer, responses: { "200": { description: ok } } }',
    '  /basic:',
    '    get:',
    '      operationId: basic',
    '      security: [ { digestAuth: [] }, { basicAuth: [] } ]',
    '      responses: { "200": { description: ok } }',
    '  /keys:',
    '    get:',
    '      operationId: keys',
    '      security: [ { keyHeader: [], keyQuery: [], keyCookie: [] } ]',
    '      responses: { "200": { description: ok } }',
    '  /open:',
    '    get: { operationId: open, security: [], responses: { "200": { description: ok } } }',
  ].join('\n');

  it('writes the credentials file to fill in, and the scenarios send what it holds', async () => {
    await writeFile(join(dir, 'api.yaml'), document);
    const imported = await runCli(['openapi', 'import', 'api.yaml'], { cwd: dir });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      "The API's security schemes need credentials: fill in bearerAuth.token, basicAuth.username, basicAuth.password, keyHeader.key, keyQuery.key, keyCookie.key in .runner/credentials/local.yaml\n",
    );
    const credentials = await readFile(join(dir, '.runner/credentials/local.yaml'), 'utf8');
    expect(credentials).toContain('bearerAuth:\n  token: ""');
    await writeFile(
      join(dir, '.runner/credentials/local.yaml'),
      credentials
        .replace('token: ""', 'token: tok-s3cr3t')
        .replace('username: ""', 'username: ada')
        .replace('password: ""', 'password: pw-s3cr3t')
        .replace(/key: ""/g, (_, offset: number) => `key: k${offset}`),
    );
    const run = await runCli(['run', '.runner/tests/openapi', '--verbose'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/s3cr3t/);
    const sent = new Map(
      servers.requests(0).map((request) => [request.target.replace(/\?.*$/, ''), request]),
    );
    const header = (path: string, name: string) =>
      sent.get(path)?.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
    expect(header('/bearer', 'authorization')).toBe('Bearer tok-s3cr3t');
    expect(header('/basic', 'authorization')).toBe(
      `Basic ${Buffer.from('ada:pw-s3cr3t').toString('base64')}`,
    );
    expect(header('/keys', 'x-api-key')).toMatch(/^k\d+$/);
    expect(sent.get('/keys')?.target).toMatch(/^\/keys\?api_key=k\d+$/);
    expect(header('/keys', 'cookie')).toMatch(/^session=k\d+$/);
    expect(header('/open', 'authorization')).toBeUndefined();
  });

  it('leaves an existing credentials file as it is and prints what to add', async () => {
    await mkdir(join(dir, '.runner/credentials'), { recursive: true });
    await writeFile(join(dir, '.runner/credentials/local.yaml'), 'bearerAuth: { token: mine }\n');
    await writeFile(join(dir, 'api.yaml'), document);
    const imported = await runCli(['openapi', 'import', 'api.yaml'], { cwd: dir });
    expect(imported.code).toBe(0);
    expect(await readFile(join(dir, '.runner/credentials/local.yaml'), 'utf8')).toBe(
      'bearerAuth: { token: mine }\n',
    );
    expect(imported.stdout).toContain(
      "The API's security schemes need credentials; .runner/credentials/local.yaml exists and was left as it is. Add to it:\n" +
        '  basicAuth:\n    username: ...   # the user name (security scheme `basicAuth`)\n',
    );
    expect(imported.stdout).not.toContain('bearerAuth:');
  });
});
