import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { parseScenario, type RequestSpec } from '../language/index.js';
import { convertCurlText, convertCurlWords } from './curlToScenario.js';
import { thrown } from '../../test/support/rejection.js';

/** The request of the converted scenario, after the validator accepted it. */
function convertedRequest(yaml: string): RequestSpec {
  const parsed = parseScenario(yaml, 'converted.yaml');
  expect(parsed.diagnostics).toEqual([]);
  const step = parsed.scenario?.steps[0];
  if (step?.kind !== 'request') throw new Error('expected one request step');
  return step.request;
}

const failure = (run: () => unknown): RunnerError => thrown(run, RunnerError);

describe('convertCurlText', () => {
  it('prints a valid scenario with the modeline and one request step', () => {
    const { yaml, warnings } = convertCurlText(
      `curl 'https://api.example.test/users?page=2' -X POST -H 'Content-Type: application/json' --data-raw '{"name":"Ada","cost":"$5"}'`,
    );
    expect(yaml.startsWith('# yaml-language-server: $schema=../scenario.schema.json\n')).toBe(true);
    expect(yaml).toContain('scenario: POST api.example.test/users\n');
    expect(convertedRequest(yaml)).toMatchObject({
      method: 'POST',
      url: 'https://api.example.test/users',
      query: { page: '2' },
      headers: {},
      body: { name: 'Ada', cost: '$$5' },
    });
    expect(warnings).toEqual([]);
  });

  it('never writes a secret into the YAML, and says where the values go', () => {
    const { yaml, warnings } = convertCurlText(
      `curl https://a.test/x?access_token=qs-s3cr3t -u bob:pw-s3cr3t -H 'Cookie: sid=ck-s3cr3t' -H 'X-API-Key: key-s3cr3t' --json '{"password":"body-s3cr3t"}' --frobnicate flag-s3cr3t`,
      { credentialsFile: '.runner/credentials/staging.yaml' },
    );
    expect(yaml).not.toContain('s3cr3t');
    expect(warnings.join('\n')).not.toContain('s3cr3t');
    expect(yaml).toContain('# .runner/credentials/staging.yaml (runner masks them in all output):');
    expect(yaml).toContain('#     basic: ""   # base64 of `bob:<password>`');
    expect(yaml).toContain('X-API-Key: $accounts.api.xApiKey # secret: see the note at the top');
    expect(convertedRequest(yaml)).toMatchObject({
      query: { access_token: '$accounts.api.accessToken' },
      headers: {
        Authorization: 'Basic $accounts.api.basic',
        Cookie: '$accounts.api.cookie',
        'X-API-Key': '$accounts.api.xApiKey',
        Accept: 'application/json',
      },
      body: { password: '$accounts.api.password' },
    });
  });

  it('explains -k, -L and --compressed in comments and reports unknown and unsupported options', () => {
    const { yaml, warnings } = convertCurlText(
      "curl -k -L --compressed --proxy http://p:1 --wat -s 'https://a.test'",
    );
    expect(yaml).toContain(
      '# - curl -k: runner checks TLS certificates; to accept self-signed ones set `http: { insecure: true }`',
    );
    expect(yaml).toContain('# - curl -L: runner follows redirects by default');
    expect(yaml).toContain('# - curl --compressed: runner does not ask for compressed responses');
    expect(yaml).toContain("# - left out, they only change curl's own output: -s");
    expect(warnings).toEqual([
      'unknown curl option `--wat` was not converted',
      'curl option `--proxy` was not converted: runner connects without a proxy',
    ]);
  });

  it('makes URLs under the environment relative, setting the service', () => {
    const targets = {
      baseUrl: 'https://api.example.test',
      services: { auth: { baseUrl: 'https://api.example.test/auth' } },
    };
    expect(
      convertedRequest(convertCurlText('curl https://api.example.test/auth/login?x=1', { targets }).yaml),
    ).toMatchObject({
      url: '/login',
      service: 'auth',
      query: { x: '1' },
    });
    expect(
      convertedRequest(convertCurlText('curl https://api.example.test/users', { targets }).yaml).url,
    ).toBe('/users');
  });

  it('reads the Windows cmd form', () => {
    const text = 'curl ^"https://a.test/x^" ^\r\n  -H ^"accept: text/plain^" ^\r\n  --data-raw ^"a=^%^"';
    expect(convertedRequest(convertCurlText(text).yaml)).toMatchObject({
      method: 'POST',
      headers: { accept: 'text/plain', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=%',
    });
  });

  it('warns about a pipe after the command and converts what came before', () => {
    const { warnings } = convertCurlText('curl https://a.test | jq .');
    expect(warnings[0]).toBe('the command ends at the shell operator `|`; what follows was ignored');
  });

  it('keeps a text body with `$` and `{{` literal, and a multipart upload valid', () => {
    const text = convertCurlText(
      `curl https://a.test -H 'Content-Type: text/plain' -d 'pay $5 {{now}}'`,
    ).yaml;
    expect(convertedRequest(text).body).toBe("pay $$5 $string('{'){now}}");
    const upload = convertCurlText('curl https://a.test -F f=@/tmp/a.png -F t=x', {
      assetsPrefix: 'assets',
    }).yaml;
    expect(convertedRequest(upload).multipart).toEqual({
      fields: { t: 'x' },
      files: { f: { path: 'a.png' } },
    });
    expect(upload).toContain('# - copy /tmp/a.png into the assets folder (`assets.path`) as a.png');
  });

  it('refuses what is not a curl command, unbalanced quotes and a missing URL, with exit-2 errors', () => {
    expect(failure(() => convertCurlText('wget https://a.test')).code).toBe('convert.not-curl');
    expect(failure(() => convertCurlText('   ')).code).toBe('convert.empty');
    expect(
      failure(() => convertCurlText("curl 'https://a.test", { sourceName: '<stdin>' })).diagnostics[0],
    ).toMatchObject({
      code: 'convert.unbalanced-quote',
      location: { file: '<stdin>', line: 1, col: 6 },
    });
    expect(failure(() => convertCurlText('curl -X POST')).code).toBe('convert.missing-url');
  });
});

describe('convertCurlWords', () => {
  it('takes words already split by the shell (`runner convert -- curl ...`)', () => {
    const { yaml } = convertCurlWords(['curl', '-X', 'DELETE', 'https://a.test/items/1']);
    expect(convertedRequest(yaml)).toMatchObject({ method: 'DELETE', url: 'https://a.test/items/1' });
  });
});
