/**
 * PowerShell command lines that run curl.exe (`curl.exe -H 'a: b' `<newline> ...`), read the way PowerShell
 * 7.3 and later read them and pass them on: single quotes (`''` is one quote), double quotes (`""` and
 * backtick escapes such as `` `" `` and `` `n ``), backtick line continuations, `#` comments, `;`, `|`, `&&`
 * and `||` between commands, and `$env:NAME`, which becomes a variable reference like `$NAME` in bash
 * (shellVariables.ts). Since 7.3 each argument reaches curl.exe exactly as PowerShell parsed it; what only
 * PowerShell can evaluate (other variables, `$(...)`, script blocks, splatting, `--%`) is refused by name.
 */
import { CommandWordsReader } from './commandWordsReader.js';
import { conversionError, locationAt, type TextSource } from './conversionError.js';
import type { ShellCommand } from './shellScript.js';
import { markShellVariable } from './shellVariables.js';

/** The escapes PowerShell knows after a backtick; any other character stands for itself. */
const BACKTICK_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Characters that start PowerShell syntax in argument mode; unquoted, they cannot be converted. */
const EXPRESSION_STARTS = new Set(['(', ')', '{', '}', ',']);

class PowerShellReader extends CommandWordsReader {
  read(): ShellCommand[] {
    const text = this.text;
    while (this.i < text.length) {
      const ch = text[this.i] ?? '';
      if (ch === '`') this.backtick(false);
      else if (ch === '\n') {
        this.endCommand();
        this.i += 1;
      } else if (/\s/.test(ch)) {
        this.finishWord();
        this.i += 1;
      } else if (ch === "'") this.singleQuoted();
      else if (ch === '"') this.doubleQuoted();
      else if (ch === '$') this.dollar();
      else if (ch === '#' && this.word === undefined) this.skipComment();
      else if (ch === '<' && text[this.i + 1] === '#' && this.word === undefined) this.skipBlockComment();
      else if (ch === ';') {
        this.endCommand();
        this.i += 1;
      } else if (ch === '&' || ch === '|') this.controlOperator(ch);
      else if (ch === '>') this.outputRedirect();
      else if (ch === '<') throw this.unsupported('`<`', 'PowerShell has no `<` input redirection');
      else if (EXPRESSION_STARTS.has(ch) || (ch === '@' && this.word === undefined)) {
        throw this.unsupported(
          `an unquoted \`${ch}\``,
          'it starts a PowerShell expression',
          'quote the argument',
        );
      } else this.append(ch);
    }
    this.endCommand();
    return this.commands;
  }

  protected override finishWord(): void {
    if (this.word === '--%') {
      throw this.unsupported('the stop-parsing token `--%`', 'what follows it is passed on unparsed');
    }
    super.finishWord();
  }

  /** A backtick before a line break continues the line; before anything else it is an escape. */
  private backtick(inDoubleQuotes: boolean): void {
    const text = this.text;
    const next = text[this.i + 1];
    if (next === undefined) {
      this.i += 1;
    } else if (!inDoubleQuotes && (next === '\n' || (next === '\r' && text[this.i + 2] === '\n'))) {
      this.finishWord();
      this.i += next === '\n' ? 2 : 3;
    } else if (next === 'u' && text[this.i + 2] === '{') {
      const hex = /^`u\{([0-9a-fA-F]{1,6})\}/.exec(text.slice(this.i));
      const code = hex?.[1] === undefined ? undefined : parseInt(hex[1], 16);
      if (hex === null || code === undefined || code > 0x10ffff) {
        throw this.unsupported('the escape `` `u{`` here', 'it is not a Unicode code point');
      }
      this.append(String.fromCodePoint(code), hex[0].length);
    } else {
      this.append(BACKTICK_ESCAPES[next] ?? next, 2);
    }
  }

  private singleQuoted(): void {
    const text = this.text;
    const start = this.i;
    this.i += 1;
    this.word ??= '';
    while (this.i < text.length) {
      if (text[this.i] !== "'") this.append(text[this.i] ?? '');
      else if (text[this.i + 1] === "'") this.append("'", 2);
      else {
        this.i += 1;
        return;
      }
    }
    throw this.unclosed(start, 'single quote');
  }

  private doubleQuoted(): void {
    const text = this.text;
    const start = this.i;
    this.i += 1;
    this.word ??= '';
    while (this.i < text.length) {
      const ch = text[this.i] ?? '';
      if (ch === '"' && text[this.i + 1] === '"') this.append('"', 2);
      else if (ch === '"') {
        this.i += 1;
        return;
      } else if (ch === '`') this.backtick(true);
      else if (ch === '$') this.dollar();
      else this.append(ch);
    }
    throw this.unclosed(start, 'double quote');
  }

