import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunListener, ScenarioResult, StepResult } from '../../engine/index.js';
import type { Masker } from '../../masking/index.js';
import { hasErrorCode } from '../files/reportFileSystem.js';
import { runDirectoryName } from '../files/runDirectories.js';
import { createResultMasker } from '../maskingBoundary.js';
import { RecordIndex } from './recordIndex.js';
import { storedResults, type StoredResults } from './storedRun.js';

/** The stream's file in the run directory, and its raw twin (`--report-raw` only). */
export const STREAM_FILE = 'steps.ndjson';
const RAW_STREAM_FILE = 'steps.raw.ndjson';

export interface RecordStream {
  /**
   * A listener of one execution (`position`: its place in plan order), seeing its events unmasked as they
   * happen: it masks what it writes itself, through the masking boundary.
   */
  forExecution(position: number): RunListener;
  /** Waits for every line to reach the disk, then reads the run back from it (see storedRun.ts). */
  finish(): Promise<StoredResults>;
  /** Removes the stream's folder: the reports are written from it, or cannot be. */
  discard(): Promise<void>;
}

/**
 * Where streams are written while their runs go: `<reportsDir>/.in-progress/<run start>/`. Not a run
 * directory, so another run's retention never prunes a stream in use; what a killed run leaves stays there.
 */
export const IN_PROGRESS = '.in-progress';

/** Lines are written in batches of about this many bytes, or after FLUSH_MS, whichever comes first. */
const BATCH_BYTES = 64 * 1024;
const FLUSH_MS = 50;

/**
 * One file of lines, with the byte offset of the next line and the first write error, if any. Lines are
 * gathered and written a batch at a time: one small write per record kept every line alive in the write
 * queue long enough for V8 to move it to the old generation, which then grew with the run.
 */
class LineFile {
  readonly stream: WriteStream;
  offset = 0;
  error: Error | undefined;
  private batch: string[] = [];
  private batchBytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly path: string) {
    // `wx`: a stream never writes over another run's file. Readable by its owner only: a line written
    // before a secret was learned later in the run is masked again only when the reports are built.
    this.stream = createWriteStream(path, { flags: 'wx', encoding: 'utf8', mode: 0o600 });
    this.stream.on('error', (error) => (this.error ??= error));
  }

  /** Writes a line; returns where it starts and how many bytes it has, without its newline. */
  write(text: string): [number, number] {
    const start = this.offset;
    const length = Buffer.byteLength(text);
    this.offset += length + 1;
    this.batch.push(text, '\n');
    this.batchBytes += length + 1;
    if (this.batchBytes >= BATCH_BYTES) this.flush();
    // A run killed outright loses at most the last FLUSH_MS of records (DECISIONS: the partial stream).
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
    return [start, length];
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.length === 0) return;
    if (this.error === undefined) this.stream.write(this.batch.join(''));
    this.batch = [];
    this.batchBytes = 0;
  }

  async close(): Promise<void> {
    this.flush();
    await new Promise<void>((resolve) => this.stream.end(resolve));
    if (this.error) throw this.error;
  }
}

/**
 * A record's line. A record JSON cannot hold (a value a transform made that JSON refuses) still gets a
 * line, of the fields the runner writes itself and a warning, so the record keeps its place among its
 * siblings and no report is short of it.
 */
function lineText(wrap: (step: unknown) => unknown, step: StepResult): string {
  try {
    return JSON.stringify(wrap(ownRecord(step)));
  } catch (error) {
    const { index, section, kind, label, status, durationMs, loc } = step;
    const reason = error instanceof Error ? error.message : String(error);
    const warnings = [`the reports cannot show this step's record: ${reason}`];
    const plain = {
      index,
      section,
      kind,
      label,
      status,
      durationMs,
      loc,
      assertions: [],
      saved: {},
      warnings,
    };
    return JSON.stringify(wrap(step.children === undefined ? plain : { ...plain, children: [] }));
  }
}

/** A record as a line holds it: without its nested records, which have lines of their own. */
function ownRecord(step: StepResult): Omit<StepResult, 'children'> & { children?: [] } {
  const { children, ...own } = step;
  return children === undefined ? own : { ...own, children: [] };
}

/**
 * Writes every step record to `<dir>/steps.ndjson` as it ends (issue 14, flat memory): one JSON object per
 * line, masked, a nested record before its parent as the engine ends them. The run then keeps only what the
 * console and failure snapshots need, and the reports are rendered from the file (storedRun.ts), one record
 * at a time. Executions running at once (`--jobs`) write their lines as they come, each line naming its
 * execution (`x`, its place in plan order). A run killed mid-way leaves the lines written so far:
 * `{"x": i, "scenario": ...}` opens an execution, `{"x": i, "v": n, "depth": d, "step": ...}` is a record,
 * `{"x": i, "end": ...}` closes the execution.
 */
export async function openRecordStream(options: {
  reportsDir: string;
  masker: Masker;
  raw: boolean;
}): Promise<RecordStream> {
  const { masker } = options;
  const results = createResultMasker(masker);
  const dir = await streamDirectory(join(options.reportsDir, IN_PROGRESS));
  const masked = new LineFile(join(dir, STREAM_FILE));
  const raw = options.raw ? new LineFile(join(dir, RAW_STREAM_FILE)) : undefined;
  const executions = new Map<ScenarioResult, RecordIndex>();

  return {
    forExecution(x) {
      const index = new RecordIndex(raw !== undefined);
      return {
        onScenarioBegin(event) {
          masked.write(JSON.stringify({ x, scenario: masker.maskValue(event) }));
        },
        onStepEnd({ depth, result }) {
          const version = masker.secretsVersion;
          const line = masked.write(
            lineText((step) => ({ x, v: version, depth, step }), results.once(result)),
          );
          const rawLine = raw?.write(lineText((step) => ({ x, step }), result));
          index.add(depth, result.children !== undefined, line, rawLine);
        },
        onScenarioEnd(result) {
          index.close();
          executions.set(result, index);
          masked.write(
            JSON.stringify({ x, end: { name: masker.maskValue(result.name), status: result.status } }),
          );
        },
      };
    },
    async finish() {
      await Promise.all([masked.close(), raw?.close()]);
      return storedResults({ executions, masker, path: masked.path, rawPath: raw?.path });
    },
    async discard() {
      await Promise.all([masked.close().catch(() => undefined), raw?.close().catch(() => undefined)]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A new folder for one run's stream, named by its start (a second one in the same millisecond gets `-2`). */
async function streamDirectory(parent: string): Promise<string> {
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const name = runDirectoryName(new Date().toISOString());
  for (let n = 1; ; n++) {
    const dir = join(parent, n === 1 ? name : `${name}-${n}`);
    try {
      await mkdir(dir, { mode: 0o700 });
      return dir;
    } catch (error) {
      if (!hasErrorCode(error, 'EEXIST')) throw error;
    }
  }
}
