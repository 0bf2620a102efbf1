// Issue 15: `runner import postman` and `runner import har` through the built CLI. The imported scenarios
// validate, and run against a local server they send what the collection describes (auth from the credentials
// file, saved variables, bodies as written). The fixtures are hand-written in Postman's and HAR's formats.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempWorkspace } from '../support/cli.js';
import { startRecordingServers, type RecordingServers } from '../support/recordingServer.js';

let dir: string;
let cleanup: () => Promise<void>;
let servers: RecordingServers;

beforeEach(async () => {
  ({ dir, cleanup } = await tempWorkspace());
  // A user API: JSON with the id the collection saves; 201 for a POST.
  servers = await startRecordingServers(1, (request) => ({
    status: request.method === 'POST' ? 201 : 200,
    contentType: 'application/json',
    body: JSON.stringify({ id: 7, name: 'Ada' }),
  }));
  await runCli(['init'], { cwd: dir });
  await cp(join(repoRoot, 'test/fixtures/import'), dir, { recursive: true });
});
afterEach(async () => {
  await servers.close();
  await cleanup();
});

/** The fixtures point at the demo API's port; the test points them at its recording server. */
async function pointAtServer(file: string): Promise<void> {
  const path = join(dir, file);
  const text = await readFile(path, 'utf8');
  await writeFile(path, text.replaceAll('localhost:4010', `localhost:${servers.ports[0]}`));
}

