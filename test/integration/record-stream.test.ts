import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Masker, SecretRegistry } from '../../src/masking/index.js';
import { htmlReportText } from '../../src/reporters/files/htmlReportText.js';
import { htmlReportParts, renderHtmlReport } from '../../src/reporters/html/index.js';
import {
  buildJsonReport,
  jsonReportText,
  serializeJsonReport,
} from '../../src/reporters/json/buildJsonReport.js';
import { renderJunit } from '../../src/reporters/junit/renderJunit.js';
import { createResultMasker } from '../../src/reporters/maskingBoundary.js';
import { IN_PROGRESS, openRecordStream, STREAM_FILE } from '../../src/reporters/stream/recordStream.js';
import type { StoredResults } from '../../src/reporters/stream/storedRun.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { runResult as runResultOf, scenarioResult as scenarioResultOf } from '../support/reportRuns.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

const LATE_SECRET = 'zq-late-7f3e91';

/** Items, a failing endpoint, and a code that a later step saves as a token (so it becomes a secret late). */
function api(request: IncomingMessage, response: ServerResponse) {
  request.resume();
  request.on('end', () => {
    const url = request.url ?? '/';
    const status = url.startsWith('/broken') ? 500 : 200;
    response.writeHead(status, { 'content-type': 'application/json' });
    let body: unknown = { ok: status === 200, url };
    if (url.startsWith('/code')) body = { code: LATE_SECRET };
    if (url.startsWith('/paths')) body = { paths: ['items', 'broken', 'items'], none: [] };
    response.end(JSON.stringify(body));
  });
}

const SCENARIO = scenarioFromYaml(
  `
scenario: Streamed
setup:
  - request: { method: GET, url: /paths }
    save: { paths: body.paths, none: body.none }
  - set: { n: 0 }
steps:
  - name: Sees the code first
    request: { method: GET, url: /code }
  - name: Passes
    repeat:
      attempts: 3
      until: $n == 3
      steps:
        - request: { method: GET, url: "/items?pass=$n" }
        - set: { n: 3 }
  - name: Fails in its second pass
    for_each:
      from: $paths
      as: path
      steps:
        - request: { method: GET, url: "/$path" }
          expect: { status: 200 }
  - name: Saves the code as a token
    request: { method: GET, url: /code }
    save: { token: body.code }
  - name: Nothing nested
    for_each:
      from: $none
      as: item
      steps:
        - request: { method: GET, url: /never }
teardown:
  - request: { method: GET, url: /teardown }
`,
  { file: '.runner/tests/streamed.yaml' },
);

let server: TestServer;
let dir: string;
/** The stream's own folder, under the reports folder's `.in-progress/`. */
let streamDir: string;
beforeAll(async () => (server = await startTestServer({ handler: api })));
afterAll(() => server.close());
afterEach(async () => rm(dir, { recursive: true, force: true }));

const META = { version: '1.0.0', generatedAt: '2026-11-25T12:00:00.000Z' };

/** One real run keeping every record, with the stream written beside it from the same events. */
async function streamedRun(options: { raw?: boolean; examples?: number; jobs?: number } = {}) {
  dir = await mkdtemp(join(tmpdir(), 'runner-stream-'));
  const secrets = new SecretRegistry();
  const masker = new Masker({ enabled: true, fields: [] }, secrets);
  const stream = await openRecordStream({ reportsDir: dir, masker, raw: options.raw === true });
  const [name] = await readdir(join(dir, IN_PROGRESS));
  streamDir = join(dir, IN_PROGRESS, name!);
  const scenarios = Array.from({ length: options.examples ?? 1 }, () => SCENARIO);
  const { result } = await runScenarios(scenarios, {
    baseUrl: server.url,
    masker,
    secrets,
    executionListener: (position) => stream.forExecution(position),
    jobs: options.jobs ?? 1,
  });
  const stored: StoredResults = await stream.finish();
  return { result, stored, masker, stream };
}

function text(parts: Iterable<string>): string {
  return [...parts].join('');
}

