import { describeType, interpolate, valueAsText } from '../../expressions/index.js';
import type { Step } from '../../language/model.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';

/**
 * SPEC, "`export` object": one row per item of `from`, each column's `value` evaluated with the item bound
 * as `item` plus every saved variable; a value that is exactly one expression keeps its type, so `$int(...)`
 * writes a number cell. The step passes once the file is written; nothing is sent.
 */
export async function executeExportStep(
  step: Step & { kind: 'export' },
  context: StepContext,
): Promise<StepOutcome> {
  const { store, services } = context;
  const { file, from, sheet, columns } = step.export;
  const spreadsheets = services.spreadsheets;
  if (!spreadsheets)
    return { status: 'failed', error: 'export: spreadsheet files are not available in this run' };

  let path: string;
  let items: unknown;
  try {
    path = valueAsText(interpolate(file, store, services.runtime));
    items = interpolate(from, store, services.runtime);
  } catch (error) {
    return { status: 'failed', error: `export: ${describeError(error)}` };
  }
  if (!Array.isArray(items)) {
    return { status: 'failed', error: `export: \`${from}\` is ${describeType(items)}, not an array` };
  }

  const rows: unknown[][] = [];
  for (const [i, item] of items.entries()) {
    const restore = store.bind('item', item);
    const row: unknown[] = [];
    try {
      for (const column of columns) {
        try {
          row.push(interpolate(column.value, store, services.runtime));
        } catch (error) {
          const where = `item ${i + 1} of ${items.length}, column \`${column.header}\``;
          return { status: 'failed', error: `export: ${where}: ${describeError(error)}` };
        }
      }
    } finally {
      restore();
    }
    rows.push(row);
  }

  try {
    const written = await spreadsheets.write({
      file: path,
      sheet,
      headers: columns.map((column) => column.header),
      rows,
    });
    return { status: 'passed', spreadsheet: { file: written.file, sheet, rows: rows.length } };
  } catch (error) {
    return { status: 'failed', error: `export: ${describeError(error)}` };
  }
}