describe('runner import postman', () => {
  it('writes scenarios, environment and credentials that validate, and run as the collection describes', async () => {
    await pointAtServer('shop.postman_environment.json');
    const imported = await runCli(
      ['import', 'postman', 'shop.postman_collection.json', '--environment', 'shop.postman_environment.json'],
      { cwd: dir },
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe(
      [
        'Imported 5 requests into 2 scenario files under .runner/tests/shop-api',
        '  5 checks and 1 save translated from test scripts',
        '  2 items not converted, kept as `# not converted:` comments',
        '  environment: .runner/environments/shop-local.yaml, credentials: .runner/credentials/shop-local.yaml (postman: token, username, password, apiKey)',
        'Run it with: runner run .runner/tests/shop-api --env shop-local',
        '',
      ].join('\n'),
    );
    const users = await readFile(join(dir, '.runner/tests/shop-api/users/_users.yaml'), 'utf8');
    expect(users).toContain('$schema=../../../scenario.schema.json');
    expect(users).toContain('  # not converted: pm.expect(pm.response.responseTime).to.be.below(500);\n');
    expect(users).toContain('    save:\n      userId: body.id\n');
    expect(users).not.toContain('s3cr3t');
    const credentials = await readFile(join(dir, '.runner/credentials/shop-local.yaml'), 'utf8');
    expect(credentials).toContain('token: tok-s3cr3t');

    const validate = await runCli(['validate', '.runner/tests/shop-api', '--env', 'shop-local'], {
      cwd: dir,
    });
    expect(validate.stdout).toMatch(/no problems\n$/);

    const run = await runCli(['run', '.runner/tests/shop-api', '--env', 'shop-local'], { cwd: dir });
    expect(run.stdout).not.toContain('s3cr3t');
    expect(run.code).toBe(0);
    const sent = servers.requests(0).map((request) => ({
      line: `${request.method} ${request.target}`,
      auth: request.headers.find(([name]) => name.toLowerCase() === 'authorization')?.[1],
      body: request.body.toString('utf8'),
    }));
    expect(sent).toEqual([
      { line: 'GET /health', auth: 'Bearer tok-s3cr3t', body: '' },
      { line: 'POST /users?source=postman', auth: 'Bearer tok-s3cr3t', body: '{"name":"Ada","price":"$5"}' },
      { line: 'GET /users/7', auth: `Basic ${Buffer.from('ada:pw-s3cr3t').toString('base64')}`, body: '' },
      { line: 'POST /auth/login', auth: undefined, body: 'user=ada&note=a%20b%26c' },
      { line: 'GET /products?api_key=key-s3cr3t', auth: undefined, body: '' },
    ]);

    // Issue 22: basic auth is a user name and a password, so a password is changed on its own.
    expect(credentials).toContain('  username: ada\n  password: pw-s3cr3t\n');
    await writeFile(
      join(dir, '.runner/credentials/shop-local.yaml'),
      credentials.replace('password: pw-s3cr3t', 'password: rotated-s3cr3t'),
    );
    const again = await runCli(['run', '.runner/tests/shop-api', '--env', 'shop-local'], { cwd: dir });
    expect(again.code).toBe(0);
    const basic = servers.requests(0)[7]?.headers.find(([name]) => name.toLowerCase() === 'authorization');
    expect(basic?.[1]).toBe(`Basic ${Buffer.from('ada:rotated-s3cr3t').toString('base64')}`);
  });

  it('reads v2.0 auth objects, and counts what it cannot translate', async () => {
    const imported = await runCli(['import', 'postman', 'legacy.postman_collection.json'], { cwd: dir });
    expect(imported.code).toBe(0);
    // The old `tests['is 204'] = responseCode.code === 204` form is a status check now; digest auth is sent.
    expect(imported.stdout).toContain(
      '  1 check and 0 saves translated from test scripts\n  0 items not converted',
    );
    const yaml = await readFile(join(dir, '.runner/tests/legacy-v20/legacy-v20.yaml'), 'utf8');
    expect(yaml).toContain(
      '    auth:\n      digest:\n        username: $accounts.postman.username\n        password: $accounts.postman.password\n',
    );
    expect(yaml).toContain(
      '    auth:\n      basic:\n        username: $accounts.postman.username2\n        password: $accounts.postman.password2\n',
    );
    const credentials = await readFile(join(dir, '.runner/credentials/legacy-v20.yaml'), 'utf8');
    expect(credentials).toContain('  username2: bob\n  password2: pw-s3cr3t\n');
    const validate = await runCli(['validate', '.runner/tests/legacy-v20', '--env', 'legacy-v20'], {
      cwd: dir,
    });
    expect(validate.stdout).toMatch(/no problems\n$/);
  });

  it('never overwrites, and refuses what is not a collection (exit 2)', async () => {
    expect((await runCli(['import', 'postman', 'legacy.postman_collection.json'], { cwd: dir })).code).toBe(
      0,
    );
    const again = await runCli(['import', 'postman', 'legacy.postman_collection.json'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists; nothing was written/);
    const har = await runCli(['import', 'postman', 'session.har'], { cwd: dir });
    expect(har.code).toBe(2);
    expect(har.stderr).toMatch(/not a Postman collection/);
  });
});

describe('runner import har', () => {
  it('makes one scenario of the recorded requests that validates and sends them again', async () => {
    await pointAtServer('session.har');
    const imported = await runCli(['import', 'har', 'session.har'], { cwd: dir });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('Imported 2 requests into .runner/tests/recorded/session.yaml');
    const yaml = await readFile(join(dir, '.runner/tests/recorded/session.yaml'), 'utf8');
    expect(yaml).not.toContain('s3cr3t');
    expect(yaml).toContain('Authorization: Bearer $accounts.api.token');
    // Issue 22: the recorded token is written where the scenario reads it, so the import runs as it is.
    expect(imported.stdout).toContain(
      '  environment: .runner/environments/session.yaml, credentials: .runner/credentials/session.yaml (api: token)\n' +
        'Run it with: runner run .runner/tests/recorded/session.yaml --env session\n',
    );
    expect(await readFile(join(dir, '.runner/credentials/session.yaml'), 'utf8')).toContain(
      'api:\n  token: har-s3cr3t\n',
    );
    const validate = await runCli(['validate', '.runner/tests/recorded', '--env', 'session'], { cwd: dir });
    expect(validate.stdout).toMatch(/no problems\n$/);
    const run = await runCli(['run', '.runner/tests/recorded', '--env', 'session', '--verbose'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('har-s3cr3t');
    const sent = servers.requests(0);
    expect(sent.map((request) => `${request.method} ${request.target}`)).toEqual([
      'GET /users?page=2&q=a%20b',
      'POST /users',
    ]);
    expect(sent[1]?.body.toString('utf8')).toBe('{"name":"Ada"}');
    expect(sent[1]?.headers).toContainEqual(['Authorization', 'Bearer har-s3cr3t']);
  });
});
