import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RunnerError } from '../../diagnostics/errors.js';
import type { JsonReport } from '../json/reportTypes.js';
import { reportShapeProblem } from './checkReportShape.js';
import { keepDeepValuesAsText } from './deepValues.js';
import { jsonErrorPlace } from './jsonErrorPlace.js';

/** A run directory (or `latest/`) holds its JSON report under this name. */
const REPORT_FILE = 'report.json';

function unreadable(shown: string, message: string, hint?: string): RunnerError {
  return new RunnerError('report.merge-input', `${shown}: ${message}`, { hint });
}

/**
 * One input of `runner report merge`: a `report.json`, or a run directory holding one. Anything that cannot
 * be read, is not JSON, or is not a runner report is an error naming the file (exit 2, DECISIONS.md).
 * `display` turns the path into what the user wrote (relative to the current directory).
 */
export async function readReportInput(path: string, display: (path: string) => string): Promise<JsonReport> {
  let file = path;
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw unreadable(display(path), `cannot read it (${error.code ?? error.message})`);
  });
  if (info.isDirectory()) {
    file = join(path, REPORT_FILE);
    const inside = await stat(file).catch(() => undefined);
    if (!inside?.isFile()) {
      throw unreadable(
        display(path),
        `no ${REPORT_FILE} in this directory`,
        'give a run directory written with --report json, or the report.json itself',
      );
    }
  }
  const shown = display(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw unreadable(shown, `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const { line, col, reason } = jsonErrorPlace(text, error);
    throw new RunnerError('report.merge-input', `not valid JSON: ${reason}`, {
      location: { file: shown, line, col },
    });
  }
  // Before anything walks it: a value too deep to walk becomes text, as a run keeps such a body.
  const problem = keepDeepValuesAsText(parsed) ?? reportShapeProblem(parsed);
  if (problem !== undefined) {
    throw unreadable(
      shown,
      `not a runner report.json (${problem})`,
      'report merge reads the report.json that `runner run --report json` writes',
    );
  }
  return parsed as JsonReport;
}
