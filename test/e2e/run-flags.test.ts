import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// DECISIONS.md, Wave 2 / "Running at scale": `--shard` and the run flags, with the built CLI and a real
// server reached as `localhost`.

let api: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

/** Answers 200 `{ path, query }`; `?ms=` delays the answer. */
async function startApi(options: { http2?: boolean } = {}): Promise<TestServer> {
  const handler = (request: { url?: string }, response: import('node:http').ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://x');
    setTimeout(
      () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ path: url.pathname, query: url.search }));
      },
      Number(url.searchParams.get('ms') ?? 0),
    );
  };
  return options.http2
    ? startTestServer({ http2: true, handler: handler as never })
    : startTestServer({ handler });
}

async function setUp(options: { http2?: boolean; environment?: string } = {}): Promise<void> {
  api = await startApi(options);
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: flags }\n');
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: ${api.url}\n${options.environment ?? ''}`,
  );
}

afterEach(async () => {
  await api.close();
  await cleanup();
});

async function file(name: string, yaml: string): Promise<void> {
  await mkdir(join(dir, '.runner/tests', name, '..'), { recursive: true });
  await writeFile(join(dir, '.runner/tests', name), yaml);
}

const oneStep = (name: string, path: string, expect = 'status: 200') =>
  `scenario: ${name}\nsteps:\n  - name: call ${name}\n    request: { method: GET, url: "${path}" }\n    expect: { ${expect} }\n`;

const sentPaths = () => api.requests.map((request) => new URL(request.url, 'http://x').pathname);

/** The files `--list` names, in order. */
function listedFiles(stdout: string): string[] {
  return [...stdout.matchAll(/^\.runner\/tests\/(\S+) {2}/gm)].map((match) => match[1]!);
}

describe('--shard', () => {
  // Sorted by code point: the position counted from 0 decides the shard.
  const FILES = ['a.yaml', 'b.yaml', 'c/d.yaml', 'c/e.yaml', 'f.yaml', 'g.yaml', 'h.yaml'];

  beforeEach(async () => {
    await setUp();
    for (const name of FILES) await file(name, oneStep(name, `/${name}`));
  });

  it('splits the sorted files by position modulo n: every file in exactly one shard', async () => {
    const shards: string[][] = [];
    for (const i of [1, 2, 3]) {
      const run = await runCli(['run', '--shard', `${i}/3`, '--list'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      shards.push(listedFiles(run.stdout));
    }
    expect(shards).toEqual([
      ['a.yaml', 'c/e.yaml', 'h.yaml'],
      ['b.yaml', 'f.yaml'],
      ['c/d.yaml', 'g.yaml'],
    ]);
    expect(shards.flat().sort()).toEqual(FILES);
    expect(api.requests).toEqual([]);
  });

  it('runs only its own files, and says which shard it is', async () => {
    const run = await runCli(['run', '--shard', '2/3'], { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('shard 2/3 (--shard): 2 of 7 scenario files');
    expect(sentPaths()).toEqual(['/b.yaml', '/f.yaml']);
  });

  it('exits 0 and says so when its shard has no files', async () => {
    const run = await runCli(['run', '--shard', '8/8'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('shard 8/8 (--shard): 0 of 7 scenario files; nothing to run in this shard');
    expect(api.requests).toEqual([]);
  });

  it('exits 0 when the filters leave nothing in the shard', async () => {
    const run = await runCli(['run', '--shard', '1/3', '--grep', 'f.yaml'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('nothing to run in this shard');
  });

  it('exits 2 when i is outside 1..n, or the value is not i/n', async () => {
    for (const value of ['0/3', '4/3', '1/0', 'two/3', '1-3']) {
      const run = await runCli(['run', '--shard', value], { cwd: dir });
      expect(run.code, value).toBe(2);
      expect(run.stderr).toMatch(/shard/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(api.requests).toEqual([]);
  });

  // Each system's variables for the second of three shards, in its own base (0 or 1).
  const SECOND_OF_THREE: [string, Record<string, string>][] = [
    ['RUNNER_SHARD', { RUNNER_SHARD: '2/3' }],
    ['GitLab (1-based)', { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '3' }],
    ['CircleCI (0-based)', { CIRCLE_NODE_INDEX: '1', CIRCLE_NODE_TOTAL: '3' }],
    ['Buildkite (0-based)', { BUILDKITE_PARALLEL_JOB: '1', BUILDKITE_PARALLEL_JOB_COUNT: '3' }],
    ['Azure Pipelines (1-based)', { SYSTEM_JOBPOSITIONINPHASE: '2', SYSTEM_TOTALJOBSINPHASE: '3' }],
    ['Kubernetes Indexed Job (0-based)', { JOB_COMPLETION_INDEX: '1', RUNNER_SHARD_TOTAL: '3' }],
  ];

  it.each(SECOND_OF_THREE)('--shard auto reads %s', async (_system, env) => {
    const run = await runCli(['run', '--shard', 'auto', '--list'], { cwd: dir, env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('shard 2/3 (');
    expect(listedFiles(run.stdout)).toEqual(['b.yaml', 'f.yaml']);
  });

  it('--shard auto: RUNNER_SHARD wins over CI variables; none set runs everything', async () => {
    const both = await runCli(['run', '--shard', 'auto', '--list'], {
      cwd: dir,
      env: { RUNNER_SHARD: '3/3', CI_NODE_INDEX: '1', CI_NODE_TOTAL: '3' },
    });
    expect(listedFiles(both.stdout)).toEqual(['c/d.yaml', 'g.yaml']);
    const none = await runCli(['run', '--shard', 'auto', '--list'], { cwd: dir });
    expect(none.code).toBe(0);
    expect(listedFiles(none.stdout)).toEqual(FILES);
  });

  it('--shard auto: an index without its total, or out of range, exits 2 naming the variables', async () => {
    const noTotal = await runCli(['run', '--shard', 'auto'], {
      cwd: dir,
      env: { JOB_COMPLETION_INDEX: '0' },
    });
    expect(noTotal.code).toBe(2);
    expect(noTotal.stderr).toContain('JOB_COMPLETION_INDEX is set but RUNNER_SHARD_TOTAL is not');
    const outside = await runCli(['run', '--shard', 'auto'], {
      cwd: dir,
      env: { CIRCLE_NODE_INDEX: '3', CIRCLE_NODE_TOTAL: '3' },
    });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('shard 4/3 is out of range');
    expect(api.requests).toEqual([]);
  });
});

describe('run flags', () => {
  it('--var wins over environment variables, examples data, with, set and saved values', async () => {
    await setUp({ environment: 'variables: { who: from-env }\n' });
    await file(
      'fragment/_use.yaml',
      'scenario: Used\nsteps:\n  - request: { method: GET, url: /used/$who }\n',
    );
    await file(
      'var.yaml',
      [
        'scenario: Var',
        'examples:',
        '  - { who: from-examples }',
        'steps:',
        '  - request: { method: GET, url: /env/$who }',
        '  - set: { who: from-set }',
        '  - request: { method: GET, url: /set/$who }',
        '  - request: { method: GET, url: /saved }',
        '    save: { who: body.path }',
        '  - request: { method: GET, url: /after-save/$who }',
        '  - use: fragment/_use.yaml',
        '    with: { who: from-with }',
        '',
      ].join('\n'),
    );
    const run = await runCli(['run', 'var.yaml', '--var', 'who=from-cli', '--var', 'other=x=y'], {
      cwd: dir,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(sentPaths()).toEqual([
      '/env/from-cli',
      '/set/from-cli',
      '/saved',
      '/after-save/from-cli',
      '/used/from-cli',
    ]);
  });

  it('--var is masked only when its name is a masked one', async () => {
    await setUp();
    await file('echo.yaml', oneStep('Echo', '/echo?a=$password&b=$plain', 'status: 500'));
    const run = await runCli(
      ['run', '--var', 'password=hunter2-cli-secret', '--var', 'plain=visible-cli-value'],
      { cwd: dir },
    );
    expect(run.code).toBe(1);
    expect(api.requests[0]!.url).toBe('/echo?a=hunter2-cli-secret&b=visible-cli-value');
    expect(run.stdout).not.toContain('hunter2-cli-secret');
    expect(run.stdout).toContain('visible-cli-value');
  });

  it('--var without = or with a bad name exits 2, sending nothing', async () => {
    await setUp();
    await file('a.yaml', oneStep('A', '/a'));
    for (const value of ['novalue', '$x=1', 'a b=1']) {
      const run = await runCli(['run', '--var', value], { cwd: dir });
      expect(run.code, value).toBe(2);
      expect(run.stderr).toContain('invalid --var');
    }
    expect(api.requests).toEqual([]);
  });

  it('--grep keeps scenarios whose name contains the text (any case) or matches /re/', async () => {
    await setUp();
    await file('a.yaml', oneStep('Users create', '/a'));
    await file('b.yaml', oneStep('users delete', '/b'));
    await file('c.yaml', oneStep('Orders', '/c'));
    expect((await runCli(['run', '--grep', 'USERS'], { cwd: dir })).code).toBe(0);
    expect(sentPaths()).toEqual(['/a', '/b']);
    api.requests.length = 0;
    expect((await runCli(['run', '--grep', '/^(Orders|users d)/'], { cwd: dir })).code).toBe(0);
    expect(sentPaths()).toEqual(['/b', '/c']);
    const none = await runCli(['run', '--grep', 'payments'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no scenario to run with a name matching `payments`');
    const invalid = await runCli(['run', '--grep', '/(unclosed/'], { cwd: dir });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('invalid regular expression in --grep');
  });

  it('--list prints each execution in report order, sends nothing, exits 0', async () => {
    await setUp();
    await file(
      'a.yaml',
      'scenario: Rows\nexamples: [{ id: 1 }, { id: 2, name: Second }]\nsteps:\n  - request: { method: GET, url: "/r/{{id}}" }\n',
    );
    await file('b.yaml', `parallel: false\n${oneStep('Alone', '/b')}`);
    const run = await runCli(['run', '--list'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        '.runner/tests/a.yaml  Rows [1]',
        '.runner/tests/a.yaml  Second',
        '.runner/tests/b.yaml  Alone  (parallel: false)',
        '3 scenario executions in 2 files; nothing was sent',
        '',
      ].join('\n'),
    );
    expect(api.requests).toEqual([]);
  });

  it('--quiet prints only failed steps under their scenario, and the summary', async () => {
    await setUp();
    await file('a.yaml', oneStep('Passing', '/a'));
    await file(
      'b.yaml',
      'scenario: Failing\nsteps:\n  - name: fine\n    request: { method: GET, url: /b1 }\n' +
        '  - name: broken\n    request: { method: GET, url: /b2 }\n    expect: { status: 201 }\n',
    );
    for (const jobs of ['1', '2']) {
      const run = await runCli(['run', '--quiet', '--jobs', jobs], { cwd: dir });
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain('Passing');
      expect(run.stdout).not.toContain('fine');
      expect(run.stdout).not.toContain('runner · environment');
      expect(run.stdout).toMatch(/\nFailing {2}\.runner\/tests\/b\.yaml\n {2}✗ broken /);
      expect(run.stdout).toMatch(/FAILED {2}2 passed, 1 failed, 3 total steps · 2 scenarios \(1 failed\)/);
    }
  });

  it('--timeout replaces http.timeout; a step’s own timeout still wins', async () => {
    await setUp();
    await file('a.yaml', oneStep('Slow', '/slow?ms=1500'));
    await file(
      'b.yaml',
      'scenario: Own timeout\nsteps:\n  - request: { method: GET, url: "/own?ms=600", timeout: 5s }\n    expect: { status: 200 }\n',
    );
    const run = await runCli(['run', '--timeout', '300ms'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ call Slow[^\n]*\n[^\n]*300ms/);
    expect(run.stdout).toMatch(/✓ GET \/own/);
    const bad = await runCli(['run', '--timeout', 'soon'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --timeout `soon`');
  });

  it('--insecure accepts a self-signed certificate, as http.insecure does', async () => {
    await setUp({ http2: true });
    await file('a.yaml', oneStep('TLS', '/tls'));
    const refused = await runCli(['run'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(api.requests).toEqual([]);
    const run = await runCli(['run', '--insecure'], { cwd: dir });
    expect(run.code, run.stdout).toBe(0);
    expect(sentPaths()).toEqual(['/tls']);
  });
});
