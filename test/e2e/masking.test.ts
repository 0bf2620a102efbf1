import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { runCli, tempWorkspace } from '../support/cli.js';

/**
 * The canary: plant secrets (credentials, a token in a response, an Authorization header, a custom mask
 * field) and prove that neither they nor their encodings reach any output stream, even with --verbose and
 * failure output.
 */
// Characters that URLSearchParams, WHATWG URLs and encodeURIComponent each encode differently.
const secret = `Cn4ry/${Math.random().toString(36).slice(2)} "pa!ss"&(w~o'r*d)`;
const pin = String(100000 + Math.floor(Math.random() * 800000));
// Longer than the 200 characters a message shows, so a cut-off secret is exercised too.
const longSecret = `L0ng-${'k'.repeat(230)}-${Math.random().toString(36).slice(2)}`;
const ssn = `987-65-${Math.floor(1000 + Math.random() * 8999)}`;

function forms(value: string): string[] {
  return [
    value,
    encodeURIComponent(value),
    encodeURIComponent(value).replace(/%20/g, '+'),
    JSON.stringify(value).slice(1, -1),
    Buffer.from(value).toString('base64'),
    Buffer.from(value).toString('base64url'),
  ];
}

let demo: DemoServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/credentials'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'security:\n  mask:\n    fields: [ssn]\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${demo.url}\n`);
  await writeFile(
    join(dir, '.runner/credentials/local.yaml'),
    `admin: { username: demo-admin, password: demo-password }\napi: { key: ${JSON.stringify(secret)}, pin: ${pin}, long: ${longSecret} }\n`,
  );
  await writeFile(
    join(dir, '.runner/tests/canary.yaml'),
    `scenario: canary
steps:
  - name: log in
    request:
      method: POST
      url: /auth/login
      body: { username: $accounts.admin.username, password: $accounts.admin.password }
    expect: { body.token: startsWith eyJ }
    save: { token: body.token }
  - name: a failed check on a body that holds a token
    request:
      method: POST
      url: /auth/login
      body: { username: $accounts.admin.username, password: $accounts.admin.password }
    expect: { body: string }
  - name: secrets everywhere, and a failure so the response is printed
    request:
      method: POST
      url: /echo
      query: { key: $accounts.api.key }
      headers:
        Authorization: Bearer $token
        X-Key: "k=$accounts.api.key"
      body: { note: "the key is $accounts.api.key", ssn: "${ssn}", token: $token, code: $accounts.api.pin, long: $accounts.api.long }
    expect:
      status: 201
      body.body.note: contains $accounts.api.key
      body.body.ssn: "${ssn}"
      body.body.long: string
      body.body: string
  - name: a long secret in a failed comparison
    request: { method: POST, url: /echo, body: { value: "$accounts.api.long" } }
    expect:
      body.body.value: short
`,
  );
});
afterAll(async () => {
  await cleanup();
  await demo.close();
});

/** Every file the run left under .runner/reports (reports, latest/, failure snapshots). */
async function reportFiles(): Promise<{ name: string; text: string }[]> {
  const root = join(dir, '.runner/reports');
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const files: { name: string; text: string }[] = [];
  for (const name of names) {
    const path = join(root, name);
    if ((await stat(path)).isFile()) files.push({ name, text: await readFile(path, 'utf8') });
  }
  return files;
}

describe('masking canary', () => {
  it('keeps every planted secret and its encodings out of stdout, stderr and every report file', async () => {
    for (const args of [['run'], ['run', '--verbose', '--report', 'html,json,junit']]) {
      await rm(join(dir, '.runner/reports'), { recursive: true, force: true });
      const { code, stdout, stderr } = await runCli(args, { cwd: dir });
      expect(code).toBe(1);
      const files = await reportFiles();
      expect(files.some((file) => file.name.includes('failure-'))).toBe(true);
      if (args.includes('--report')) expect(files.map((file) => file.name)).toContain('latest/report.html');
      const output = [stdout, stderr, ...files.map((file) => `${file.name}\n${file.text}`)].join('\n');
      // The echo step really sent the secrets (its response is printed masked): the canary is live.
      expect(stdout).toContain('"note": "the key is [MASKED]"');
      expect(output).toContain('[MASKED]');
      for (const form of [
        ...forms(secret),
        ...forms(ssn),
        ...forms('demo-password'),
        ...forms(longSecret),
        pin,
      ]) {
        expect(output, `leaked ${form}`).not.toContain(form);
      }
      expect(output).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
      // No visible start of the long secret before a `…` either.
      expect(output).not.toContain(longSecret.slice(0, 12));
    }
  });

  it('--report-raw unmasks only the JSON report', async () => {
    await rm(join(dir, '.runner/reports'), { recursive: true, force: true });
    await runCli(['run', '--report', 'html', '--report-raw'], { cwd: dir });
    const files = await reportFiles();
    const json = files.find((file) => file.name === 'latest/report.json')!;
    const html = files.find((file) => file.name === 'latest/report.html')!;
    expect(json.text).toContain(JSON.stringify(secret).slice(1, -1));
    for (const form of forms(secret)) expect(html.text).not.toContain(form);
    // SPEC, Flag behavior: raw has no effect on cURL text, so the raw report's `curl` fields stay masked.
    const report = JSON.parse(json.text) as { steps: { curl: string | null; request: unknown }[] };
    const echo = report.steps[2]!;
    expect(JSON.stringify(echo.request)).toContain(JSON.stringify(secret).slice(1, -1));
    expect(echo.curl).toContain('[MASKED]');
    for (const step of report.steps) {
      for (const form of [...forms(secret), ...forms(ssn), ...forms(longSecret)]) {
        expect(step.curl ?? '').not.toContain(form);
      }
    }
  });
});
