// Bundled by run.mjs and run in a fresh process: builds a 5,000-step run and writes all three reports and
// the failure snapshots through the same function `runner run --report html,json,junit` uses.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReportOutputs } from '../../src/reporters/index.js';
import { largeRun } from '../../test/browser/largeRun.js';

const steps = Number(process.argv[2] ?? '5000');
const run = largeRun(steps);
const dir = await mkdtemp(join(tmpdir(), 'runner-report-bench-'));
const started = performance.now();
const written = await writeReportOutputs(
  { raw: run, masked: run },
  {
    formats: ['html', 'json', 'junit'],
    raw: false,
    reportsDir: join(dir, 'reports'),
    archive: false,
    retention: 10,
    failures: { enabled: true, path: join(dir, 'reports/failures'), maskSensitive: true, retainCount: 50 },
    version: 'bench',
    generatedAt: new Date().toISOString(),
    projectPath: (file) => file,
  },
);
const elapsedMs = performance.now() - started;
await rm(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    steps,
    files: written.files,
    snapshots: written.snapshots.length,
    writeMs: Math.round(elapsedMs),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
