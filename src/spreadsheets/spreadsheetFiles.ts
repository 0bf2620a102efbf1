/**
 * Where `export` and `import` steps find their files (SPEC, "`export` object", "`import` object"): an absolute
 * path is used as it is; a relative export path resolves against config `export.path`; a relative import path
 * against the project root first, then `export.path`, so a scenario can import what an earlier one exported.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { ColumnAlias } from './headerKeys.js';
import type { ReadLimits } from './limits.js';
import { SpreadsheetError } from './spreadsheetError.js';

export interface SpreadsheetWrite {
  file: string;
  sheet: string;
  headers: readonly string[];
  rows: readonly (readonly unknown[])[];
}

export interface SpreadsheetRead {
  file: string;
  sheet?: string;
  headerRow: number;
  dataStartRow: number;
  columns?: readonly ColumnAlias[];
}

export interface SpreadsheetRows {
  /** The file as shown to the user (relative to the project when inside it). */
  file: string;
  sheet: string;
  rows: Record<string, unknown>[];
  warnings: string[];
}

export interface SpreadsheetFilesOptions {
  projectRoot: string;
  /** config `export.path`, absolute. */
  exportDir: string;
  /** How a path is shown in messages and results. */
  display: (absolute: string) => string;
  limits?: ReadLimits;
}

export interface SpreadsheetFiles {
  /** Writes the workbook; returns the file as shown to the user. */
  write(request: SpreadsheetWrite): Promise<{ file: string }>;
  read(request: SpreadsheetRead): Promise<SpreadsheetRows>;
}

export function createSpreadsheetFiles(options: SpreadsheetFilesOptions): SpreadsheetFiles {
  const { projectRoot, exportDir, display } = options;
  return {
    async write(request: SpreadsheetWrite): Promise<{ file: string }> {
      const path = resolve(exportDir, nonEmpty(request.file));
      if (!/\.xlsx$/i.test(path)) {
        throw new SpreadsheetError(
          'spreadsheet.file',
          `export file \`${request.file}\` must end with \`.xlsx\``,
        );
      }
      // Loaded on first use, like the library behind them: most runs touch no spreadsheet.
      const { writeWorkbook } = await import('./writeWorkbook.js');
      await writeWorkbook(path, request.sheet, request.headers, request.rows, display(path));
      return { file: display(path) };
    },

    async read(request: SpreadsheetRead): Promise<SpreadsheetRows> {
      const path = await findImport(nonEmpty(request.file), projectRoot, exportDir, display);
      const { readWorkbook } = await import('./readWorkbook.js');
      const result = await readWorkbook(path, {
        display: display(path),
        headerRow: request.headerRow,
        dataStartRow: request.dataStartRow,
        ...(request.sheet !== undefined ? { sheet: request.sheet } : {}),
        ...(request.columns ? { columns: request.columns } : {}),
        ...(options.limits ? { limits: options.limits } : {}),
      });
      return { file: display(path), ...result };
    },
  };
}

function nonEmpty(file: string): string {
  if (file.trim() === '') throw new SpreadsheetError('spreadsheet.file', '`file` is empty');
  return file;
}

async function findImport(
  file: string,
  projectRoot: string,
  exportDir: string,
  display: (absolute: string) => string,
): Promise<string> {
  if (isAbsolute(file)) return file;
  const candidates = [...new Set([resolve(projectRoot, file), resolve(exportDir, file)])];
  for (const candidate of candidates) {
    if (await exists(candidate)) return candidate;
  }
  const looked = candidates.map((candidate) => `\`${display(candidate)}\``).join(' or ');
  throw new SpreadsheetError(
    'spreadsheet.not-found',
    `\`${file}\` does not exist (looked for ${looked}: relative paths resolve against the project root, then export.path)`,
  );
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
