import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { readAnsiCQuoted } from './ansiCQuote.js';
import { looksLikeCmd, splitCmdWords } from './cmdWords.js';
import { splitShellWords } from './shellWords.js';
import { thrown } from '../../test/support/rejection.js';

const words = (text: string) => splitShellWords({ name: '<argument>', text }).words;

const failure = (run: () => unknown): RunnerError => thrown(run, RunnerError);

describe('splitShellWords', () => {
  it('splits on blanks and keeps quoted text together', () => {
    expect(words(`curl  'a b'  "c d"\te`)).toEqual(['curl', 'a b', 'c d', 'e']);
  });

  it('joins adjacent quoted and unquoted pieces into one word', () => {
    expect(words(`-H'x: '"y"z`)).toEqual(['-Hx: yz']);
    expect(words(`''`)).toEqual(['']);
  });

  it('keeps backslashes literal in single quotes and reads only \\ " $ ` escapes in double quotes', () => {
    expect(words(String.raw`'a\nb' "c\"d\$e\nf\\g"`)).toEqual([String.raw`a\nb`, String.raw`c"d$e\nf\g`]);
  });

  it('expands nothing: $HOME and `cmd` stay as written', () => {
    expect(words('curl "$HOME" $USER')).toEqual(['curl', '$HOME', '$USER']);
  });

  it('removes line continuations, also with CRLF line ends and inside double quotes', () => {
    expect(words('curl \\\n  -X POST \\\r\n  url')).toEqual(['curl', '-X', 'POST', 'url']);
    expect(words('"a\\\nb"')).toEqual(['ab']);
  });

  it('treats an unquoted backslash as escaping the next character', () => {
    expect(words('a\\ b c\\"d')).toEqual(['a b', 'c"d']);
  });

  it("reads $'...' ANSI-C quoting, as Chromium writes bodies with quotes and newlines", () => {
    expect(words(`$'It\\'s\\n\\tok' $'\\x41\\102\\u00e9\\U0001F600'`)).toEqual(["It's\n\tok", 'ABé😀']);
  });

  it('stops at an unquoted shell operator and says which one', () => {
    expect(splitShellWords({ name: 'x', text: "curl url | jq '.a|b'" })).toEqual({
      words: ['curl', 'url'],
      stoppedAt: 'the shell operator `|`',
    });
    expect(words("curl 'a|b;c&d'")).toEqual(['curl', 'a|b;c&d']);
  });

  it('ends the command at a line break without `\\`, after any leading comments and blank lines', () => {
    expect(splitShellWords({ name: 'x', text: '# copied from devtools\n\ncurl url -v a#b\n\n' })).toEqual({
      words: ['curl', 'url', '-v', 'a#b'],
    });
    expect(splitShellWords({ name: 'x', text: 'curl a\ncurl b' })).toEqual({
      words: ['curl', 'a'],
      stoppedAt: 'a line break',
    });
    expect(words("curl 'a\nb'")).toEqual(['curl', 'a\nb']);
  });

  it('reports an unclosed quote with its line and column', () => {
    const error = failure(() => splitShellWords({ name: '<stdin>', text: "curl \\\n  -H 'x: y" }));
    expect(error.code).toBe('convert.unbalanced-quote');
    expect(error.diagnostics[0]?.location).toEqual({ file: '<stdin>', line: 2, col: 6 });
    expect(failure(() => words('curl "abc')).message).toContain('double quote');
    expect(failure(() => words("curl $'abc")).message).toContain("`$'` quote");
  });
});

describe('readAnsiCQuoted', () => {
  it('decodes byte escapes together as UTF-8, as bash does', () => {
    expect(readAnsiCQuoted(String.raw`\xc3\xa9!'`, 0)).toEqual({ value: 'é!', end: 10 });
  });

  it('keeps the backslash of an unknown escape and reads control characters', () => {
    expect(readAnsiCQuoted(String.raw`\q\cA'`, 0)?.value).toBe('\\q\x01');
  });

  it('is undefined when the quote is never closed', () => {
    expect(readAnsiCQuoted('abc', 0)).toBeUndefined();
  });
});

describe('splitCmdWords (Windows cmd form)', () => {
  it("recognises Chromium's cmd form by its carets", () => {
    expect(looksLikeCmd('curl ^"https://a^" ^\r\n  -H ^"x: y^"')).toBe(true);
    expect(looksLikeCmd("curl 'https://a' \\\n -H 'x: y'")).toBe(false);
  });

  it('removes caret escapes and continuations, then splits as the C runtime does', () => {
    const text =
      'curl ^"https://a.test/x?y=1^" ^\r\n  -H ^"accept: */*^" ^\r\n  --data-raw ^"^{^\\^"a^\\^":^\\^"100^% b^\\^"^}^"';
    expect(splitCmdWords({ name: 'x', text })).toEqual([
      'curl',
      'https://a.test/x?y=1',
      '-H',
      'accept: */*',
      '--data-raw',
      '{"a":"100% b"}',
    ]);
  });

  it('applies the backslash-before-quote rules: 2n backslashes keep the quote, 2n+1 escape it', () => {
    expect(splitCmdWords({ name: 'x', text: String.raw`a\\"b c" d\"e f\g` })).toEqual([
      String.raw`a\b c`,
      'd"e',
      String.raw`f\g`,
    ]);
  });

  it('reports a quote that is never closed', () => {
    expect(failure(() => splitCmdWords({ name: 'x', text: 'curl ^\n "abc' })).code).toBe(
      'convert.unbalanced-quote',
    );
  });
});
