/**
 * Which key each column gets in an imported row map (SPEC, "`import` object"): snake_case of the header, or
 * the `as` of an explicit `columns` entry. The exact rule is documented in docs/language.md, "Spreadsheets".
 */
import { SpreadsheetError } from './spreadsheetError.js';

export interface ColumnKey {
  /** 1-based column number. */
  column: number;
  key: string;
}

export interface ColumnAlias {
  header: string;
  as: string;
}

/**
 * `Customer Name ($)` -> `customer_name`, `orderID` -> `order_id`, `Café` -> `cafe`: camelCase words are
 * split, accents dropped, letters lower-cased, and every run of other characters becomes one `_`, trimmed
 * at both ends. Keys stay within `a-z`, `0-9` and `_`, so `$row.key` works in every template. A header with
 * nothing left (`($)`, `名前`) gets `column_<n>`.
 */
export function snakeCaseKey(header: string, column: number): string {
  const key = header
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1_$2')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return key === '' ? `column_${column}` : key;
}

/** Excel's column letters: 1 -> A, 27 -> AA. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Keys for the header row (`headers[0]` is column A). Columns with an empty header are left out. When two
 * headers give the same key, the later ones get `_2`, `_3`... and a warning says so.
 */
export function keysFromHeaders(headers: readonly string[]): { columns: ColumnKey[]; warnings: string[] } {
  const columns: ColumnKey[] = [];
  const warnings: string[] = [];
  const firstHeader = new Map<string, string>();
  const used = new Set<string>();
  headers.forEach((header, index) => {
    if (header === '') return;
    const column = index + 1;
    const base = snakeCaseKey(header, column);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
    if (key !== base) {
      warnings.push(
        `headers ${quote(firstHeader.get(base) ?? base)} and ${quote(header)} (column ${columnLetter(column)}) ` +
          `both become \`${base}\`; the later one is imported as \`${key}\` (map it with \`columns\` to choose)`,
      );
    } else {
      firstHeader.set(base, header);
    }
    used.add(key);
    columns.push({ column, key });
  });
  return { columns, warnings };
}

/**
 * Keys from explicit `columns` entries: only the listed columns are imported. A header matches when it is
 * equal ignoring case and surrounding spaces; a listed header the sheet does not have fails the step.
 */
export function keysFromAliases(
  headers: readonly string[],
  aliases: readonly ColumnAlias[],
  where: string,
): ColumnKey[] {
  const normal = (text: string) => text.trim().toLowerCase();
  return aliases.map((alias) => {
    const index = headers.findIndex((header) => header !== '' && normal(header) === normal(alias.header));
    if (index < 0) {
      const present = headers.filter((header) => header !== '').map(quote);
      throw new SpreadsheetError(
        'spreadsheet.missing-column',
        `${where} has no column ${quote(alias.header)}` +
          (present.length > 0 ? ` (headers: ${present.join(', ')})` : ''),
      );
    }
    return { column: index + 1, key: alias.as };
  });
}

function quote(text: string): string {
  return `\`${text}\``;
}
