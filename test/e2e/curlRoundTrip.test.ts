// Issue 15, round trip: a scenario printed by `runner convert --to curl` and replayed by the real curl binary
// puts the same request on the wire as `runner run` of the scenario (bar user-agent, header order and case,
// and the multipart boundary). One recording server port per scenario attributes each request.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import {
  comparableRequest,
  startRecordingServers,
  type RecordingServers,
} from '../support/recordingServer.js';

/** Request steps of every shape the language sends; `URL` is replaced by the scenario's own server. */
const REQUESTS: string[] = [
  '{ method: GET, url: "URL/users" }',
  '{ method: GET, url: "URL/search", query: { q: "red shoes", page: "2", e: "€ & =" } }',
  '{ method: GET, url: "URL/a/b/../c/./d" }',
  '{ method: GET, url: "URL/list?tag=a&tag=b&flag" }',
  '{ method: GET, url: "URL/users/{id}" }',
  '{ method: GET, url: "URL/matrix[1]" }',
  '{ method: GET, url: "URL/q", query: { text: "it\'s \\"quoted\\" <x>" } }',
  '{ method: HEAD, url: "URL/health" }',
  '{ method: DELETE, url: "URL/items/7" }',
  '{ method: OPTIONS, url: "URL/items" }',
  '{ method: PUT, url: "URL/items/7", body: { name: "Ada", tags: [a, b], n: 1.5, ok: true, none: null } }',
  '{ method: POST, url: "URL/items", body: [1, 2, 3] }',
  '{ method: POST, url: "URL/text", body: "plain text, with a \' quote" }',
  '{ method: POST, url: "URL/text", body: "line one\\nline two\\n" }',
  '{ method: POST, url: "URL/empty", body: "" }',
  '{ method: PATCH, url: "URL/items/7", headers: { Content-Type: application/merge-patch+json }, body: { a: 1 } }',
  '{ method: POST, url: "URL/form", headers: { Content-Type: application/x-www-form-urlencoded }, body: "a=1&b=x+y" }',
  '{ method: GET, url: "URL/h", headers: { X-Empty: "", X-Unicode: "Zoë ✓", Accept: application/json } }',
  '{ method: GET, url: "URL/h", headers: { Authorization: "Bearer abc.def", Cookie: "a=1; b=2" } }',
  '{ method: GET, url: "URL/h", headers: { Accept: "*/*", Accept-Encoding: "gzip" } }',
  '{ method: POST, url: "URL/upload", multipart: { fields: { title: "Q3", note: "two\\nlines" }, files: { doc: q3.txt } } }',
  '{ method: POST, url: "URL/upload", multipart: { files: { img: { path: pic.png, filename: "me.png", contentType: image/png } } } }',
  '{ method: POST, url: "URL/upload", multipart: { fields: { a: "" } } }',
  '{ method: GET, url: "URL/dollar", query: { price: "$$5" } }',
  '{ method: POST, url: "URL/dollar", body: { cost: "$$5", "$$key": x } }',
  '{ method: GET, url: "URL/timeout", timeout: 5s }',
  '{ method: POST, url: "URL/unicode", body: "Grüße 日本語 😀" }',
  '{ method: GET, url: "URL/encoded%20path/%7Ex?x=%2F" }',
  '{ method: GET, url: "URL/" }',
  '{ method: PUT, url: "URL/none" }',
  '{ method: GET, url: "URL/v", headers: { X-Tenant: $tenant }, query: { v: $version } }',
  '{ method: POST, url: "URL/form", form: { user: "ada lovelace", note: "a&b=c~*", empty: "" } }',
  '{ method: POST, url: "URL/graphql", graphql: { query: "query($$id: ID!) { user(id: $$id) { name } }", variables: { id: "7" } } }',
  '{ method: GET, url: "URL/lists", query: { tag: [a, "b c"] }, headers: { X-Multi: [one, two] } }',
];

let servers: RecordingServers;
let dir: string;
let cleanup: () => Promise<void>;
const runnerCounts: number[] = [];

function bash(script: string, cwd: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd },
      stdio: ['ignore', 'ignore', 'ignore'],
      timeout: 60_000,
    });
    child.on('close', (code) => resolve(code ?? -1));
  });
}

beforeAll(async () => {
  servers = await startRecordingServers(REQUESTS.length);
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests/trip'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  // runner asks for compressed answers by default (http.compressed) where curl does only with --compressed:
  // off here, so both send only the headers the command or the step names.
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: trip }\nhttp: { compressed: false }\n');
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    'baseUrl: http://localhost:1\nvariables: { tenant: acme, version: "2" }\n',
  );
  await writeFile(join(dir, 'assets/q3.txt'), 'quarterly\n');
  await writeFile(join(dir, 'assets/pic.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
  for (const [slot, request] of REQUESTS.entries()) {
    const yaml = `scenario: trip ${slot}\nsteps:\n  - request: ${request.replaceAll('URL', `http://localhost:${servers.ports[slot]}`)}\n`;
    await writeFile(join(dir, '.runner/tests/trip', `t${String(slot).padStart(2, '0')}.yaml`), yaml);
  }
  const run = await runCli(['run', '.runner/tests/trip'], { cwd: dir });
  if (run.code !== 0) {
    const failed = run.stdout.split('\n').filter((line) => !line.includes('✓'));
    throw new Error(`runner run failed:\n${failed.join('\n')}${run.stderr}`);
  }
  for (let slot = 0; slot < REQUESTS.length; slot++) runnerCounts.push(servers.requests(slot).length);
  const printed = await runCli(['convert', '--to', 'curl', '--raw', '.runner/tests/trip'], { cwd: dir });
  if (printed.code !== 0) throw new Error(`convert --to curl failed:\n${printed.stderr}`);
  await writeFile(join(dir, 'replay.sh'), printed.stdout);
  await bash(printed.stdout, dir);
}, 120_000);

afterAll(async () => {
  await servers.close();
  await cleanup();
});

describe('round trip: scenario → convert --to curl → curl', () => {
  it('sends the same request as the scenario, for every request shape', () => {
    const differences: string[] = [];
    REQUESTS.forEach((request, slot) => {
      const all = servers.requests(slot);
      const fromRunner = all.slice(0, runnerCounts[slot]).map(comparableRequest);
      const fromCurl = all.slice(runnerCounts[slot]).map(comparableRequest);
      expect(fromRunner.length, request).toBe(1);
      if (JSON.stringify(fromCurl) !== JSON.stringify(fromRunner)) {
        differences.push(
          `${request}\n--- runner\n${fromRunner.join('\n')}\n--- curl\n${fromCurl.join('\n')}`,
        );
      }
    });
    expect(differences.join('\n\n')).toBe('');
  });
});
