import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
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
      `curl https://a.test/x?access_token=qs-s3cr3t -u bob:pw-s3cr3t -H 'Cookie: sid=ck-s3cr3t' -H 'X-API-Key: key-s3cr3t' --json '{"password":"body-s3cr3t"}'`,
      { credentialsFile: '.runner/credentials/staging.yaml' },
    );
    expect(yaml).not.toContain('s3cr3t');
    expect(warnings.join('\n')).not.toContain('s3cr3t');
    expect(yaml).toContain('# .runner/credentials/staging.yaml (runner masks them in all output):');
    expect(yaml).toContain('#     password2: ""   # the password of `--user`');
    expect(yaml).toContain(
      'auth:\n      basic:\n        username: bob\n        password: $accounts.api.password2 # secret: see the note at the top',
    );
    expect(yaml).toContain('X-API-Key: $accounts.api.xApiKey # secret: see the note at the top');
    expect(convertedRequest(yaml)).toMatchObject({
      query: { access_token: '$accounts.api.accessToken' },
      headers: {
        Cookie: '$accounts.api.cookie',
        'X-API-Key': '$accounts.api.xApiKey',
        Accept: 'application/json',
      },
      body: { password: '$accounts.api.password' },
    });
  });

  it('turns --user, --digest, --aws-sigv4 and --oauth2-bearer into auth:, and a -H Authorization wins', () => {
    const auth = (command: string): unknown =>
      (parse(convertCurlText(command).yaml) as { steps: { auth?: unknown }[] }).steps[0]?.auth;
    expect(auth('curl --digest -u ada:pw-s3cr3t https://a.test/x')).toEqual({
      digest: { username: 'ada', password: '$accounts.api.password' },
    });
    expect(auth('curl --oauth2-bearer tk-s3cr3t https://a.test/x')).toEqual({
      bearer: '$accounts.api.token',
    });
    expect(
      auth('curl --aws-sigv4 aws:amz -u AKID:sk-s3cr3t https://execute-api.eu-west-1.amazonaws.com/prod'),
    ).toEqual({
      awsSigV4: {
        accessKeyId: '$accounts.api.awsAccessKeyId',
        secretAccessKey: '$accounts.api.awsSecretAccessKey',
        region: 'eu-west-1',
        service: 'execute-api',
      },
    });
    expect(auth("curl -H 'Authorization: Token x' -u a:b https://a.test/x")).toBeUndefined();
    expect(() => convertCurlText('curl --aws-sigv4 aws:amz https://a.test/x')).toThrow(
      'curl option `--aws-sigv4` cannot be converted: it signs with the key id and secret of `--user`',
    );
    expect(() => convertCurlText('curl --aws-sigv4 aws:amz -u a:b https://a.test/x')).toThrow(
      'name the region and service',
    );
  });

  it('explains -k and -L in comments, and refuses unknown and unsupported options by name', () => {
    const { yaml } = convertCurlText("curl -k -L -s 'https://a.test'");
    expect(yaml).toContain(
      '# - curl -k: runner checks TLS certificates; to accept self-signed ones set `http: { insecure: true }`',
    );
    expect(yaml).toContain('# - curl -L: runner follows redirects by default');
    expect(yaml).toContain("# - left out, they only change curl's own output: -s");
    expect(failure(() => convertCurlText('curl --wat flag-s3cr3t https://a.test')).message).toContain(
      '`--wat`',
    );
    expect(failure(() => convertCurlText('curl --proxy http://p:1 https://a.test')).code).toBe(
      'convert.unsupported-option',
    );
  });

  it('turns several commands, URLs and --next requests into steps in order, reading heredocs', () => {
    const { yaml, warnings } = convertCurlText(
      "curl https://a.test/1 https://a.test/2 --next -d @- https://a.test/3 <<'EOF'\nx=1\nEOF\ncurl https://a.test/4 | jq .",
    );
    const scenario = parseScenario(yaml, 'c.yaml').scenario;
    const steps = scenario?.steps.map((step) =>
      step.kind === 'request' ? `${step.request.method} ${step.request.url}` : '',
    );
    expect(steps).toEqual([
      'GET https://a.test/1',
      'GET https://a.test/2',
      'POST https://a.test/3',
      'GET https://a.test/4',
    ]);
    expect(yaml).toContain('      form:\n        x: "1"\n');
    expect(warnings).toEqual(['`jq` is not a curl command: skipped']);
  });

  it('makes a shell variable a reference to the environment of the run, with a note', () => {
    const { yaml } = convertCurlText('curl https://a.test -H "Authorization: Bearer $TOKEN"');
    expect(yaml).toContain('Authorization: Bearer ${env.TOKEN}');
    expect(yaml).toContain(
      'shell variables became references to the environment variables of the run: $env.TOKEN',
    );
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

  it("reads PowerShell's curl.exe form", () => {
    const text = "curl.exe 'https://a.test/x' `\n  -H \"x-id: $env:ID\" `\n  --data-raw 'it''s'";
    expect(convertedRequest(convertCurlText(text).yaml)).toMatchObject({
      method: 'POST',
      headers: { 'x-id': '${env.ID}' },
      body: "it's",
    });
  });

  it("refuses PowerShell's web cmdlets by name, however they are written", () => {
    for (const [text, name] of [
      ['Invoke-RestMethod -Uri https://a.test -Method Post', 'Invoke-RestMethod'],
      ['$r = irm https://a.test', 'irm'],
      ['iwr https://a.test | Select-Object -Expand Content', 'iwr'],
      ['curl -Uri https://a.test -Method Post', 'curl -Uri'],
    ]) {
      const error = failure(() => convertCurlText(text ?? ''));
      expect(error.code, text).toBe('convert.powershell-cmdlet');
      expect(error.message, text).toContain(`\`${name}\``);
    }
    expect(convertedRequest(convertCurlText("curl https://a.test -d 'use iwr or irm'").yaml).body).toBe(
      'use iwr or irm',
    );
  });

  it('sends a --request-target path instead of the URL path and query, as curl does', () => {
    const text = `curl --request-target '/v2/items?page=2' -G -d dropped=1 'https://a.test/old/path?x=1'`;
    expect(convertedRequest(convertCurlText(text).yaml)).toMatchObject({
      method: 'GET',
      url: 'https://a.test/v2/items',
      query: { page: '2' },
    });
    for (const target of ['*', 'http://b.test/x', '/a b', '/a/../b']) {
      expect(
        failure(() => convertCurlText(`curl --request-target '${target}' https://a.test/`)).message,
      ).toContain('curl option `--request-target` cannot be converted');
    }
  });

  it('turns --resolve, --noproxy and client certificates into notes with the exact environment setting', () => {
    const { yaml } = convertCurlText(
      'curl --resolve API.test:443:[::1] --noproxy a.test,b.test --cert-type PEM --cert c.pem --key k.pem --pass pw-s3cr3t https://api.test/',
    );
    expect(convertedRequest(yaml).url).toBe('https://api.test/');
    expect(yaml).toContain(
      '# - curl --resolve: set `http: { resolve: { "api.test:443": "::1" } }` in the environment file, or run `runner run --resolve api.test:443:[::1]`',
    );
    expect(yaml).toContain('set `NO_PROXY=a.test,b.test` where it runs');
    expect(yaml).toContain('# - curl --cert: set `http: { clientCert: c.pem }`');
    expect(yaml).toContain('# - curl --key: set `http: { clientKey: k.pem }`');
    expect(yaml).toContain('clientKeyPassphrase: $accounts.<account>.<field>');
    expect(yaml).not.toContain('s3cr3t');
  });

  it('refuses the forms of those options runner has no setting for, naming the option only', () => {
    for (const [option, value] of [
      ['--resolve', '*:443:127.0.0.1'],
      ['--resolve', 'a.test:443:127.0.0.1,127.0.0.2'],
      ['--resolve', '-a.test:443'],
      ['--cert', 'c.pem:pw-s3cr3t'],
      ['--key-type', 'DER'],
      ['--proxy', 'http://proxy.test:3128'],
      ['--socks5', 'proxy.test:1080'],
    ]) {
      const error = failure(() => convertCurlWords(['curl', option ?? '', value ?? '', 'https://a.test/']));
      expect(error.message, value).toContain(`curl option \`${option ?? ''}\` cannot be converted`);
      expect(error.message, value).not.toContain('s3cr3t');
    }
    expect(
      convertedRequest(convertCurlText(String.raw`curl --cert 'C:\certs\c.pem' https://a.test/`).yaml).url,
    ).toBe('https://a.test/');
  });

  it('keeps a text body with `$` and `{{` literal, and a multipart upload valid', () => {
    const text = convertCurlText(
      `curl https://a.test -H 'Content-Type: text/plain' -d 'pay $5 {{now}}'`,
    ).yaml;
    expect(convertedRequest(text).body).toBe("pay $$5 $string('{'){now}}");
    const upload = convertCurlText('curl https://a.test -F t=x -F f=@/tmp/a.png', {
      assetsPrefix: 'assets',
      files: { read: () => new Uint8Array([1]) },
    }).yaml;
    expect(convertedRequest(upload).multipart).toEqual({
      fields: { t: 'x' },
      files: { f: { path: 'a.png', contentType: 'image/png' } },
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
