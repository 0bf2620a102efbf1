import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { readAnsiCQuoted } from './ansiCQuote.js';
import { looksLikeCmd, splitCmdWords } from './cmdWords.js';
import { splitShellScript } from './shellScript.js';
import { markShellVariable } from './shellVariables.js';
import { thrown } from '../../test/support/rejection.js';

const script = (text: string) => splitShellScript({ name: '<argument>', text });
const words = (text: string) => script(text)[0]?.words ?? [];

const failure = (run: () => unknown): RunnerError => thrown(run, RunnerError);

describe('splitShellScript', () => {
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

  it('marks shell variables, quoted or not, and refuses command substitution', () => {
    expect(words('curl "a $HOME" ${USER}x $ \'$X\'')).toEqual([
      'curl',
      `a ${markShellVariable('HOME')}`,
      `${markShellVariable('USER')}x`,
      '$',
      '$X',
    ]);
    expect(failure(() => words('curl "$(cat f)"')).code).toBe('convert.shell-expansion');
    expect(failure(() => words('curl `cat f`')).code).toBe('convert.shell-expansion');
  });

  it('names the command substitution it refuses, also as a redirection target', () => {
    expect(failure(() => words('curl a --data @- < `echo f`')).message).toBe(
      'the command substitution `` `echo f` `` cannot be converted: runner does not run shell commands',
    );
    expect(failure(() => words('curl a -d "$(cat (x) f)" b')).message).toContain('`$(cat (x) f)`');
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

  it('splits commands at operators and line breaks, keeping quoted operators and skipping comments', () => {
    expect(
      script("# copied\n\ncurl a | jq '.a|b' ; curl 'b;c' && curl c\ncurl d # note").map((c) => c.words),
    ).toEqual([
      ['curl', 'a'],
      ['jq', '.a|b'],
      ['curl', 'b;c'],
      ['curl', 'c'],
      ['curl', 'd'],
    ]);
    expect(script('curl a | curl -d @- b')[1]?.stdin).toEqual({ kind: 'pipe' });
    expect(words("curl 'a\nb'")).toEqual(['curl', 'a\nb']);
  });

  it('keeps the standard input of `<`, heredocs and here-strings with their command; skips output redirects', () => {
    expect(script('curl -d @- u < body.json > out.txt 2>&1')).toEqual([
      { words: ['curl', '-d', '@-', 'u'], stdin: { kind: 'file', path: 'body.json' } },
    ]);
    expect(script('curl -d @- u <<\'EOF\'\n{"a": $x}\nEOF\ncurl v')).toEqual([
      { words: ['curl', '-d', '@-', 'u'], stdin: { kind: 'text', text: '{"a": $x}\n' } },
      { words: ['curl', 'v'] },
    ]);
    expect(script("curl -d @- u <<< 'a b'")[0]?.stdin).toEqual({ kind: 'text', text: 'a b\n' });
    expect(failure(() => script('curl -d @- u <<EOF\nnever closed')).code).toBe('convert.unclosed-heredoc');
  });

  it('reports an unclosed quote with its line and column', () => {
    const error = failure(() => splitShellScript({ name: '<stdin>', text: "curl \\\n  -H 'x: y" }));
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

  it('reads doubled quotes inside quotes as one quote, and tells that form from bash by its shape', () => {
    const text = 'curl "https://a.test/x" -H "Content-Type: application/json" --data-raw "{""a"":""b c""}"';
    expect(looksLikeCmd(text)).toBe(true);
    expect(splitCmdWords({ name: 'x', text })).toEqual([
      'curl',
      'https://a.test/x',
      '-H',
      'Content-Type: application/json',
      '--data-raw',
      '{"a":"b c"}',
    ]);
    expect(looksLikeCmd(`curl 'https://a.test' --data-raw '{""}'`)).toBe(false);
    expect(looksLikeCmd('curl "https://a.test" -d ""')).toBe(false);
  });

  it('reports a quote that is never closed', () => {
    expect(failure(() => splitCmdWords({ name: 'x', text: 'curl ^\n "abc' })).code).toBe(
      'convert.unbalanced-quote',
    );
  });
});
