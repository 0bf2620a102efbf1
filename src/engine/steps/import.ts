import { interpolate, valueAsText } from '../../expressions/index.js';
import type { Step } from '../../language/model.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';
import { recordedRows } from '../recordCaps.js';

/**
 * SPEC, "`import` object": reads a sheet into an array of row maps and stores it under `as`, as `save` stores
 * a value (later steps see it at once; a masked name makes every value in it a secret).
 */
export async function executeImportStep(
  step: Step & { kind: 'import' },
  context: StepContext,
): Promise<StepOutcome> {
  const { store, services } = context;
  const spec = step.import;
  const spreadsheets = services.spreadsheets;
  if (!spreadsheets)
    return { status: 'failed', error: 'import: spreadsheet files are not available in this run' };

  let read;
  try {
    read = await spreadsheets.read({
      file: valueAsText(interpolate(spec.file, store, services.runtime)),
      headerRow: spec.headerRow,
      dataStartRow: spec.dataStartRow,
      ...(spec.sheet !== undefined ? { sheet: spec.sheet } : {}),
      ...(spec.columns ? { columns: spec.columns } : {}),
    });
  } catch (error) {
    return { status: 'failed', error: `import: ${describeError(error)}` };
  }
  store.set(spec.as, read.rows);
  if (services.masker.isSensitive([spec.as])) services.secrets.add(read.rows);
  const kept = recordedRows(spec.as, read.rows);
  return {
    status: 'passed',
    saved: { [spec.as]: kept.rows },
    warnings: kept.warning === undefined ? read.warnings : [...read.warnings, kept.warning],
    spreadsheet: { file: read.file, sheet: read.sheet, rows: read.rows.length },
  };
}
