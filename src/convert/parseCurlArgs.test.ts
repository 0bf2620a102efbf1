import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { isCurlProgram, parseCurlArgs } from './parseCurlArgs.js';

describe('parseCurlArgs', () => {
  it('reads long and short options with their values, in order', () => {
    const invocation = parseCurlArgs([
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
    const invocation = parseCurlArgs(['-sSLXPOST', '-HAccept: */*', '-kI', 'u']);
    expect(invocation.method).toBe('POST');
    expect(invocation.headers).toEqual(['Accept: */*']);
    expect(invocation.head).toBe(true);
    expect(invocation.ignored).toEqual(['-s', '-S']);
    expect(invocation.notes.map((note) => note.option)).toEqual(['-L', '-k']);
  });

  it('takes every word after `--` as a URL, and a lone `-` too', () => {
    expect(parseCurlArgs(['--', '-weird', 'b']).urls).toEqual(['-weird', 'b']);
  });

  it('reports unknown options by name, never with a value', () => {
    const invocation = parseCurlArgs(['--frobnicate', '-Ws', 'https://a.test']);
    expect(invocation.unknown).toEqual(['--frobnicate', '-W']);
    expect(invocation.ignored).toEqual(['-s']);
  });

  it('reports `--name=value` (which curl does not accept) without the value, which may be a credential', () => {
    const invocation = parseCurlArgs(['--user=bob:s3cr3t', '--oauth2-bearer=tok3n', 'https://a.test']);
    expect(invocation.unknown).toEqual(['--user=…', '--oauth2-bearer=…']);
    expect(JSON.stringify(invocation)).not.toMatch(/s3cr3t|tok3n/);
  });

  it("treats the word after an unknown option as that option's value when another URL is given", () => {
    expect(parseCurlArgs(['--new-flag', 's3cr3t', 'https://a.test']).urls).toEqual(['https://a.test']);
    expect(parseCurlArgs(['--new-flag', 'https://a.test']).urls).toEqual(['https://a.test']);
  });

  it('records options runner cannot express, with why', () => {
    const invocation = parseCurlArgs(['-x', 'http://proxy:3128', '--digest', 'u']);
    expect(invocation.unsupported).toEqual([
      { option: '-x', note: 'runner connects without a proxy' },
      { option: '--digest', note: 'runner sends Basic and Bearer authorization as headers only' },
    ]);
    expect(invocation.urls).toEqual(['u']);
  });

  it('ignores `--no-` forms of switches and reads values of ignored options so they are not URLs', () => {
    const invocation = parseCurlArgs([
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

  it('stops at `--next`, which starts a second request', () => {
    const invocation = parseCurlArgs(['a', '--next', '-X', 'DELETE', 'b']);
    expect(invocation).toMatchObject({ urls: ['a'], hasNextRequest: true });
    expect(invocation.method).toBeUndefined();
  });

  it('fails on an option whose value is missing', () => {
    expect(() => parseCurlArgs(['u', '-H'])).toThrow(RunnerError);
    expect(() => parseCurlArgs(['u', '--data'])).toThrow('`--data` needs a value');
  });

  it('notes -k, -L and --compressed once each', () => {
    const invocation = parseCurlArgs(['-k', '--insecure', '-L', '--compressed', 'u']);
    expect(invocation.notes.map((note) => note.option)).toEqual(['-k', '-L', '--compressed']);
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