  /** `$env:NAME` and `${env:NAME}` become references; other variables and `$(...)` only PowerShell knows. */
  private dollar(): void {
    const rest = this.text.slice(this.i);
    const env = /^\$(?:env:([A-Za-z_][A-Za-z0-9_]*)|\{env:([A-Za-z_][A-Za-z0-9_]*)\})/i.exec(rest);
    const name = env?.[1] ?? env?.[2];
    if (env !== null && name !== undefined) {
      this.append(markShellVariable(name), env[0].length);
      return;
    }
    if (rest.startsWith('$(')) {
      throw this.unsupported('the subexpression `$(...)`', 'only PowerShell can run it', 'paste its output');
    }
    const variable = /^\$(?:\{[^}]*\}|[A-Za-z0-9_?^$]+(?::[A-Za-z0-9_]+)?)/.exec(rest);
    if (variable !== null) {
      throw this.unsupported(
        `the PowerShell variable \`${variable[0]}\``,
        'only PowerShell knows its value',
        'replace it with its value, or read it from the environment as `$env:NAME`',
      );
    }
    this.append('$');
  }

  private controlOperator(ch: '&' | '|'): void {
    const doubled = this.text[this.i + 1] === ch;
    if (ch === '&' && !doubled && this.word === undefined && this.words.length === 0) {
      // `& curl.exe ...`: the call operator runs the program named next.
      this.i += 1;
      return;
    }
    this.endCommand(ch === '|' && !doubled ? { kind: 'pipe' } : undefined);
    this.i += doubled ? 2 : 1;
  }

  /** `>`, `>>`, `2>`, `*>`, `2>&1`: curl's output only; the target is skipped. */
  private outputRedirect(): void {
    const text = this.text;
    // `2>` and `*>` name a stream, not an argument.
    if (this.word !== undefined && /^[1-6*]$/.test(this.word)) this.word = undefined;
    this.finishWord();
    while (text[this.i] === '>') this.i += 1;
    if (text[this.i] === '&' && /[1-6]/.test(text[this.i + 1] ?? '')) {
      this.i += 2;
      return;
    }
    while (text[this.i] === ' ' || text[this.i] === '\t') this.i += 1;
    const saved = this.words;
    this.words = [];
    while (this.i < text.length && !/[\s;|&]/.test(text[this.i] ?? '')) {
      const ch = text[this.i] ?? '';
      if (ch === "'") this.singleQuoted();
      else if (ch === '"') this.doubleQuoted();
      else this.append(ch);
    }
    if (this.word === undefined) throw this.unsupported('`>`', 'the redirection has no target');
    this.word = undefined;
    this.words = saved;
  }

  private skipComment(): void {
    const newline = this.text.indexOf('\n', this.i);
    this.i = newline < 0 ? this.text.length : newline;
  }

  private skipBlockComment(): void {
    const close = this.text.indexOf('#>', this.i + 2);
    if (close < 0) throw this.unclosed(this.i, 'block comment `<#`');
    this.i = close + 2;
  }

  private unsupported(what: string, why: string, hint = 'convert the bash form of the command') {
    return conversionError('powershell-syntax', `${what} cannot be converted: ${why}`, {
      location: locationAt(this.source, this.i),
      hint,
    });
  }

  private unclosed(offset: number, what: string) {
    return conversionError('unbalanced-quote', `unbalanced quotes: the ${what} here is never closed`, {
      location: locationAt(this.source, offset),
      hint: 'check the quotes; the command can be piped in unchanged: `runner convert -`',
    });
  }
}

/**
 * Windows PowerShell 5.1 passes an argument holding `"` to curl.exe without escaping it, so commands written
 * for it escape the quote as `\"`, which PowerShell 7.3 and later pass on as `\"`: what curl receives depends
 * on the PowerShell that runs the command, so such an argument is refused rather than guessed.
 */
function refuseVersionDependentQuotes(source: TextSource, commands: ShellCommand[]): void {
  for (const { words } of commands) {
    const word = words.find((candidate) => candidate.includes('\\"'));
    if (word === undefined) continue;
    throw conversionError(
      'powershell-syntax',
      'a `\\"` inside a PowerShell argument cannot be converted: Windows PowerShell 5.1 passes it to curl.exe as `"`, PowerShell 7.3 and later as `\\"`',
      {
        location: locationAt(source, Math.max(0, source.text.indexOf('\\"'))),
        hint: 'write the quote without a backslash (PowerShell 7.3 and later pass it on as it is), or convert the bash form',
      },
    );
  }
}

export function splitPowerShellWords(source: TextSource): ShellCommand[] {
  const commands = new PowerShellReader(source).read();
  refuseVersionDependentQuotes(source, commands);
  return commands;
}
