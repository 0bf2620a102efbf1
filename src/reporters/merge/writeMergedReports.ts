import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunResult } from '../../engine/index.js';
import { reportFiles, type ReportFileOptions } from '../reportOutputs.js';

/**
 * Writes the merged run's report files into `outDir` (created when missing): the same files, rendered by
 * the same functions, as a run writes (reportFiles). Each is written under a temporary name and renamed,
 * so a reader never sees half a report. The reports merged were masked when their runs wrote them, so the
 * merged run is used as it is for every format. Returns the names written.
 */
export async function writeMergedReports(
  run: RunResult,
  outDir: string,
  options: Omit<ReportFileOptions, 'raw'>,
): Promise<string[]> {
  const files = reportFiles({ raw: run, masked: run }, { ...options, raw: false });
  if (files.length === 0) return [];
  await mkdir(outDir, { recursive: true });
  for (const file of files) {
    const target = join(outDir, file.name);
    const temporary = join(outDir, `.${file.name}.tmp-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(temporary, typeof file.content === 'string' ? file.content : file.content(outDir));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
  return files.map((file) => file.name);
}
