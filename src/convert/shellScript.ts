/**
 * Splits shell text into commands and words the way bash reads a "Copy as cURL" command or a few of them:
 * single quotes, double quotes, backslash escapes, `$'...'` ANSI-C quoting and `\` + newline line
 * continuations. `;`, `&&`, `||`, `|`, `&` and line breaks separate commands (several curl commands become
 * several steps, issue 15). Standard input given by `< file`, a heredoc (`<<EOF`) or a here-string (`<<<`) is
 * kept with its command, since curl reads it for `@-`; output redirections are skipped. A shell variable
 * (`$TOKEN`, `"${TOKEN}"`) becomes a marked reference (shellVariables.ts); command substitution cannot be
 * converted and is refused.
 */
import { readAnsiCQuoted } from './ansiCQuote.js';
import { CommandWordsReader } from './commandWordsReader.js';
import { conversionError, locationAt, type TextSource } from './conversionError.js';
import { markShellVariable } from './shellVariables.js';

/** Where a command's standard input comes from. */
export type ShellStdin =
  | { kind: 'text'; text: string }
  | { kind: 'file'; path: string }
  /** The output of the previous command in a pipeline: unknown when converting. */
  | { kind: 'pipe' };

export interface ShellCommand {
  words: string[];
  stdin?: ShellStdin;
}

/** Inside double quotes a backslash escapes only these; before anything else it stays a backslash. */
const DOUBLE_QUOTE_ESCAPES = new Set(['$', '`', '"', '\\']);

class ScriptReader extends CommandWordsReader {
  /** Heredocs started on the current line; their bodies follow the line break. */
  private pendingHeredocs: { delimiter: string; stripTabs: boolean }[] = [];

  read(): ShellCommand[] {
    const text = this.text;
    while (this.i < text.length) {
      const ch = text[this.i] ?? '';
      if (ch === '\\') this.backslash();
      else if (ch === '\n') {
        this.endCommand();
        this.i += 1;
        this.readHeredocBodies();
      } else if (/\s/.test(ch)) {
        this.finishWord();
        this.i += 1;
      } else if (ch === "'") this.singleQuoted();
      else if (ch === '"') this.i = this.doubleQuoted(this.i);
      else if (ch === '$') this.dollar(false);
      else if (ch === '`') throw this.substitution();
      else if (ch === '#' && this.word === undefined) {
        const newline = text.indexOf('\n', this.i);
        this.i = newline < 0 ? text.length : newline;
      } else if (ch === ';') {
        this.endCommand();
        this.i += 1;
      } else if (ch === '&' || ch === '|') this.controlOperator(ch);
      else if (ch === '<') this.inputRedirect();
      else if (ch === '>') this.outputRedirect();
      else this.append(ch);
    }
    this.endCommand();
    if (this.pendingHeredocs.length > 0) {
      throw conversionError(
        'unclosed-heredoc',
        `the heredoc \`<<${this.pendingHeredocs[0]?.delimiter ?? ''}\` is never closed`,
      );
    }
    return this.commands;
  }

  private backslash(): void {
    const text = this.text;
    const next = text[this.i + 1];
    if (next === undefined) this.i += 1;
    else if (next === '\n') this.i += 2;
    else if (next === '\r' && text[this.i + 2] === '\n') this.i += 3;
    else this.append(next, 2);
  }

  private singleQuoted(): void {
    const close = this.text.indexOf("'", this.i + 1);
    if (close < 0) throw this.unclosed(this.i, 'single quote');
    this.append(this.text.slice(this.i + 1, close), close + 1 - this.i);
  }

  /** Reads `"..."` from the opening quote; returns the index after the closing one. */
  private doubleQuoted(start: number): number {
    const text = this.text;
    this.i = start + 1;
    this.word ??= '';
    while (this.i < text.length) {
      const ch = text[this.i] ?? '';
      if (ch === '"') return this.i + 1;
      if (ch === '\\') {
        const next = text[this.i + 1];
        if (next === '\n') {
          this.i += 2;
          continue;
        }
        if (next !== undefined && DOUBLE_QUOTE_ESCAPES.has(next)) {
          this.append(next, 2);
          continue;
        }
      }
      if (ch === '$') this.dollar(true);
      else if (ch === '`') throw this.substitution();
      else this.append(ch);
    }
    throw this.unclosed(start, 'double quote');
  }

