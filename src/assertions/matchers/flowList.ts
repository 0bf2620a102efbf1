import { parseNumberText } from './definition.js';

export type FlowListParse = { ok: true; items: unknown[] } | { ok: false; message: string };

/** A bare item's value, read as YAML would read a plain scalar in a flow list: numbers, booleans, null, text. */
function plainScalar(text: string): unknown {
  const number = parseNumberText(text);
  if (number !== undefined) return number;
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null' || text === '~') return null;
  return text;
}

/**
 * Parses the list of `in [1, 2, "three", four]`: a YAML/JSON flow list of scalars. Double-quoted items follow
 * JSON escapes, single-quoted items YAML's (`''` is a quote), bare items are trimmed and typed like YAML plain
 * scalars. Nested lists and maps are not supported: no use case needs them and they would need a real parser.
 */
export function parseFlowList(text: string): FlowListParse {
  const source = text.trim();
  if (!source.startsWith('[')) return { ok: false, message: 'expected a list such as `[1, 2, "three"]`' };
  const items: unknown[] = [];
  let i = 1;
  const skipSpaces = (): void => {
    while (i < source.length && /\s/.test(source[i] ?? '')) i++;
  };
  skipSpaces();
  if (source[i] === ']') return trailing(source, i + 1, items);
  while (i < source.length) {
    skipSpaces();
    const ch = source[i];
    if (ch === '"') {
      const end = findClosingDoubleQuote(source, i);
      if (end < 0) return { ok: false, message: 'unterminated "..." item' };
      try {
        items.push(JSON.parse(source.slice(i, end + 1)));
      } catch {
        return { ok: false, message: `invalid quoted item ${source.slice(i, end + 1)}` };
      }
      i = end + 1;
    } else if (ch === "'") {
      let value = '';
      let j = i + 1;
      for (; j < source.length; j++) {
        if (source[j] === "'" && source[j + 1] === "'") {
          value += "'";
          j++;
        } else if (source[j] === "'") break;
        else value += source[j];
      }
      if (j >= source.length) return { ok: false, message: "unterminated '...' item" };
      items.push(value);
      i = j + 1;
    } else if (ch === '[' || ch === '{') {
      return { ok: false, message: 'nested lists and maps are not supported inside `in [...]`' };
    } else {
      let j = i;
      while (j < source.length && source[j] !== ',' && source[j] !== ']') j++;
      const bare = source.slice(i, j).trim();
      if (bare === '') return { ok: false, message: 'empty item in the list' };
      items.push(plainScalar(bare));
      i = j;
    }
    skipSpaces();
    if (source[i] === ',') {
      i++;
      continue;
    }
    if (source[i] === ']') return trailing(source, i + 1, items);
    return {
      ok: false,
      message: i >= source.length ? 'missing `]`' : `unexpected \`${source[i]}\` in the list`,
    };
  }
  return { ok: false, message: 'missing `]`' };
}

function findClosingDoubleQuote(source: string, start: number): number {
  for (let j = start + 1; j < source.length; j++) {
    if (source[j] === '\\') j++;
    else if (source[j] === '"') return j;
  }
  return -1;
}

function trailing(source: string, end: number, items: unknown[]): FlowListParse {
  const rest = source.slice(end).trim();
  return rest === ''
    ? { ok: true, items }
    : { ok: false, message: `unexpected text after the list: \`${rest}\`` };
}
