import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { commandDialect } from './commandDialect.js';
import { splitPowerShellWords } from './powershellWords.js';
import { markShellVariable } from './shellVariables.js';
import { thrown } from '../../test/support/rejection.js';

const commands = (text: string) => splitPowerShellWords({ name: '<argument>', text });
const words = (text: string) => commands(text)[0]?.words ?? [];
const failure = (text: string): RunnerError => thrown(() => commands(text), RunnerError);

describe('splitPowerShellWords', () => {
  it("reads single quotes literally, with '' as one quote", () => {
    expect(words(`curl.exe 'a b' 'it''s' '$x ` + "`n'")).toEqual(['curl.exe', 'a b', "it's", '$x `n']);
    expect(words(`curl.exe ''`)).toEqual(['curl.exe', '']);
  });

  it('reads double quotes with "" and backtick escapes', () => {
    expect(words('curl.exe "a ""b"" `"c`" `$d ``e" "x`r`ny`tz"')).toEqual([
      'curl.exe',
      'a "b" "c" $d `e',
      'x\r\ny\tz',
    ]);
    expect(words('curl.exe "`u{e9}`0"')).toEqual(['curl.exe', 'é\0']);
  });

  it('keeps a backslash as it is, in quotes or not', () => {
    expect(words(String.raw`curl.exe C:\dir\file "a\b" 'c\d'`)).toEqual([
      'curl.exe',
      String.raw`C:\dir\file`,
      String.raw`a\b`,
      String.raw`c\d`,
    ]);
  });

  it('joins adjacent quoted and unquoted pieces into one word', () => {
    expect(words(`curl.exe -d msg="v 1"'&x'`)).toEqual(['curl.exe', '-d', 'msg=v 1&x']);
  });

  it('continues a line after a backtick, also with Windows line ends', () => {
    expect(words("curl.exe 'https://a' `\r\n  -H 'x: y' `\n  -d z")).toEqual([
      'curl.exe',
      'https://a',
      '-H',
      'x: y',
      '-d',
      'z',
    ]);
  });

  it('makes $env:NAME and ${env:NAME} variable references, in double quotes or not', () => {
    expect(words('curl.exe "Bearer $env:TOKEN" ${env:HOST}/x')).toEqual([
      'curl.exe',
      `Bearer ${markShellVariable('TOKEN')}`,
      `${markShellVariable('HOST')}/x`,
    ]);
    expect(words('curl.exe "cost: $ 5"')).toEqual(['curl.exe', 'cost: $ 5']);
  });

  it('separates commands, skips comments and output redirections, and drops the call operator', () => {
    const text = [
      '# get both',
      "& curl.exe 'https://a' <# inline #> > out.json 2>&1; curl.exe https://b *> $null",
      "curl.exe https://c | Out-File c.txt && curl.exe 'https://d#x'",
    ].join('\n');
    expect(commands(text).map((command) => command.words)).toEqual([
      ['curl.exe', 'https://a'],
      ['curl.exe', 'https://b'],
      ['curl.exe', 'https://c'],
      ['Out-File', 'c.txt'],
      ['curl.exe', 'https://d#x'],
    ]);
    expect(commands(text)[3]?.stdin).toEqual({ kind: 'pipe' });
  });

  it('refuses what only PowerShell can evaluate, naming it with its position', () => {
    expect(failure("curl.exe 'https://a' -H $headers").diagnostics[0]).toMatchObject({
      code: 'convert.powershell-syntax',
      message: expect.stringContaining('the PowerShell variable `$headers`'),
      location: { file: '<argument>', line: 1, col: 25 },
    });
    expect(failure('curl.exe "https://a/$(Get-Id)"').message).toContain('the subexpression `$(...)`');
    expect(failure('curl.exe -d @body.json https://a').message).toContain('an unquoted `@`');
    expect(failure('curl.exe https://a -H (Get-Header)').message).toContain('an unquoted `(`');
    expect(failure('curl.exe --% https://a').message).toContain('the stop-parsing token `--%`');
    expect(failure('curl.exe https://a < body.json').message).toContain('`<`');
  });

  it('refuses `\\"`, which Windows PowerShell 5.1 and PowerShell 7.3+ pass on differently', () => {
    const error = failure(`curl.exe https://a -d '{\\"a\\":1}'`);
    expect(error.message).toContain('Windows PowerShell 5.1 passes it to curl.exe as `"`');
    expect(error.diagnostics[0]?.location).toMatchObject({ line: 1, col: 25 });
  });

  it('reports a quote that is never closed', () => {
    expect(failure("curl.exe 'https://a").code).toBe('convert.unbalanced-quote');
    expect(failure('curl.exe "https://a').code).toBe('convert.unbalanced-quote');
  });
});

describe('commandDialect', () => {
  it('tells PowerShell by backtick continuations, the call operator, $env: or curl.exe with single quotes', () => {
    expect(commandDialect("curl 'https://a' `\n -H 'x: y'")).toBe('powershell');
    expect(commandDialect("# note\n& 'C:\\curl\\curl.exe' https://a")).toBe('powershell');
    expect(commandDialect('curl "https://a" -H "Authorization: Bearer $env:TOKEN"')).toBe('powershell');
    expect(commandDialect("curl.exe 'https://a' -d 'it''s'")).toBe('powershell');
  });

  it('leaves bash and cmd commands to their readers', () => {
    expect(commandDialect("curl 'https://a' \\\n -H 'x: y'")).toBe('bash');
    expect(commandDialect("curl 'https://a' -d 'a`b'")).toBe('bash');
    expect(commandDialect("curl.exe 'https://a' \\\n -d x")).toBe('bash');
    expect(commandDialect('curl.exe "https://a" -d "{\\"a\\":1}"')).toBe('bash');
    expect(commandDialect('curl ^"https://a^" ^\n -H ^"x: y^"')).toBe('cmd');
  });

  it('reads a line ending in a backquote substitution as bash, not as a PowerShell continuation', () => {
    expect(commandDialect('curl a --data @- < `echo f`\n')).toBe('bash');
    expect(commandDialect('curl a -d `cat f` `\n -H "x: y"')).toBe('powershell');
    expect(commandDialect('curl a -H "x`"y"`\n -d z')).toBe('powershell');
  });
});
