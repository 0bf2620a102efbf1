/**
 * Windows `cmd` command lines, as Chromium's "Copy as cURL (cmd)" writes them: `^` escapes the next
 * character and `^` + newline continues the line; then curl.exe splits its command line by the Microsoft C
 * runtime's rules (double quotes group, `\"` is a quote). A bonus beside the bash form (shellWords.ts).
 */
import { conversionError, locationAt, type TextSource } from './conversionError.js';

/**
 * Told from the whole command's shape, not one character: `^` at a line end or an escaped quote `^"` only
 * appear in the cmd form; so does a doubled quote `""` inside a double-quoted word (`"{""a"":1}"`, as some
 * browsers write quotes for cmd) in a command without bash's single quotes or `\` line continuations.
 */
export function looksLikeCmd(text: string): boolean {
  if (/\^\r?\n/.test(text) || text.includes('^"')) return true;
  if (text.includes("'") || /\\\r?\n/.test(text)) return false;
  return /"[^"\s]+""[^"\s]/.test(text);
}

export function splitCmdWords(source: TextSource): string[] {
  return splitRuntimeArguments(source, removeCaretEscapes(source.text));
}

/** cmd's own layer: outside its quotes, `^x` is `x` and `^` + newline joins lines. */
function removeCaretEscapes(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '^' && !quoted) {
      const next = text[i + 1];
      if (next === '\r' && text[i + 2] === '\n') i += 2;
      else if (next === '\n') i += 1;
      else if (next !== undefined) {
        out += next;
        i += 1;
      }
      continue;
    }
    if (ch === '"') quoted = !quoted;
    out += ch;
  }
  return out;
}

/** The C runtime's rules: 2n backslashes + `"` are n backslashes and a quote toggle; 2n+1, a literal `"`. */
function splitRuntimeArguments(source: TextSource, text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quoted = false;
  let quoteStart = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '\\') {
      let end = i;
      while (text[end] === '\\') end++;
      const count = end - i;
      if (text[end] === '"') {
        word = (word ?? '') + '\\'.repeat(Math.floor(count / 2)) + (count % 2 === 1 ? '"' : '');
        if (count % 2 === 0) {
          quoted = !quoted;
          quoteStart = end;
        }
        i = end + 1;
      } else {
        word = (word ?? '') + '\\'.repeat(count);
        i = end;
      }
    } else if (ch === '"' && quoted && text[i + 1] === '"') {
      // Inside quotes, `""` is a literal quote (the C runtime's rule since 2008), and the quote goes on.
      word = (word ?? '') + '"';
      i += 2;
    } else if (ch === '"') {
      quoted = !quoted;
      quoteStart = i;
      word ??= '';
      i += 1;
    } else if (/\s/.test(ch) && !quoted) {
      if (word !== undefined) words.push(word);
      word = undefined;
      i += 1;
    } else {
      word = (word ?? '') + ch;
      i += 1;
    }
  }
  if (quoted) {
    // Offsets here are after caret removal; close enough to point at the right line.
    throw conversionError('unbalanced-quote', 'unbalanced quotes: a double quote is never closed', {
      location: locationAt(source, Math.min(quoteStart, source.text.length)),
    });
  }
  if (word !== undefined) words.push(word);
  return words;
}
