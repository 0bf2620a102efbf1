/**
 * Where the cursor is in a scenario, read from the text's indentation rather than a parsed tree: while a
 * key is half typed the file is often not valid YAML, yet the keys above the cursor still say where it is.
 * Block style only (what scenarios are written in); inside a flow map `{...}` nothing is claimed.
 */

/** A list item in a path; strings are map keys. */
export const ITEM = 0;
export type PathSegment = string | typeof ITEM;

export type CursorContext =
  | { kind: 'key'; path: PathSegment[]; prefix: string; siblings: string[] }
  | { kind: 'value'; path: PathSegment[]; key: string; text: string }
  | { kind: 'item'; path: PathSegment[]; text: string };

interface LineShape {
  indent: number;
  /** Column of a leading `- `, when the line starts a list item. */
  dash?: number;
  /** Column where the key or value after the dash begins. */
  content: number;
  key?: string;
  /** What follows `key:` on the line, trimmed; '' for a key that opens a block. */
  rest?: string;
}

const KEY_LINE = /^([^\s#'"{[][^#]*?|"[^"]*"|'[^']*')\s*:(?:\s+(.*))?$/;

function shapeOf(line: string): LineShape | undefined {
  const trimmed = line.trimStart();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const indent = line.length - trimmed.length;
  const dashed = /^-(?:\s+|$)/.exec(trimmed);
  const content = indent + (dashed ? dashed[0].length : 0);
  const after = line.slice(content);
  const key = KEY_LINE.exec(after.trimEnd());
  return {
    indent,
    ...(dashed ? { dash: indent } : {}),
    content,
    ...(key ? { key: unquoteKey(key[1] ?? ''), rest: (key[2] ?? '').trim() } : {}),
  };
}

function unquoteKey(key: string): string {
  return /^(["']).*\1$/.test(key) ? key.slice(1, -1) : key;
}

/** The context at `character` of line `line` (0-based) in `lines`. */
export function cursorContext(lines: readonly string[], line: number, character: number): CursorContext {
  const before = (lines[line] ?? '').slice(0, character);
  const trimmed = before.trimStart();
  const indent = before.length - trimmed.length;
  const dashed = /^-\s+/.exec(trimmed);
  const content = indent + (dashed ? dashed[0].length : 0);
  const written = before.slice(content);
  const keyValue = /^([^\s#'"{[][^:#]*?|"[^"]*"|'[^']*')\s*:\s+(.*)$/.exec(written);
  const parents = parentPath(lines, line, content, dashed ? indent : undefined);
  if (keyValue) {
    return { kind: 'value', path: parents, key: unquoteKey(keyValue[1] ?? ''), text: keyValue[2] ?? '' };
  }
  const prefix = /^[^\s:#]*$/.exec(written)?.[0];
  if (prefix === undefined) return { kind: 'item', path: parents, text: written };
  return { kind: 'key', path: parents, prefix, siblings: siblingKeys(lines, line, content) };
}

/**
 * The keys (and list items) that lead to the map whose keys sit at column `column` on line `line`. `dash`:
 * the line itself starts a list item at that column.
 */
function parentPath(
  lines: readonly string[],
  line: number,
  column: number,
  dash: number | undefined,
): PathSegment[] {
  const path: PathSegment[] = [];
  let col = column;
  // While set, the map at `col` is an item of a list whose dashes sit at this column.
  let listAt = dash;
  if (listAt !== undefined) path.unshift(ITEM);
  for (let index = line - 1; index >= 0; index -= 1) {
    const shape = shapeOf(lines[index] ?? '');
    if (!shape) continue;
    if (listAt !== undefined) {
      // A block list may sit at its key's own column (`steps:` then `- name:` below it).
      if (shape.key !== undefined && shape.rest === '' && shape.content <= listAt && shape.dash !== listAt) {
        path.unshift(shape.key);
        col = shape.content;
        listAt = shape.dash;
        if (listAt !== undefined) path.unshift(ITEM);
      } else if (shape.indent < listAt) {
        break;
      }
      continue;
    }
    if (shape.content < col && shape.key !== undefined) {
      path.unshift(shape.key);
      col = shape.content;
      listAt = shape.dash;
      if (listAt !== undefined) path.unshift(ITEM);
    } else if (shape.dash !== undefined && shape.dash < col && shape.content === col) {
      // The first key of the item this map is.
      path.unshift(ITEM);
      listAt = shape.dash;
    } else if (shape.content < col) {
      break;
    }
  }
  return path;
}

/** Keys already written in the map being edited, above and below the cursor's line. */
function siblingKeys(lines: readonly string[], line: number, column: number): string[] {
  const keys: string[] = [];
  const scan = (step: 1 | -1) => {
    for (let index = line + step; index >= 0 && index < lines.length; index += step) {
      const shape = shapeOf(lines[index] ?? '');
      if (!shape) continue;
      if (shape.content === column && shape.key !== undefined) keys.push(shape.key);
      // The item's first line (`- name:`) belongs to this map; anything shallower ends it.
      if (shape.dash !== undefined && shape.content <= column) return;
      if (shape.content < column) return;
    }
  };
  scan(-1);
  scan(1);
  return keys;
}
