import { closeSync, openSync, readSync } from 'node:fs';
import type { RunResult, ScenarioResult, StepList, StepResult } from '../../engine/index.js';
import type { Masker } from '../../masking/index.js';
import { createResultMasker } from '../maskingBoundary.js';
import type { RecordIndex } from './recordIndex.js';

/**
 * A finished run read back from its record stream: what the reports render, one record at a time. `masked`
 * is what every report shows; `raw` (`--report-raw` only) the same records unmasked, for report.json.
 */
export interface StoredResults {
  masked(run: RunResult): RunResult;
  raw(run: RunResult): RunResult | undefined;
  /** Closes the files; the runs above must not be read after. */
  close(): void;
}

class RecordReader {
  private fd: number | undefined;

  constructor(private readonly path: string) {}

  /**
   * One line, read when a report reaches it. Reports are rendered after the run, never in its step loop,
   * and a synchronous read keeps renderers plain iterations over records rather than async code throughout.
   */
  read(offset: number, length: number): unknown {
    this.fd ??= openSync(this.path, 'r');
    const buffer = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const n = readSync(this.fd, buffer, read, length - read, offset + read);
      if (n === 0) throw new Error(`the step stream ${this.path} ended early`);
      read += n;
    }
    return JSON.parse(buffer.toString('utf8'));
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Records read one at a time as they are iterated, each time afresh: nothing is kept once reported. */
function lazyList(
  index: RecordIndex,
  records: readonly number[],
  load: (index: RecordIndex, n: number) => StepResult,
): StepList {
  return {
    length: records.length,
    *[Symbol.iterator]() {
      for (const n of records) yield load(index, n);
    },
  };
}

export function storedResults(options: {
  executions: ReadonlyMap<ScenarioResult, RecordIndex>;
  masker: Masker;
  path: string;
  rawPath?: string;
}): StoredResults {
  const { executions, masker } = options;
  const results = createResultMasker(masker);
  const maskedFile = new RecordReader(options.path);
  const rawFile = options.rawPath === undefined ? undefined : new RecordReader(options.rawPath);

  const loadMasked = (index: RecordIndex, n: number): StepResult => {
    const line = maskedFile.read(...index.line(n)) as { v: number; step: StepResult };
    const step = line.step;
    if (index.hasList(n)) step.children = lazyList(index, index.children(n), loadMasked);
    // A secret learned after this record was written (a token saved later) is masked in it now.
    return line.v === masker.secretsVersion ? step : results.once(step);
  };
  const loadRaw = (index: RecordIndex, n: number): StepResult => {
    const line = rawFile!.read(...index.rawLine(n)) as { step: StepResult };
    const step = line.step;
    if (index.hasList(n)) step.children = lazyList(index, index.children(n), loadRaw);
    return step;
  };

  /** A scenario whose `steps` are read from the stream each time they are asked for. */
  const stored = (
    scenario: ScenarioResult,
    header: ScenarioResult,
    load: (index: RecordIndex, n: number) => StepResult,
  ): ScenarioResult => {
    const index = executions.get(scenario);
    if (index === undefined) return header;
    const nodes = index.topLevel();
    if (nodes.length !== scenario.counts.total) {
      throw new Error(
        `the step stream holds ${nodes.length} of the ${scenario.counts.total} steps of "${header.name}"`,
      );
    }
    const copy: ScenarioResult = { ...header };
    Object.defineProperty(copy, 'steps', { get: () => nodes.map((n) => load(index, n)), enumerable: true });
    return copy;
  };

  return {
    masked(run) {
      const header = results.run(run);
      return {
        ...header,
        scenarios: run.scenarios.map((scenario, i) => stored(scenario, header.scenarios[i]!, loadMasked)),
      };
    },
    raw(run) {
      if (rawFile === undefined) return undefined;
      return { ...run, scenarios: run.scenarios.map((scenario) => stored(scenario, scenario, loadRaw)) };
    },
    close() {
      maskedFile.close();
      rawFile?.close();
    },
  };
}
