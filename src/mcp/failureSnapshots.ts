/** Reading back the failure snapshots a run left (SPEC, Failure snapshot), for `explain_failure`. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FailureSnapshotContent } from '../reporters/snapshots/buildFailureSnapshot.js';

export interface StoredSnapshot {
  fileName: string;
  content: FailureSnapshotContent;
}

/** The same file pattern writeFailureSnapshots counts and prunes. */
const SNAPSHOT_FILE = /^failure-.*\.json$/;

function isSnapshotContent(value: unknown): value is FailureSnapshotContent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.scenario === 'string' &&
    typeof record.testFile === 'string' &&
    typeof record.timestamp === 'string' &&
    typeof record.failedStepIndex === 'number' &&
    typeof record.diagnostics === 'object' &&
    record.diagnostics !== null
  );
}

/** Every readable snapshot in `dir`; a missing folder means none, a broken file is passed over. */
export async function readFailureSnapshots(dir: string): Promise<StoredSnapshot[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => SNAPSHOT_FILE.test(name));
  } catch {
    return [];
  }
  const read = await Promise.all(
    names.map(async (fileName): Promise<StoredSnapshot[]> => {
      try {
        const content: unknown = JSON.parse(await readFile(join(dir, fileName), 'utf8'));
        return isSnapshotContent(content) ? [{ fileName, content }] : [];
      } catch {
        return [];
      }
    }),
  );
  return read.flat();
}

const normalize = (path: string) => path.replaceAll('\\', '/').replace(/^\.\//, '').toLowerCase();

/**
 * A scenario is named by its name (case-insensitive; `Users` also finds the executions `Users [2]` of its
 * examples) or by its file, as written in the snapshot or by a path that ends the same way.
 */
export function matchesScenario(content: FailureSnapshotContent, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  const name = content.scenario.toLowerCase();
  if (name === wanted || (name.startsWith(`${wanted} [`) && name.endsWith(']'))) return true;
  const file = normalize(content.testFile);
  const path = normalize(query.trim());
  return file === path || file.endsWith(`/${path}`) || path.endsWith(`/${file}`);
}

/**
 * The failures of the newest run that has any for the scenario, first failure first: one run writes one
 * snapshot per failed step, all with the run's timestamp.
 */
export function latestFailures(snapshots: readonly StoredSnapshot[], query: string): StoredSnapshot[] {
  const matching = snapshots.filter((snapshot) => matchesScenario(snapshot.content, query));
  const newest = matching.reduce<string | undefined>(
    (latest, { content }) =>
      latest === undefined || content.timestamp > latest ? content.timestamp : latest,
    undefined,
  );
  return matching
    .filter((snapshot) => snapshot.content.timestamp === newest)
    .sort(
      (a, b) =>
        a.content.scenario.localeCompare(b.content.scenario) ||
        a.content.failedStepIndex - b.content.failedStepIndex,
    );
}
