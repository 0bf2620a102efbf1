// Issue 22: every Postman collection checked in under test/fixtures (Newman's own collections in
// test/fixtures/postman-newman, the public ones of test/fixtures/postman-collections, the hand-written ones of
// test/fixtures/import; origins noted beside each) goes through the built CLI as a user would: `import postman`
// (with the environment beside it) exits 0, `validate` finds no problems, and `run` against a recording server
// reached as `localhost` does not crash (exit 0 or 1) and the requests arrive. Hosts the collections name are
// pointed at the server, and the sandbox allows only `localhost`, so nothing leaves the machine.
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempWorkspace, type CliRun } from '../support/cli.js';
import { importFailures, inPairs, pointUrlObjects } from '../support/postmanCorpus.js';
import { startRecordingServers, type RecordingServers } from '../support/recordingServer.js';

const FIXTURES = join(repoRoot, 'test/fixtures');

/**
 * Collections whose requests cannot reach a local server, with the reason; each must still import, validate
 * and run without crashing. One that starts sending requests fails the test, so the list stays true.
 */
const SENDS_NOTHING: Record<string, string> = {
  'postman-newman-test-integration-tc4-tc4-postman-collection':
    'its one request uploads a file that the user copies into the assets folder, as the import notes say',
};

interface Entry {
  id: string;
  /** A short environment name: ids are longer than an environment name may be. */
  envName: string;
  collection: string;
  environment?: string;
}

interface Outcome {
  entry: Entry;
  imported: CliRun;
  validated: CliRun;
  ran: CliRun;
  received: number;
}

/** Postman writes UTF-8 with or without a byte order mark, some tools UTF-16 with one. */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function isCollection(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  // Newman's timeout collection is nothing but an `item` list, and Newman runs it.
  return (
    Array.isArray(record.item) ||
    (Array.isArray(record.requests) && Array.isArray(record.order ?? record.folders))
  );
}

/** Every collection file under test/fixtures, with the environment published beside it. */
async function corpus(): Promise<Entry[]> {
  const files = (await readdir(FIXTURES, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const entries: Entry[] = [];
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decode(await readFile(file)));
    } catch {
      continue;
    }
    if (!isCollection(parsed)) continue;
    const dir = dirname(file);
    const siblings = await readdir(dir);
    const base = basename(file).replace(/(\.postman_collection)?\.json$/, '');
    const environment = [`${base}.postman_environment.json`, 'local.postman_environment.json'].find((name) =>
      siblings.includes(name),
    );
    entries.push({
      envName: `corpus-${entries.length + 1}`,
      id: relative(FIXTURES, file)
        .replace(/\.json$/, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .toLowerCase(),
      collection: file,
      ...(environment !== undefined ? { environment: join(dir, environment) } : {}),
    });
  }
  return entries;
}

/** Every host the corpus names in a URL (`postman-echo.com`), also found where it is written without a scheme. */
const hosts = new Set<string>();

function collectHosts(text: string): void {
  for (const match of text.matchAll(/https?:\/\/([A-Za-z0-9.-]+)/g)) {
    if (match[1] !== 'localhost' && match[1]?.includes('.')) hosts.add(match[1]);
  }
}

/**
 * The text with every origin it names pointed at the server: `https://host:port` becomes the server's origin,
 * a known host written without a scheme (`postman-echo.com/get`, an environment value) its host and port, and
 * `https://{{host}}` plain `http`.
 */
