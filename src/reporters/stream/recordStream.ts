import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunListener, ScenarioResult, StepResult } from '../../engine/index.js';
import type { Masker } from '../../masking/index.js';
import { createResultMasker } from '../maskingBoundary.js';
import { storedResults, type RecordNode, type StoredResults } from './storedRun.js';

/** The stream's file in the run directory, and its raw twin (`--report-raw` only). */
export const STREAM_FILE = 'steps.ndjson';
const RAW_STREAM_FILE = 'steps.raw.ndjson';

export interface RecordStream {
  /** Sees the engine's events unmasked: it masks what it writes itself, through the masking boundary. */
  readonly listener: RunListener;
  /** Waits for every line to reach the disk, then reads the run back from it (see storedRun.ts). */
  finish(): Promise<StoredResults>;
  /** Removes the stream's files once the reports are written from them. */
  remove(): Promise<void>;
}

/** One file of lines, with the byte offset of the next line and the first write error, if any. */
class LineFile {
  readonly stream: WriteStream;
  offset = 0;
  error: Error | undefined;

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
    if (this.error === undefined) this.stream.write(`${text}\n`);
    return [start, length];
  }

  async close(): Promise<void> {
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
 * at a time. A run killed mid-way leaves the lines written so far: `{"scenario": ...}` opens an execution,
 * `{"v": n, "depth": d, "step": ...}` is a record, `{"end": ...}` closes the execution.
 */
export function openRecordStream(options: { dir: string; masker: Masker; raw: boolean }): RecordStream {
  const { masker } = options;
  const results = createResultMasker(masker);
  const masked = new LineFile(join(options.dir, STREAM_FILE));
  const raw = options.raw ? new LineFile(join(options.dir, RAW_STREAM_FILE)) : undefined;
  const executions = new Map<ScenarioResult, RecordNode[]>();
  // The nodes ended at each depth and not yet claimed by their parent.
  let pending: RecordNode[][] = [];

  const listener: RunListener = {
    onScenarioBegin(event) {
      pending = [];
      masked.write(JSON.stringify({ scenario: masker.maskValue(event) }));
    },
    onStepEnd({ depth, result }) {
      const [offset, length] = masked.write(
        JSON.stringify({ v: masker.secretsVersion, depth, step: ownRecord(results.once(result)) }),
      );
      const node: RecordNode = { offset, length };
      if (raw) [node.rawOffset, node.rawLength] = raw.write(JSON.stringify({ step: ownRecord(result) }));
      if (result.children !== undefined) {
        node.children = pending[depth + 1] ?? [];
        pending[depth + 1] = [];
      }
      (pending[depth] ??= []).push(node);
    },
    onScenarioEnd(result) {
      executions.set(result, pending[0] ?? []);
      pending = [];
      masked.write(JSON.stringify({ end: { name: masker.maskValue(result.name), status: result.status } }));
    },
  };

  return {
    listener,
    async remove() {
      await Promise.all([masked.path, raw?.path].map((path) => path && rm(path, { force: true })));
    },
    async finish() {
      await Promise.all([masked.close(), raw?.close()]);
      return storedResults({ executions, masker, path: masked.path, rawPath: raw?.path });
    },
  };
}
