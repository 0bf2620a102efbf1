import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RunnerError } from '../../diagnostics/errors.js';
import type { RunResult } from '../../engine/index.js';
import { reportFiles, type ReportFileOptions } from '../reportOutputs.js';

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined) return code;
  return error instanceof Error ? error.message : String(error);
}

/** A report that cannot be written stops the merge (exit 2), naming the file (issue 28). */
function cannotWrite(shown: string, reason: string): RunnerError {
  return new RunnerError('report.merge-output', `${shown}: cannot write it (${reason})`, {
    hint: 'choose another --out directory, or free the file',
  });
}

/**
 * Writes the merged run's report files into `outDir` (created when missing): the same files, rendered by
 * the same functions, as a run writes (reportFiles), from a run that has passed the masking boundary
 * (session/mergeMasker.ts). All or nothing: every file is rendered under a temporary name first, and only
 * when all are written are they renamed into place, so a failure leaves no part of the output and no earlier
 * report half replaced. A file that cannot be written is a RunnerError naming it (`display` shows a path as
 * the user wrote it). Returns the names written.
 */
export async function writeMergedReports(
  run: RunResult,
  outDir: string,
  options: Omit<ReportFileOptions, 'raw'>,
  display: (path: string) => string,
): Promise<string[]> {
  const files = reportFiles({ raw: run, masked: run }, { ...options, raw: false });
  if (files.length === 0) return [];
  await mkdir(outDir, { recursive: true }).catch((error: unknown) => {
    throw cannotWrite(display(outDir), reasonOf(error));
  });
  const written: { temporary: string; target: string }[] = [];
  try {
    for (const file of files) {
      const target = join(outDir, file.name);
      // A folder (or anything but a file) in the way would fail the rename after others had moved in.
      const existing = await lstat(target).catch(() => undefined);
      if (existing && !existing.isFile()) throw cannotWrite(display(target), 'it is not a file');
      const temporary = join(outDir, `.${file.name}.tmp-${randomBytes(6).toString('hex')}`);
      written.push({ temporary, target });
      try {
        await writeFile(temporary, typeof file.content === 'string' ? file.content : file.content(outDir));
      } catch (error) {
        throw cannotWrite(display(target), reasonOf(error));
      }
    }
    for (const { temporary, target } of written) {
      await rename(temporary, target).catch((error: unknown) => {
        throw cannotWrite(display(target), reasonOf(error));
      });
    }
  } catch (error) {
    await Promise.all(written.map(({ temporary }) => rm(temporary, { force: true })));
    throw error;
  }
  return files.map((file) => file.name);
}
