/**
 * `$name`, `${name}`, `$accounts.api.key` and `{{name}}` in a line of text, found around the cursor (the
 * template language's own reader wants a whole, valid value; a line being typed is neither). `$$` is a
 * literal dollar sign and names nothing.
 */

export interface ReferenceAtCursor {
  /** `accounts.api.key` gives `['accounts', 'api', 'key']`. */
  segments: string[];
  /** 0-based characters on the line, end exclusive. */
  start: number;
  end: number;
}

const REFERENCE =
  /(?<!\$)\$\{?([A-Za-z0-9_][\w-]*(?:\.[\w-]+)*)\}?|\{\{\s*([A-Za-z0-9_][\w-]*(?:\.[\w-]+)*)\s*\}\}/g;

/** The whole reference the cursor stands in (or just after). */
export function referenceAt(line: string, character: number): ReferenceAtCursor | undefined {
  for (const match of line.matchAll(REFERENCE)) {
    const start = match.index;
    const end = start + match[0].length;
    if (character >= start && character <= end) {
      const written = match[1] ?? match[2] ?? '';
      return { segments: written.split('.'), start, end };
    }
  }
  return undefined;
}

/** A reference being typed just before the cursor: `$`, `$us`, `$accounts.`, `$accounts.api.k`. */
export function referenceBefore(before: string): { segments: string[]; partialStart: number } | undefined {
  const match = /(?<!\$)\$\{?((?:[A-Za-z0-9_][\w-]*\.)*)([\w-]*)$/.exec(before);
  if (!match) return undefined;
  const complete = match[1] ?? '';
  const partial = match[2] ?? '';
  const segments = [...(complete === '' ? [] : complete.slice(0, -1).split('.')), partial];
  return { segments, partialStart: before.length - partial.length };
}
