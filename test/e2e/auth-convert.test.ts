// `convert --to curl` for steps with `auth:` (issue 23): the curl options that send the same credentials,
// masked unless --raw; the Digest command is run with the real curl against httpbin to show it works.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpbin, type Httpbin } from '../support/authServers.js';
import { runCli } from '../support/cli.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let httpbin: Httpbin;
let workspace: FileWorkspace;

beforeAll(async () => {
  httpbin = await startHttpbin();
  workspace = await fileWorkspace({
    '.runner/environments/local.yaml': `baseUrl: http://localhost:${httpbin.port}\nauth: { bearer: $accounts.api.token }\n`,
    '.runner/credentials/local.yaml':
      'api:\n  token: Env-Token-1\n  user: ada\n  password: Pw-Secret-9\n  key: AKIDEXAMPLE\n  secret: Aws-Secret-3\n',
    '.runner/tests/auth.yaml': `scenario: auth to curl
steps:
  - request: { method: GET, url: /bearer }
  - request: { method: GET, url: /basic-auth/ada/$accounts.api.password }
    auth: { basic: { username: $accounts.api.user, password: $accounts.api.password } }
  - request: { method: GET, url: /digest-auth/auth/ada/$accounts.api.password/MD5 }
    auth: { digest: { username: $accounts.api.user, password: $accounts.api.password } }
  - request: { method: PUT, url: /put, body: hello }
    auth: { awsSigV4: { accessKeyId: $accounts.api.key, secretAccessKey: $accounts.api.secret, region: eu-west-1, service: s3 } }
  - request: { method: GET, url: /get }
    auth: { oauth2: { grant: client_credentials, tokenUrl: "https://id.example/token", clientId: c, clientSecret: $accounts.api.secret } }
  - request: { method: GET, url: /anything }
    auth: none
`,
  });
}, 30_000);

afterAll(async () => {
  await httpbin?.stop();
  await workspace?.cleanup();
});

describe('convert --to curl: auth', () => {
  it('prints --user, --digest, --aws-sigv4 and --oauth2-bearer, secrets masked', async () => {
    const run = await runCli(['convert', '--to', 'curl', 'auth.yaml'], { cwd: workspace.dir });
    expect(run.code).toBe(0);
    const blocks = run.stdout.split('\n\n');
    expect(blocks[1]).toContain(`--oauth2-bearer '[MASKED]'`);
    expect(blocks[2]).toContain(`--user '[MASKED]:[MASKED]'`);
    expect(blocks[3]).toMatch(/ --digest \\\n {2}--user '\[MASKED\]:\[MASKED\]'/);
    expect(blocks[4]).toContain(`--aws-sigv4 'aws:amz:eu-west-1:s3' \\\n  --user '[MASKED]:[MASKED]'`);
    expect(blocks[5]).toContain(
      '# auth: oauth2 (client_credentials): runner gets the token from https://id.example/token; curl cannot',
    );
    expect(blocks[5]).toContain(`--oauth2-bearer '<access token>'`);
    expect(blocks[6]).not.toMatch(/--user|--oauth2-bearer|Authorization/i);
    for (const secret of ['Env-Token-1', 'Pw-Secret-9', 'Aws-Secret-3'])
      expect(run.stdout).not.toContain(secret);
  });

  it('with --raw, the printed Digest command authenticates with the real curl', async () => {
    const run = await runCli(['convert', '--to', 'curl', '--raw', 'auth.yaml'], { cwd: workspace.dir });
    const digest = run.stdout.split('\n\n')[3] ?? '';
    const { stdout } = await promisify(execFile)('bash', ['-c', `${digest} --silent`]);
    expect(JSON.parse(stdout)).toEqual({ authenticated: true, user: 'ada' });
  });
});
