import { createHash } from 'node:crypto';
import { chmod, open, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { parseYaml, summarizeScenario } from '../language/index.js';
import { loadScenarios } from './loadScenarios.js';
import { loadWorkspace } from './loadWorkspace.js';
import { openParseCache, type ParseCache } from './parseCache.js';
import type { Environment } from './types.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';

const SCENARIO =
  'scenario: Health\nsteps:\n  - request: { method: GET, url: /health }\n    expect: { status: 200 }\n';

/** What ScenarioSources remembers for a file parsed afresh. */
const parsedSource = (text: string, name: string) => summarizeScenario(text, name, parseYaml(text, name));

let trees: TempTree[] = [];
afterEach(async () => {
  await Promise.all(trees.map((tree) => tree.remove()));
  trees = [];
});

async function tree(files: Record<string, string> = {}): Promise<TempTree> {
  const made = await tempTree(files);
  trees.push(made);
  return made;
}

describe('openParseCache', () => {
  it('gives back what was remembered for the same text and name, and nothing once either changes', async () => {
    const dir = (await tree()).path('cache');
    const options = { dir, root: '/project', build: 'b1' };
    const first = await openParseCache(options);
    const parsed = parsedSource(SCENARIO, 'health.yaml');
    first.remember('/project/health.yaml', 'health.yaml', SCENARIO, parsed);
    await first.save();

    const second = await openParseCache(options);
    expect(second.lookup('/project/health.yaml', 'health.yaml', SCENARIO)?.summary).toEqual(parsed);
    expect(second.lookup('/project/health.yaml', 'health.yaml', SCENARIO + '# edited\n')).toBeUndefined();
    expect(second.lookup('/project/health.yaml', 'other/health.yaml', SCENARIO)).toBeUndefined();
    expect(second.lookup('/project/other.yaml', 'health.yaml', SCENARIO)).toBeUndefined();
  });

  it('keeps the outcome of checks per context, newest first, and only for the same text', async () => {
    const dir = (await tree()).path('cache');
    const options = { dir, root: '/p', build: 'b' };
    const first = await openParseCache(options);
    first.remember('/p/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
    const outcome = (context: string) => ({ diagnostics: [], scenario: { name: context } }) as never;
    for (const context of ['one', 'two', 'three', 'four', 'five']) {
      first.rememberChecked('/p/a.yaml', 'a.yaml', SCENARIO, {
        key: `${context}:x`,
        uses: ['x'],
        result: outcome(context),
      });
    }
    // Not the text that was remembered: nothing is added.
    first.rememberChecked('/p/a.yaml', 'a.yaml', 'other', {
      key: 'six:x',
      uses: ['x'],
      result: outcome('six'),
    });
    await first.save();

    const found = (await openParseCache(options)).lookup('/p/a.yaml', 'a.yaml', SCENARIO);
    const keyIn = (context: string) => (uses: readonly string[]) => `${context}:${uses.join(',')}`;
    expect(found?.checked(keyIn('five'))).toEqual(outcome('five'));
    expect(found?.checked(keyIn('two'))).toEqual(outcome('two'));
    expect(found?.checked(keyIn('one'))).toBeUndefined();
    expect(found?.checked(keyIn('six'))).toBeUndefined();
  });

  it('ignores what another build wrote, and a corrupt file, and writes nothing when nothing changed', async () => {
    const dir = (await tree()).path('cache');
    const old = await openParseCache({ dir, root: '/p', build: 'old' });
    old.remember('/p/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
    await old.save();
    const [file] = await readdir(dir);
    const written = (await stat(`${dir}/${file}`)).mtimeMs;

    const upgraded = await openParseCache({ dir, root: '/p', build: 'new' });
    expect(upgraded.lookup('/p/a.yaml', 'a.yaml', SCENARIO)).toBeUndefined();
    await upgraded.save();
    expect((await stat(`${dir}/${file}`)).mtimeMs).toBe(written);

    await writeFile(`${dir}/${file}`, 'not a cache');
    const afterDamage = await openParseCache({ dir, root: '/p', build: 'old' });
    expect(afterDamage.lookup('/p/a.yaml', 'a.yaml', SCENARIO)).toBeUndefined();

    // The same build id over an older layout of the file (a rebuild with a pinned date): ignored, no crash.
    const digest = createHash('sha256').update(`a.yaml\0${SCENARIO}`).digest('hex');
    const olderLayout = { build: 'old', entries: [['/p/a.yaml', { digest, parsed: {} }]] };
    await writeFile(`${dir}/${file}`, serialize(olderLayout));
    const overOlder = await openParseCache({ dir, root: '/p', build: 'old' });
    expect(overOlder.lookup('/p/a.yaml', 'a.yaml', SCENARIO)).toBeUndefined();
  });

  it('keeps its file private to the user, and a cache it cannot write is no error', async () => {
    const base = await tree({ blocker: 'a file where the cache folder would go' });
    const dir = base.path('cache');
    const cache = await openParseCache({ dir, root: '/p', build: 'b' });
    cache.remember('/p/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
    await cache.save();
    const [file] = await readdir(dir);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(`${dir}/${file}`)).mode & 0o777).toBe(0o600);

    const blocked = await openParseCache({ dir: base.path('blocker', 'cache'), root: '/p', build: 'b' });
    blocked.remember('/p/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
    await expect(blocked.save()).resolves.toBeUndefined();
  });
});

interface Layout {
  magic: Buffer;
  index: { entries: [string, { checks: { scenario: Record<string, unknown> }[] }][] };
  sections: Buffer;
  /** Where the section area starts in the file. */
  base: number;
}

/** A cache file taken apart: its magic line, its index, its section area (parseCache.ts, FORMAT 6). */
async function readLayout(path: string): Promise<Layout> {
  const bytes = await readFile(path);
  const magicEnd = bytes.indexOf(0x0a) + 1;
  const indexEnd = magicEnd + 4 + bytes.readUInt32LE(magicEnd);
  return {
    magic: bytes.subarray(0, magicEnd),
    index: deserialize(bytes.subarray(magicEnd + 4, indexEnd)) as Layout['index'],
    sections: bytes.subarray(indexEnd),
    base: indexEnd,
  };
}

async function writeLayout(path: string, { magic, index, sections }: Layout): Promise<void> {
  const indexBytes = serialize(index);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(indexBytes.byteLength);
  await writeFile(path, Buffer.concat([magic, length, indexBytes, sections]));
}

/** A cache with one checked scenario of `steps`, saved: its file's path and the options to open it. */
async function savedCheck(steps: unknown[]) {
  const dir = (await tree()).path('cache');
  const options = { dir, root: '/p', build: 'b' };
  const first = await openParseCache(options);
  first.remember('/p/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
  const scenario = { name: 'A', tags: [], setup: [], steps, teardown: [], file: 'a.yaml' };
  first.rememberChecked('/p/a.yaml', 'a.yaml', SCENARIO, {
    key: 'k',
    uses: [],
    result: { diagnostics: [], scenario: scenario as never },
  });
  await first.save();
  const [file] = await readdir(dir);
  return { path: `${dir}/${file}`, options, scenario, first };
}

const keyOf = () => 'k';

describe('openParseCache with checks in another layout', () => {
  it('checks the file again instead of running a scenario whose steps it cannot read', async () => {
    const { path, options, scenario } = await savedCheck([]);
    expect((await openParseCache(options)).lookup('/p/a.yaml', 'a.yaml', SCENARIO)?.checked(keyOf)).toEqual({
      diagnostics: [],
      scenario,
    });

    // The same build and format, but the steps said to lie beyond the end of the file, or in a layout this
    // build never wrote.
    const layout = await readLayout(path);
    const check = layout.index.entries[0]![1].checks[0]!;
    const intact = check.scenario;
    for (const damage of [{ at: layout.sections.byteLength }, { lengths: [0, 0] }, { at: undefined }]) {
      check.scenario = { ...intact, ...damage };
      await writeLayout(path, layout);
      const found = (await openParseCache(options)).lookup('/p/a.yaml', 'a.yaml', SCENARIO);
      expect(found?.summary).toBeDefined();
      expect(found?.checked(keyOf)).toBeUndefined();
    }
  });
});

describe('openParseCache and the steps it keeps', () => {
  const step = (url: string) => ({ kind: 'request', request: { method: 'GET', url } });

  it('leaves them in the file: a scenario reads its steps there when it runs, also one parsed this run', async () => {
    const { path, options, first } = await savedCheck([step('/before')]);
    const later = (await openParseCache(options)).lookup('/p/a.yaml', 'a.yaml', SCENARIO)?.checked(keyOf);
    const thisRun = first.lookup('/p/a.yaml', 'a.yaml', SCENARIO)?.checked(keyOf);
    // The steps rewritten in place (same length, same file): both read what the file now says.
    const layout = await readLayout(path);
    const at = layout.sections.indexOf(Buffer.from('/before', 'latin1'));
    expect(at).toBeGreaterThan(-1);
    const handle = await open(path, 'r+');
    await handle.write(Buffer.from('/latter', 'latin1'), 0, 7, layout.base + at);
    await handle.close();
    expect(later?.scenario?.steps).toEqual([step('/latter')]);
    expect(thisRun?.scenario?.steps).toEqual([step('/latter')]);
  });

  it('carries the steps of files that did not change into the cache it writes', async () => {
    const { options } = await savedCheck([step('/kept')]);
    const second = await openParseCache(options);
    second.remember('/p/b.yaml', 'b.yaml', SCENARIO, parsedSource(SCENARIO, 'b.yaml'));
    await second.save();
    const third = await openParseCache(options);
    expect(third.lookup('/p/b.yaml', 'b.yaml', SCENARIO)).toBeDefined();
    const kept = third.lookup('/p/a.yaml', 'a.yaml', SCENARIO)?.checked(keyOf);
    expect(kept?.scenario?.steps).toEqual([step('/kept')]);
  });

  it('reads them from the file it opened, whatever cache is written over it meanwhile', async () => {
    const { options } = await savedCheck([step('/first')]);
    const running = (await openParseCache(options)).lookup('/p/a.yaml', 'a.yaml', SCENARIO)?.checked(keyOf);
    // Another run of the same project writes a cache with other steps for the same file.
    const other = await openParseCache(options);
    other.rememberChecked('/p/a.yaml', 'a.yaml', SCENARIO, {
      key: 'k',
      uses: [],
      result: {
        diagnostics: [],
        scenario: {
          name: 'A',
          tags: [],
          setup: [],
          steps: [step('/a-much-longer-path')],
          teardown: [],
        } as never,
      },
    });
    await other.save();
    expect(running?.scenario?.steps).toEqual([step('/first')]);
    const fresh = (await openParseCache(options)).lookup('/p/a.yaml', 'a.yaml', SCENARIO)?.checked(keyOf);
    expect(fresh?.scenario?.steps).toEqual([step('/a-much-longer-path')]);
  });
});

describe('openParseCache in a folder others can write', () => {
  it('neither reads nor writes there, so nobody else can plant what a run parses', async () => {
    const base = await tree();
    const shared = base.path('shared');
    const own = await openParseCache({ dir: shared, root: '/p', build: 'b' });
    own.remember('/p/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
    await own.save();
    const [file] = await readdir(shared);

    await chmod(shared, 0o777);
    const inShared = await openParseCache({ dir: shared, root: '/p', build: 'b' });
    expect(inShared.lookup('/p/a.yaml', 'a.yaml', SCENARIO)).toBeUndefined();
    inShared.remember('/p/b.yaml', 'b.yaml', SCENARIO, parsedSource(SCENARIO, 'b.yaml'));
    const before = (await stat(`${shared}/${file}`)).mtimeMs;
    await inShared.save();
    expect((await stat(`${shared}/${file}`)).mtimeMs).toBe(before);

    await chmod(shared, 0o700);
    await chmod(`${shared}/${file}`, 0o666);
    const plantedFile = await openParseCache({ dir: shared, root: '/p', build: 'b' });
    expect(plantedFile.lookup('/p/a.yaml', 'a.yaml', SCENARIO)).toBeUndefined();
  });

  it('removes cache files of projects unused for 30 days when it writes its own', async () => {
    const dir = (await tree()).path('cache');
    const old = await openParseCache({ dir, root: '/old-project', build: 'b' });
    old.remember('/old-project/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
    await old.save();
    const [oldFile] = await readdir(dir);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await utimes(`${dir}/${oldFile}`, longAgo, longAgo);
    await writeFile(`${dir}/notes.txt`, 'not ours');

    const current = await openParseCache({ dir, root: '/project', build: 'b' });
    current.remember('/project/a.yaml', 'a.yaml', SCENARIO, parsedSource(SCENARIO, 'a.yaml'));
    await current.save();
    const left = await readdir(dir);
    expect(left).not.toContain(oldFile);
    expect(left).toContain('notes.txt');
    expect(left.filter((name) => name.endsWith('.bin'))).toHaveLength(1);
  });
});

describe('loadScenarios with a parse cache', () => {
  it('parses a file again after it changed, so diagnostics always match the text on disk', async () => {
    const project = await tree({
      '.runner/config.yaml': '',
      '.runner/tests/health.yaml': SCENARIO,
    });
    const file = project.path('.runner/tests/health.yaml');
    const workspace = await loadWorkspace(project.root);
    const cacheOptions = { dir: project.path('cache'), root: workspace.root, build: 'b' };

    const first = await loadScenarios(
      workspace,
      undefined,
      [file],
      project.root,
      await openParseCache(cacheOptions),
    );
    expect(first.scenarios.map((s) => s.name)).toEqual(['Health']);
    expect((await readdir(project.path('cache'))).length).toBe(1);

    const cached = await loadScenarios(
      workspace,
      undefined,
      [file],
      project.root,
      await openParseCache(cacheOptions),
    );
    expect(cached.scenarios).toEqual(first.scenarios);

    await writeFile(file, (await readFile(file, 'utf8')).replace('scenario: Health', 'scenario: [broken'));
    const edited = await loadScenarios(
      workspace,
      undefined,
      [file],
      project.root,
      await openParseCache(cacheOptions),
    );
    expect(edited.scenarios).toEqual([]);
    expect(edited.diagnostics[0]?.location?.file).toBe('.runner/tests/health.yaml');
  });
});

/** Counts the checks a load had to run, so a test can tell a reused outcome from a fresh one. */
function counting(cache: ParseCache): { cache: ParseCache; checks: () => number } {
  let checks = 0;
  return {
    cache: {
      ...cache,
      rememberChecked(...args) {
        checks += 1;
        cache.rememberChecked(...args);
      },
    },
    checks: () => checks,
  };
}

describe('loadScenarios reusing checked scenarios', () => {
  it('reuses a check only while the schemas and `use` targets it read are unchanged', async () => {
    const project = await tree({
      '.runner/config.yaml': '',
      '.runner/tests/users.yaml': [
        'scenario: Users',
        'steps:',
        '  - use: ./login.yaml',
        '  - request: { method: GET, url: /users, headers: { Authorization: Bearer $token } }',
        '    expect: { status: 200, schema: users }',
        '',
      ].join('\n'),
      '.runner/tests/login.yaml':
        'scenario: Login\nsteps:\n  - request: { method: POST, url: /login }\n    save: { token: body.token }\n',
    });
    const file = project.path('.runner/tests/users.yaml');
    const workspace = await loadWorkspace(project.root);
    const cacheOptions = { dir: project.path('cache'), root: workspace.root, build: 'b' };
    const load = async () => {
      const counted = counting(await openParseCache(cacheOptions));
      const loaded = await loadScenarios(workspace, undefined, [file], project.root, counted.cache);
      const codes = loaded.diagnostics.map((diagnostic) => diagnostic.code);
      return { names: loaded.scenarios.map((s) => s.name), codes, checks: counted.checks() };
    };

    expect(await load()).toEqual({ names: [], codes: ['schema.unknown'], checks: 1 });
    expect(await load()).toEqual({ names: [], codes: ['schema.unknown'], checks: 0 });

    await project.write({ '.runner/schemas/users.yaml': 'type: array\n' });
    // Valid now, so the file it uses is checked too, as a `use` target (composition resolved at plan time).
    expect(await load()).toEqual({ names: ['Users'], codes: [], checks: 2 });
    expect(await load()).toEqual({ names: ['Users'], codes: [], checks: 0 });

    // The used file no longer saves the token that users.yaml reads: the same text now fails its check.
    await project.write({
      '.runner/tests/login.yaml': 'scenario: Login\nsteps:\n  - request: { method: POST, url: /login }\n',
    });
    expect(await load()).toEqual({ names: [], codes: ['variable.undefined'], checks: 1 });
  });

  it("checks again when the environment's names change, as running against another environment does", async () => {
    const project = await tree({
      '.runner/config.yaml': '',
      '.runner/tests/keys.yaml':
        'scenario: Keys\nsteps:\n  - request: { method: GET, url: /keys, headers: { X-Api-Key: $apiKey } }\n',
    });
    const file = project.path('.runner/tests/keys.yaml');
    const workspace = await loadWorkspace(project.root);
    const cacheOptions = { dir: project.path('cache'), root: workspace.root, build: 'b' };
    const environment = (variables: Record<string, unknown>): Environment => ({
      name: 'local',
      file: project.path('.runner/environments/local.yaml'),
      baseUrl: 'http://127.0.0.1:1',
      services: {},
      cache: {},
      http: workspace.config.http,
      variables,
    });
    const load = async (variables: Record<string, unknown>) => {
      const counted = counting(await openParseCache(cacheOptions));
      const loaded = await loadScenarios(
        workspace,
        environment(variables),
        [file],
        project.root,
        counted.cache,
      );
      return { codes: loaded.diagnostics.map((diagnostic) => diagnostic.code), checks: counted.checks() };
    };

    expect(await load({ apiKey: 'k' })).toEqual({ codes: [], checks: 1 });
    expect(await load({})).toEqual({ codes: ['variable.undefined'], checks: 1 });
    // Both outcomes are kept: switching back and forth checks nothing again.
    expect(await load({ apiKey: 'other value, same name' })).toEqual({ codes: [], checks: 0 });
    expect(await load({})).toEqual({ codes: ['variable.undefined'], checks: 0 });
  });
});