  /** `$'...'`, `$"..."`, `$NAME`, `${NAME}`, `$(...)`, or a plain `$`. */
  private dollar(inDoubleQuotes: boolean): void {
    const text = this.text;
    const next = text[this.i + 1];
    if (!inDoubleQuotes && next === "'") {
      const quoted = readAnsiCQuoted(text, this.i + 2);
      if (!quoted) throw this.unclosed(this.i, "`$'` quote");
      this.append(quoted.value, quoted.end - this.i);
      return;
    }
    if (!inDoubleQuotes && next === '"') {
      // `$"..."` is bash's locale translation; untranslated it is a double-quoted string.
      this.i = this.doubleQuoted(this.i + 1);
      return;
    }
    if (next === '(') throw this.substitution();
    const braced = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(text.slice(this.i));
    const plain = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(this.i));
    const match = braced ?? plain;
    if (match?.[1] !== undefined) {
      this.append(markShellVariable(match[1]), match[0].length);
      return;
    }
    if (next === '{') {
      throw conversionError('shell-expansion', 'the shell expansion `${...}` cannot be converted', {
        location: locationAt(this.source, this.i),
        hint: 'replace it with its value',
      });
    }
    this.append('$');
  }

  private controlOperator(ch: '&' | '|'): void {
    const text = this.text;
    const doubled = text[this.i + 1] === ch;
    if (ch === '&' && text[this.i + 1] === '>') {
      this.outputRedirect();
      return;
    }
    this.endCommand(ch === '|' && !doubled ? { kind: 'pipe' } : undefined);
    this.i += doubled ? 2 : 1;
  }

  /** `< file`, `<<[-]DELIM` or `<<< word`. */
  private inputRedirect(): void {
    const text = this.text;
    this.finishWord();
    if (text.startsWith('<<<', this.i)) {
      this.i += 3;
      const word = this.targetWord('<<<');
      this.stdin = { kind: 'text', text: `${word}\n` };
    } else if (text.startsWith('<<', this.i)) {
      this.i += 2;
      const stripTabs = text[this.i] === '-';
      if (stripTabs) this.i += 1;
      this.pendingHeredocs.push({ delimiter: this.targetWord('<<'), stripTabs });
    } else {
      this.i += 1;
      this.stdin = { kind: 'file', path: this.targetWord('<') };
    }
  }

  /** `>`, `>>`, `2>`, `&>`, `2>&1`, `>&2`: curl's output only; the target is skipped. */
  private outputRedirect(): void {
    const text = this.text;
    // A word of only digits right before `>` is a file descriptor, not an argument.
    if (this.word !== undefined && /^\d+$/.test(this.word)) this.word = undefined;
    this.finishWord();
    while (text[this.i] === '>' || text[this.i] === '&') this.i += 1;
    if (/\d/.test(text[this.i] ?? '') && text[this.i - 1] === '&') {
      while (/\d/.test(text[this.i] ?? '')) this.i += 1;
      return;
    }
    this.targetWord('>');
  }

  /** The word after a redirection operator, read with the usual quoting. */
  private targetWord(operator: string): string {
    const text = this.text;
    while (text[this.i] === ' ' || text[this.i] === '\t') this.i += 1;
    const saved = { words: this.words, word: this.word };
    this.words = [];
    this.word = undefined;
    while (this.i < text.length && !/[\s;&|<>]/.test(text[this.i] ?? '')) {
      const ch = text[this.i] ?? '';
      if (ch === "'") this.singleQuoted();
      else if (ch === '"') this.i = this.doubleQuoted(this.i);
      else if (ch === '\\') this.backslash();
      else if (ch === '$') this.dollar(false);
      else if (ch === '`') throw this.substitution();
      else this.append(ch);
    }
    const target = this.word;
    this.words = saved.words;
    this.word = saved.word;
    if (target === undefined) {
      throw conversionError('shell-redirect', `the redirection \`${operator}\` has no target`, {
        location: locationAt(this.source, this.i),
      });
    }
    return target;
  }

  private readHeredocBodies(): void {
    for (const { delimiter, stripTabs } of this.pendingHeredocs.splice(0)) {
      const lines: string[] = [];
      for (;;) {
        if (this.i >= this.text.length) {
          throw conversionError('unclosed-heredoc', `the heredoc \`<<${delimiter}\` is never closed`);
        }
        const newline = this.text.indexOf('\n', this.i);
        const end = newline < 0 ? this.text.length : newline;
        let line = this.text.slice(this.i, end).replace(/\r$/, '');
        this.i = end + 1;
        if (stripTabs) line = line.replace(/^\t+/, '');
        if (line === delimiter) break;
        lines.push(line);
      }
      const last = this.commands[this.commands.length - 1];
      if (last) last.stdin = { kind: 'text', text: lines.map((line) => `${line}\n`).join('') };
    }
  }

  /** Names the substitution starting here as written: `` `echo f` `` or `$(cat body.json)`. */
  private substitution() {
    const text = this.text;
    const backquoted = text[this.i] === '`';
    const close = backquoted ? text.indexOf('`', this.i + 1) : closingParen(text, this.i + 2);
    const written = close < 0 ? text.slice(this.i) : text.slice(this.i, close + 1);
    const shown = written.length > 60 ? `${written.slice(0, 59)}…` : written;
    return conversionError(
      'shell-expansion',
      `the command substitution ${backquoted ? `\`\` ${shown} \`\`` : `\`${shown}\``} cannot be converted: runner does not run shell commands`,
      {
        location: locationAt(this.source, this.i),
        hint: 'run it and paste its output into the command',
      },
    );
  }

  private unclosed(offset: number, what: string) {
    return conversionError('unbalanced-quote', `unbalanced quotes: the ${what} here is never closed`, {
      location: locationAt(this.source, offset),
      hint: 'check the quotes; a command copied with "Copy as cURL" can be piped in unchanged: `runner convert -`',
    });
  }
}

/** The index of the `)` closing a `$(` whose contents start at `from`, or -1. */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let at = from; at < text.length; at++) {
    if (text[at] === '(') depth += 1;
    else if (text[at] === ')' && --depth === 0) return at;
  }
  return -1;
}

export function splitShellScript(source: TextSource): ShellCommand[] {
  return new ScriptReader(source).read();
}
