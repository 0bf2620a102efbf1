import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunListener, ScenarioResult, StepResult } from '../../engine/index.js';
import type { Masker } from '../../masking/index.js';
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
  /** Removes the stream's files once the reports are written from them. */
  remove(): Promise<void>;
}

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
    // `wx`: a run directory is new, and a stream never writes over another run's file.
    this.stream = createWriteStream(path, { flags: 'wx', encoding: 'utf8' });
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
export function openRecordStream(options: { dir: string; masker: Masker; raw: boolean }): RecordStream {
  const { masker } = options;
  const results = createResultMasker(masker);
  const masked = new LineFile(join(options.dir, STREAM_FILE));
  const raw = options.raw ? new LineFile(join(options.dir, RAW_STREAM_FILE)) : undefined;
  const executions = new Map<ScenarioResult, RecordIndex>();

  return {
    forExecution(x) {
      const index = new RecordIndex();
      return {
        onScenarioBegin(event) {
          masked.write(JSON.stringify({ x, scenario: masker.maskValue(event) }));
        },
        onStepEnd({ depth, result }) {
          const line = masked.write(
            JSON.stringify({ x, v: masker.secretsVersion, depth, step: ownRecord(results.once(result)) }),
          );
          const rawLine = raw?.write(JSON.stringify({ x, step: ownRecord(result) }));
          index.add(depth, result.children !== undefined, line, rawLine);
        },
        onScenarioEnd(result) {
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
    async remove() {
      await Promise.all([masked.path, raw?.path].map((path) => path && rm(path, { force: true })));
    },
  };
}
