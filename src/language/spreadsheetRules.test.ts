import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/errors.js';
import { parseScenario } from './parseScenario.js';
import { sheetNameProblem } from './spreadsheetRules.js';

/** Problems of a scenario whose step 1 defines `$rows` and whose step 2 is the given line. */
function problems(step: string): string[] {
  const text = ['scenario: t', 'steps:', '  - set: { rows: "[]" }', step, ''].join('\n');
  return parseScenario(text, 's.yaml').diagnostics.map((d) => `${d.code} ${formatDiagnostic(d)}`);
}

const column = '[{ header: Id, value: $item.id }]';

describe('export and import checks, at file:line:col', () => {
  it('accepts well-formed steps', () => {
    expect(
      problems(`  - export: { file: out/u.xlsx, from: $rows, sheet: Users, columns: ${column} }`),
    ).toEqual([]);
    expect(
      problems('  - import: { file: "data/$rows.xlsx", as: users, header_row: 3, data_start_row: 5 }'),
    ).toEqual([]);
  });

  it('export.from must start with `$`', () => {
    expect(problems(`  - export: { file: a.xlsx, from: rows, columns: ${column} }`)).toEqual([
      'variable.sigil s.yaml:4:35: `from` must name a variable starting with `$`, got "rows" (write `$rows`)',
    ]);
  });

  it('export needs at least one column, each with header and value, headers unique', () => {
    expect(problems('  - export: { file: a.xlsx, from: $rows, columns: [] }')).toEqual([
      'spreadsheet.no-columns s.yaml:4:51: `export.columns` needs at least one column',
    ]);
    expect(problems('  - export: { file: a.xlsx, from: $rows, columns: [{ header: Id }] }')).toEqual([
      'shape.required s.yaml:4:52: missing required key `value` in `columns[0]`',
    ]);
    expect(
      problems(
        '  - export: { file: a.xlsx, from: $rows, columns: [{ header: Id, value: a }, { header: id, value: b }] }',
      ),
    ).toEqual(['spreadsheet.duplicate-column s.yaml:4:88: `export.columns` has `header: id` twice']);
  });

  it('file must be an .xlsx path (unless variables decide it) and not empty', () => {
    expect(problems(`  - export: { file: out.csv, from: $rows, columns: ${column} }`)).toEqual([
      'spreadsheet.file s.yaml:4:21: `export.file` must name an .xlsx file, got "out.csv" (only the .xlsx format is read and written)',
    ]);
    expect(problems('  - import: { file: "", as: users }')).toEqual([
      'spreadsheet.file s.yaml:4:21: `import.file` is empty',
    ]);
    expect(problems('  - import: { file: "in/{{name}}", as: users }')).toEqual([
      'variable.undefined s.yaml:4:25: variable `$name` is used before it is defined',
    ]);
  });

  it('sheet names follow Excel rules', () => {
    expect(problems(`  - export: { file: a.xlsx, from: $rows, sheet: "Q1/Q2", columns: ${column} }`)).toEqual(
      ['spreadsheet.sheet-name s.yaml:4:49: a sheet name cannot contain `/` (nor any of : \\ / ? * [ ])'],
    );
    expect(problems('  - import: { file: a.xlsx, as: users, sheet: "" }')).toEqual([
      'spreadsheet.sheet-name s.yaml:4:47: a sheet name cannot be empty',
    ]);
  });

  it('import: data_start_row after header_row; columns unique and not empty', () => {
    expect(problems('  - import: { file: a.xlsx, as: users, header_row: 3, data_start_row: 3 }')).toEqual([
      'spreadsheet.rows s.yaml:4:71: `data_start_row` (3) must come after `header_row` (3) (set `data_start_row: 4`)',
    ]);
    expect(problems('  - import: { file: a.xlsx, as: users, header_row: 2 }')).toEqual([
      'spreadsheet.rows s.yaml:4:52: `data_start_row` (2) must come after `header_row` (2) (set `data_start_row: 3`)',
    ]);
    expect(problems('  - import: { file: a.xlsx, as: users, columns: [] }')).toEqual([
      'spreadsheet.no-columns s.yaml:4:49: `import.columns` needs at least one column',
    ]);
    expect(
      problems(
        '  - import: { file: a.xlsx, as: users, columns: [{ header: A, as: x }, { header: B, as: x }] }',
      ),
    ).toEqual(['spreadsheet.duplicate-column s.yaml:4:89: `import.columns` has `as: x` twice']);
  });

  it('export and import take no response keys and no second operation', () => {
    expect(problems('  - import: { file: a.xlsx, as: users }\n    save: { x: body.id }')).toEqual([
      'step.not-allowed s.yaml:5:5: `save` cannot be combined with `import`',
    ]);
    expect(
      problems(
        `  - export: { file: a.xlsx, from: $rows, columns: ${column} }\n    import: { file: a.xlsx, as: b }`,
      ),
    ).toEqual([
      'step.multiple-operations s.yaml:5:5: a step has one operation, but this one has both `export` and `import` (split it into two steps)',
    ]);
  });
});

describe('sheetNameProblem', () => {
  it('follows Excel', () => {
    expect(sheetNameProblem('Sheet1')).toBeUndefined();
    expect(sheetNameProblem('x'.repeat(32))).toBe('a sheet name has at most 31 characters, this one has 32');
    expect(sheetNameProblem("'quoted'")).toBe("a sheet name cannot start or end with `'`");
    expect(sheetNameProblem('a[1]')).toMatch(/cannot contain `\[`/);
  });
});
