import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/support/rejection.js';
import { RunnerError } from '../diagnostics/errors.js';
import { isCurlProgram, parseCurlArgs } from './parseCurlArgs.js';
import type { CurlInvocation } from './curlInvocation.js';

/** The first (usually only) request of the words. */
function parse(args: string[]): CurlInvocation {
  const [first] = parseCurlArgs(args);
  if (!first) throw new Error('no invocation');
  return first;
}

describe('parseCurlArgs', () => {
  it('reads long and short options with their values, in order', () => {
    const invocation = parse([
      'https://a.test/x',
      '--request',
      'PUT',
      '-H',
      'a: 1',
      '--header',
      'b: 2',
      '--data-raw',
      '@not-a-file',
      '-d',
      'x=1',
    ]);
    expect(invocation.urls).toEqual(['https://a.test/x']);
    expect(invocation.method).toBe('PUT');
    expect(invocation.headers).toEqual(['a: 1', 'b: 2']);
    expect(invocation.data).toEqual([
      { kind: 'raw', value: '@not-a-file' },
      { kind: 'data', value: 'x=1' },
    ]);
  });

  it('reads values glued to a short option and switches clustered together', () => {
    const invocation = parse(['-sSLXPOST', '-HAccept: */*', '-kI', 'u']);
    expect(invocation.method).toBe('POST');
    expect(invocation.headers).toEqual(['Accept: */*']);
    expect(invocation.head).toBe(true);
    expect(invocation.ignored).toEqual(['-s', '-S']);
    expect(invocation.notes.map((note) => note.option)).toEqual(['-L', '-k']);
  });

  it('takes every word after `--` as a URL, and a lone `-` too', () => {
    expect(parse(['--', '-weird', 'b']).urls).toEqual(['-weird', 'b']);
  });

  it('says why it refuses an option it does not list: an abbreviation, a family it cannot send, or unknown', () => {
    expect(() => parse(['--sil', 'u'])).toThrow(
      'curl option `--sil` cannot be converted: it is short for `--silent`, which curl 7.88 accepts and later versions do not',
    );
    expect(() => parse(['--proxy-insecure', 'u'])).toThrow(
      '`--proxy-insecure` cannot be converted: a proxy is',
    );
    expect(() => parse(['--doh-url', 'https://dns.test', 'u'])).toThrow('runner resolves host names itself');
    expect(() => parse(['--tls13-ciphers', 'x', 'u'])).toThrow('TLS settings other than');
    expect(() => parse(['-sWx', 'u'])).toThrow(
      'unknown curl option `-W` (in `-sWx`): this converter does not know',
    );
  });

  it('refuses unknown options by name, never with a value', () => {
    expect(() => parse(['--frobnicate', 'https://a.test'])).toThrow('unknown curl option `--frobnicate`');
    expect(() => parse(['-Ws', 'https://a.test'])).toThrow('`-W`');
    const error = thrown(() => parse(['--user=bob:s3cr3t', 'https://a.test']), RunnerError);
    expect(error.message).toContain('`--user=…`');
    expect(error.message).not.toContain('s3cr3t');
  });

  it('refuses options runner cannot express, auth schemes among them, naming the option', () => {
    for (const option of ['--anyauth', '--negotiate', '--ntlm']) {
      expect(() => parse([option, '-u', 'a:b', 'u'])).toThrow(
        `curl option \`${option}\` cannot be converted`,
      );
    }
    expect(() => parse(['--ntlm', 'u'])).toThrow('NTLM authentication is not supported');
    expect(() => parse(['-x', 'http://proxy:3128', 'u'])).toThrow('`-x`');
    expect(() => parse(['--request-target', '*', 'u'])).toThrow('`--request-target`');
  });

  it('ignores `--no-` forms of switches and reads values of ignored options so they are not URLs', () => {
    const invocation = parse([
      '--no-progress-meter',
      '--no-compressed',
      '-o',
      'out.json',
      '-w',
      '%{http_code}',
      'u',
    ]);
    expect(invocation.urls).toEqual(['u']);
    expect(invocation.ignored).toEqual(['--no-progress-meter', '--no-compressed', '-o', '-w']);
  });

  it('starts a fresh request at `--next` (or `-:`)', () => {
    const [first, second, third] = parseCurlArgs(['a', '-d', 'x', '--next', '-X', 'DELETE', 'b', '-:', 'c']);
    expect(first).toMatchObject({ urls: ['a'], data: [{ kind: 'data', value: 'x' }] });
    expect(first?.method).toBeUndefined();
    expect(second).toMatchObject({ urls: ['b'], method: 'DELETE', data: [] });
    expect(third?.urls).toEqual(['c']);
  });

  it('fails on an option whose value is missing', () => {
    expect(() => parse(['u', '-H'])).toThrow(RunnerError);
    expect(() => parse(['u', '--data'])).toThrow('`--data` needs a value');
  });

  it('notes -k, -L and --compressed once each', () => {
    const invocation = parse(['-k', '--insecure', '-L', '--compressed', 'u']);
    expect(invocation.notes.map((note) => note.option)).toEqual(['-k', '-L']);
    expect(invocation.compressed).toBe(true);
    expect(invocation.notes[0]?.note).toContain('http: { insecure: true }');
  });
});

describe('isCurlProgram', () => {
  it('accepts curl by name or path, on Windows too', () => {
    for (const word of ['curl', 'curl.exe', '/usr/bin/curl', 'C:\\tools\\CURL.EXE'])
      expect(isCurlProgram(word)).toBe(true);
    for (const word of ['wget', 'curlx', 'http']) expect(isCurlProgram(word)).toBe(false);
  });
});