describe('the record stream (issue 14, flat memory)', () => {
  it('reads back a run that renders every report exactly as the run kept in memory does', async () => {
    const { result, stored, masker } = await streamedRun();
    try {
      const inMemory = createResultMasker(masker).run(result);
      const fromDisk = stored.masked(result);
      const json = serializeJsonReport(buildJsonReport(inMemory, META));
      expect(text(jsonReportText(fromDisk, META))).toBe(json);
      // The loop with no passes still has its (empty) list of nested records.
      expect(json).toContain('"children": []');
      expect(json).toContain('"label": "for_each 2/3"');
      expect(json).toContain('"label": "repeat 1/3"');
      expect(renderHtmlReport(fromDisk, META)).toBe(renderHtmlReport(inMemory, META));
      expect(renderJunit(fromDisk, META)).toBe(renderJunit(inMemory, META));
    } finally {
      stored.close();
    }
  });

  it('masks in earlier records a secret learned later in the run', async () => {
    const { result, stored } = await streamedRun();
    try {
      // The first step's line was written before the code was saved as a token...
      const lines = (await readFile(join(streamDir, STREAM_FILE), 'utf8')).trimEnd().split('\n');
      expect(lines.find((line) => line.includes('Sees the code first'))).toContain(LATE_SECRET);
      // ...and no report read back from the stream shows it.
      const report = text(jsonReportText(stored.masked(result), META));
      expect(report).toContain('Sees the code first');
      expect(report).not.toContain(LATE_SECRET);
      expect(renderHtmlReport(stored.masked(result), META)).not.toContain(LATE_SECRET);
    } finally {
      stored.close();
    }
  });

  it('writes a raw twin for --report-raw, whose JSON report keeps masked cURL text', async () => {
    const { result, stored, masker } = await streamedRun({ raw: true });
    try {
      expect((await readdir(streamDir)).sort()).toEqual(['steps.ndjson', 'steps.raw.ndjson']);
      const raw = stored.raw(result)!;
      const expected = serializeJsonReport(
        buildJsonReport(result, { ...META, masked: createResultMasker(masker).run(result) }),
      );
      expect(text(jsonReportText(raw, { ...META, masked: stored.masked(result) }))).toBe(expected);
      expect(expected).toContain(LATE_SECRET);
    } finally {
      stored.close();
    }
  });

  it('keeps executions apart and in plan order, as an aggregate report', async () => {
    const { result, stored, masker } = await streamedRun({ examples: 2 });
    try {
      const inMemory = createResultMasker(masker).run(result);
      expect(text(jsonReportText(stored.masked(result), META))).toBe(
        serializeJsonReport(buildJsonReport(inMemory, META)),
      );
    } finally {
      stored.close();
    }
  });

  it('keeps executions that run at once apart, their lines interleaved in the file', async () => {
    const { result, stored, masker } = await streamedRun({ examples: 3, jobs: 3 });
    try {
      const lines = (await readFile(join(streamDir, STREAM_FILE), 'utf8')).trimEnd().split('\n');
      const executions = lines.map((line) => (JSON.parse(line) as { x: number }).x);
      // Interleaved: some line of a later execution comes before a line of an earlier one.
      expect(executions.some((x, i) => executions.slice(i + 1).some((later) => later < x))).toBe(true);
      const inMemory = createResultMasker(masker).run(result);
      expect(text(jsonReportText(stored.masked(result), META))).toBe(
        serializeJsonReport(buildJsonReport(inMemory, META)),
      );
    } finally {
      stored.close();
    }
  });

  it('writes the HTML page with its bodies gathered beside it, leaving no scratch file', async () => {
    const { result, stored, masker } = await streamedRun();
    try {
      const page = [];
      for await (const chunk of htmlReportText(htmlReportParts(stored.masked(result), META), streamDir))
        page.push(chunk);
      expect(page.join('')).toBe(renderHtmlReport(createResultMasker(masker).run(result), META));
      expect((await readdir(streamDir)).sort()).toEqual(['steps.ndjson']);
    } finally {
      stored.close();
    }
  });

  it('writes its file readable by its owner only, and leaves nothing once discarded', async () => {
    const { stored, stream } = await streamedRun();
    stored.close();
    expect((await stat(join(streamDir, STREAM_FILE))).mode & 0o777).toBe(0o600);
    await stream.discard();
    expect(await readdir(join(dir, IN_PROGRESS))).toEqual([]);
  });

  it('gives a record JSON cannot hold a line of its own, so its siblings keep their places', async () => {
    dir = await mkdtemp(join(tmpdir(), 'runner-stream-'));
    const masker = new Masker({ enabled: true, fields: [] }, new SecretRegistry());
    const stream = await openRecordStream({ reportsDir: dir, masker, raw: false });
    const listener = stream.forExecution(0);
    const step = (index: number, saved: Record<string, unknown>) => ({
      index,
      section: 'steps' as const,
      kind: 'set' as const,
      label: `set ${index}`,
      status: 'passed' as const,
      durationMs: 1,
      loc: { file: 'a.yaml', line: index + 3, col: 5 },
      assertions: [],
      saved,
      warnings: [],
    });
    const steps = [step(0, { a: 1 }), step(1, { big: 10n }), step(2, { c: 3 })];
    const scenario = scenarioResultOf('S', steps);
    listener.onScenarioBegin?.({ name: 'S', file: 'a.yaml' });
    for (const record of steps) listener.onStepEnd?.({ scenario: 'S', depth: 0, result: record });
    listener.onScenarioEnd?.(scenario);
    const stored = await stream.finish();
    try {
      const read = stored.masked(runResultOf([scenario])).scenarios[0]!.steps;
      expect(read.map((record) => record.label)).toEqual(['set 0', 'set 1', 'set 2']);
      expect(read[1]!.warnings[0]).toMatch(/^the reports cannot show this step's record: .*BigInt/);
      expect(read[2]!.saved).toEqual({ c: 3 });
    } finally {
      stored.close();
    }
  });

  it('refuses to read back an execution whose records do not add up, rather than report it short', async () => {
    const { result, stored } = await streamedRun();
    try {
      const scenario = result.scenarios[0]!;
      scenario.counts.total += 1;
      expect(() => stored.masked(result)).toThrow(
        `the step stream holds ${scenario.counts.total - 1} of the ${scenario.counts.total} steps of "Streamed"`,
      );
    } finally {
      stored.close();
    }
  });
});
