/**
 * Splits a command line into words the way a POSIX shell (bash) does for a "Copy as cURL" command:
 * single quotes, double quotes, backslash escapes, `$'...'` ANSI-C quoting and `\` + newline line
 * continuations. Nothing is expanded: `$HOME` stays as it is written. An unquoted `|`, `;`, `&`, `<` or
 * `>`, or a line break without `\`, ends the command (`curl ... | jq .`); what follows is reported, not
 * converted.
 */
import { readAnsiCQuoted } from './ansiCQuote.js';
import { conversionError, locationAt, type TextSource } from './conversionError.js';

export interface ShellWords {
  words: string[];
  /** What ended the command before the end of the text (`the shell operator \`|\``, `a line break`). */
  stoppedAt?: string;
}

const OPERATORS = new Set(['|', ';', '&', '<', '>']);
/** Inside double quotes a backslash escapes only these; before anything else it stays a backslash. */
const DOUBLE_QUOTE_ESCAPES = new Set(['$', '`', '"', '\\']);

export function splitShellWords(source: TextSource): ShellWords {
  const text = source.text;
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  const append = (chunk: string) => (word = (word ?? '') + chunk);
  const finish = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };

  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === undefined) i += 1;
      else if (next === '\n') i += 2;
      else if (next === '\r' && text[i + 2] === '\n') i += 3;
      else {
        append(next);
        i += 2;
      }
    } else if (ch === '\n' && (word !== undefined || words.length > 0)) {
      // A line break ends a command, as in a shell; blank lines and comments before it do not.
      finish();
      if (text.slice(i).trim() !== '') return { words, stoppedAt: 'a line break' };
      i += 1;
    } else if (/\s/.test(ch)) {
      finish();
      i += 1;
    } else if (ch === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) throw unclosed(source, i, 'single quote');
      append(text.slice(i + 1, close));
      i = close + 1;
    } else if (ch === '"') {
      i = readDoubleQuoted(source, i, append);
    } else if (ch === '$' && text[i + 1] === "'") {
      const quoted = readAnsiCQuoted(text, i + 2);
      if (!quoted) throw unclosed(source, i, "`$'` quote");
      append(quoted.value);
      i = quoted.end;
    } else if (ch === '$' && text[i + 1] === '"') {
      // `$"..."` is bash's locale translation; untranslated it is a double-quoted string.
      i = readDoubleQuoted(source, i + 1, append);
    } else if (ch === '#' && word === undefined) {
      const newline = text.indexOf('\n', i);
      i = newline < 0 ? text.length : newline;
    } else if (OPERATORS.has(ch)) {
      finish();
      return { words, stoppedAt: `the shell operator \`${ch}\`` };
    } else {
      append(ch);
      i += 1;
    }
  }
  finish();
  return { words };
}

/** Reads `"..."` starting at the opening quote; returns the index after the closing one. */
function readDoubleQuoted(source: TextSource, start: number, append: (chunk: string) => void): number {
  const text = source.text;
  let i = start + 1;
  let chunk = '';
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '"') {
      append(chunk);
      return i + 1;
    }
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        i += 2;
        continue;
      }
      if (next !== undefined && DOUBLE_QUOTE_ESCAPES.has(next)) {
        chunk += next;
        i += 2;
        continue;
      }
    }
    chunk += ch;
    i += 1;
  }
  throw unclosed(source, start, 'double quote');
}

function unclosed(source: TextSource, offset: number, what: string) {
  return conversionError('unbalanced-quote', `unbalanced quotes: the ${what} here is never closed`, {
    location: locationAt(source, offset),
    hint: 'check the quotes; a command copied with "Copy as cURL" can be piped in unchanged: `runner convert -`',
  });
}
