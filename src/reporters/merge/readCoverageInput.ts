import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RunnerError } from '../../diagnostics/errors.js';
import type { ApiCoverage } from '../coverage/apiCoverage.js';

/** `runner run --coverage` writes it beside report.json, in the run directory. */
const COVERAGE_FILE = 'coverage.json';

function isCoverage(value: unknown): value is ApiCoverage {
  if (typeof value !== 'object' || value === null) return false;
  const coverage = value as Partial<ApiCoverage>;
  return (
    typeof coverage.document === 'string' &&
    typeof coverage.unmatchedRequests === 'number' &&
    Array.isArray(coverage.operations) &&
    coverage.operations.every(
      (entry) =>
        typeof entry?.operation === 'string' &&
        typeof entry.requests === 'number' &&
        typeof entry.statuses === 'object' &&
        entry.statuses !== null &&
        Object.values(entry.statuses).every((count) => typeof count === 'number'),
    )
  );
}

/**
 * The API coverage of one input of `runner report merge` (a run directory, or a report.json), read from the
 * coverage.json beside its report; undefined when the run was not asked for coverage. A coverage.json that
 * is there but cannot be read or is not runner's is an error naming the file (exit 2), as for report.json.
 */
export async function readCoverageInput(
  path: string,
  display: (path: string) => string,
): Promise<ApiCoverage | undefined> {
  const dir = (await stat(path)).isDirectory() ? path : dirname(path);
  const file = join(dir, COVERAGE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new RunnerError('report.merge-input', `${display(file)}: cannot read it (${String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isCoverage(parsed)) {
    throw new RunnerError('report.merge-input', `${display(file)}: not a runner coverage.json`, {
      hint: 'report merge reads the coverage.json that `runner run --coverage` writes beside report.json',
    });
  }
  return parsed;
}