function pointed(text: string, port: number): string {
  const local = `localhost:${port}`;
  let out = text
    .replace(/https?:\/\/[A-Za-z0-9.-]+(?::\d+)?/g, `http://${local}`)
    .replace(/https:\/\/\{\{/g, 'http://{{');
  for (const host of hosts) out = out.split(host).join(local);
  return out;
}

const servers: RecordingServers[] = [];
const outcomes: Outcome[] = [];
let entries: Entry[] = [];
let cleanup: () => Promise<void>;

async function importAndRun(entry: Entry, dir: string): Promise<Outcome> {
  const server = await startRecordingServers(1, () => ({
    status: 200,
    contentType: 'application/json',
    body: '{"ok":true,"id":1,"token":"t","access_token":"t"}',
  }));
  servers.push(server);
  const port = server.ports[0] ?? 0;
  const input = join(dir, 'input', entry.id);
  await mkdir(input, { recursive: true });
  const collection = JSON.parse(pointed(decode(await readFile(entry.collection)), port)) as unknown;
  // Every URL object whose host is not a variable: the host names are the corpus's, never reachable here.
  pointUrlObjects(collection, port, (origin) => !origin.includes('{{'));
  await writeFile(join(input, 'collection.json'), JSON.stringify(collection));
  const args = [
    'import',
    'postman',
    `input/${entry.id}/collection.json`,
    '--out',
    `.runner/tests/${entry.id}`,
  ];
  args.push('--env-name', entry.envName);
  if (entry.environment !== undefined) {
    await writeFile(
      join(input, 'environment.json'),
      pointed(decode(await readFile(entry.environment)), port),
    );
    args.push('--environment', `input/${entry.id}/environment.json`);
  }
  const imported = await runCli(args, { cwd: dir });
  const validated = await runCli(['validate', `.runner/tests/${entry.id}`, '--env', entry.envName], {
    cwd: dir,
  });
  const ran = await runCli(['run', `.runner/tests/${entry.id}`, '--env', entry.envName], { cwd: dir });
  return { entry, imported, validated, ran, received: server.requests(0).length };
}

beforeAll(async () => {
  entries = await corpus();
  for (const entry of entries) {
    for (const file of [entry.collection, entry.environment ?? []].flat())
      collectHosts(decode(await readFile(file)));
  }
  const workspace = await tempWorkspace();
  cleanup = workspace.cleanup;
  await mkdir(join(workspace.dir, '.runner/environments'), { recursive: true });
  await writeFile(
    join(workspace.dir, '.runner/config.yaml'),
    [
      'project: { name: postman-corpus }',
      'http: { timeout: 5s }',
      // Only the recording server: a host the test did not point at it is blocked, never reached.
      'security: { sandboxing: { enabled: true, allowedDomains: [localhost] } }',
      '',
    ].join('\n'),
  );
  outcomes.push(...(await inPairs(entries, (entry) => importAndRun(entry, workspace.dir))));
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await cleanup();
});

describe('every Postman collection under test/fixtures', () => {
  it('is found: Newman’s examples and integration collections, and the public corpus', () => {
    const ids = entries.map((entry) => entry.id);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    expect(ids).toContain('postman-newman-test-integration-timeout-timeout-postman-collection');
    expect(ids).toContain(
      'postman-newman-test-integration-inherited-entities-inherited-entities-postman-collection',
    );
    expect(ids).toContain('postman-newman-examples-v1-postman-collection');
    expect(ids.filter((id) => id.startsWith('postman-collections-'))).toHaveLength(12);
    const inherited = entries.find((entry) => entry.id.includes('inherited-entities'));
    expect(inherited?.environment).toMatch(/inherited-entities\.postman_environment\.json$/);
  });

  it('imports (exit 0), and what it writes validates clean', () => {
    expect(importFailures(outcomes)).toEqual([]);
  });

  it('runs against the recording server without crashing, and its requests arrive', () => {
    const crashed = outcomes
      .filter((o) => ![0, 1].includes(o.ran.code) || /internal error/.test(o.ran.stderr))
      .map((o) => `${o.entry.id}: exit ${o.ran.code}\n${o.ran.stderr}`);
    expect(crashed).toEqual([]);
    const silent = outcomes
      .filter((o) => o.received === 0 && SENDS_NOTHING[o.entry.id] === undefined)
      .map((o) => `${o.entry.id}\n${o.ran.stdout}`);
    expect(silent).toEqual([]);
    const stale = outcomes.filter((o) => o.received > 0 && SENDS_NOTHING[o.entry.id] !== undefined);
    expect(stale.map((o) => o.entry.id)).toEqual([]);
    expect(outcomes.reduce((sum, o) => sum + o.received, 0)).toBeGreaterThanOrEqual(300);
  });
});
