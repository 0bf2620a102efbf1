/**
 * Checks on `export` and `import` steps beyond their shape (SPEC, "`export` object", "`import` object"):
 * things that would otherwise only fail at run time, or write a file Excel refuses to open.
 */
import type { Diagnostic } from '../diagnostics/errors.js';
import { describeNode, stringOf, valueOf, type YamlMap, type YamlNode } from './yamlTree.js';

/** Excel's rules for a sheet name: 1 to 31 characters, none of `: \ / ? * [ ]`, no `'` at either end. */
export function sheetNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'a sheet name cannot be empty';
  if (name.length > 31) return `a sheet name has at most 31 characters, this one has ${name.length}`;
  const bad = /[:\\/?*[\]]/.exec(name)?.[0];
  if (bad !== undefined) return `a sheet name cannot contain \`${bad}\` (nor any of : \\ / ? * [ ])`;
  if (name.startsWith("'") || name.endsWith("'")) return "a sheet name cannot start or end with `'`";
  return undefined;
}

function error(code: string, message: string, node: YamlNode, hint?: string): Diagnostic {
  return { code, severity: 'error', message, location: node.loc, ...(hint ? { hint } : {}) };
}

export function checkSpreadsheetStep(step: YamlMap, kind: 'export' | 'import'): Diagnostic[] {
  const spec = valueOf(step, kind);
  if (spec?.kind !== 'map') return [];
  const out: Diagnostic[] = [];
  out.push(...fileProblems(valueOf(spec, 'file'), kind));
  const sheet = valueOf(spec, 'sheet');
  const sheetName = stringOf(sheet);
  const sheetProblem = sheetName === undefined ? undefined : sheetNameProblem(sheetName);
  if (sheet && sheetProblem) out.push(error('spreadsheet.sheet-name', sheetProblem, sheet));
  const columns = valueOf(spec, 'columns');
  if (columns?.kind === 'seq') {
    if (columns.items.length === 0) {
      out.push(error('spreadsheet.no-columns', `\`${kind}.columns\` needs at least one column`, columns));
    }
    out.push(...duplicates(columns.items, 'header', `\`${kind}.columns\``));
    if (kind === 'import') out.push(...duplicates(columns.items, 'as', '`import.columns`'));
  }
  if (kind === 'import') out.push(...rowProblems(spec));
  return out;
}

/** An empty path, or a plain path (no variables) that does not end in `.xlsx`. */
function fileProblems(file: YamlNode | undefined, kind: 'export' | 'import'): Diagnostic[] {
  const text = stringOf(file);
  if (!file || text === undefined) return [];
  if (text.trim() === '') return [error('spreadsheet.file', `\`${kind}.file\` is empty`, file)];
  const templated = text.includes('$') || text.includes('{{');
  if (!templated && !/\.xlsx$/i.test(text)) {
    return [
      error(
        'spreadsheet.file',
        `\`${kind}.file\` must name an .xlsx file, got ${describeNode(file)}`,
        file,
        'only the .xlsx format is read and written',
      ),
    ];
  }
  return [];
}

function duplicates(items: readonly YamlNode[], key: string, where: string): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const item of items) {
    const node = valueOf(item, key);
    const text = node?.kind === 'scalar' && node.value !== null ? String(node.value) : undefined;
    if (!node || text === undefined) continue;
    // Headers match ignoring case (as `import` matches them); `as` keys are case-sensitive names.
    const normal = key === 'as' ? text : text.trim().toLowerCase();
    if (seen.has(normal)) {
      out.push(error('spreadsheet.duplicate-column', `${where} has \`${key}: ${text}\` twice`, node));
    }
    seen.add(normal);
  }
  return out;
}

/** `data_start_row` must come after `header_row` (defaults 1 and 2). */
function rowProblems(spec: YamlMap): Diagnostic[] {
  const headerNode = valueOf(spec, 'header_row');
  const dataNode = valueOf(spec, 'data_start_row');
  const header = headerNode?.kind === 'scalar' && typeof headerNode.value === 'number' ? headerNode.value : 1;
  const data = dataNode?.kind === 'scalar' && typeof dataNode.value === 'number' ? dataNode.value : 2;
  if (data > header) return [];
  return [
    error(
      'spreadsheet.rows',
      `\`data_start_row\` (${data}) must come after \`header_row\` (${header})`,
      dataNode ?? headerNode ?? spec,
      `set \`data_start_row: ${header + 1}\``,
    ),
  ];
}
