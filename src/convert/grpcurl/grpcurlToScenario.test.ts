import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RunnerError } from '../../diagnostics/errors.js';
import { convertCurlText, convertCurlWords } from '../curlToScenario.js';
import { thrown } from '../../../test/support/rejection.js';

const failure = (run: () => unknown): RunnerError => thrown(run, RunnerError);

/** The converted scenario's steps as plain data. */
function steps(yaml: string): Record<string, unknown>[] {
  return (parse(yaml) as { steps: Record<string, unknown>[] }).steps;
}

describe('runner convert for grpcurl commands', () => {
  it('turns a plaintext call with proto files, metadata and a message into a grpc step', () => {
    const { yaml, warnings } = convertCurlText(
      `grpcurl -plaintext -import-path protos -proto greeter.proto -H 'x-tenant: t1' ` +
        `-d '{"user_name": "ada", "visits": "9007199254740993"}' -max-time 2.5 ` +
        `localhost:50051 runner.test.Greeter/SayHello`,
    );
    expect(warnings).toEqual([]);
    expect(yaml).toContain('scenario: runner.test.Greeter/SayHello\n');
    expect(yaml).toContain('# Converted from a grpcurl command by `runner convert`.');
    expect(steps(yaml)).toEqual([
      {
        grpc: {
          url: 'grpc://localhost:50051',
          service: 'runner.test.Greeter',
          method: 'SayHello',
          proto: 'protos/greeter.proto',
          metadata: { 'x-tenant': 't1' },
          message: { user_name: 'ada', visits: '9007199254740993' },
          timeout: '2.5s',
        },
      },
    ]);
  });

  it('uses TLS unless -plaintext, reflection without -proto, and the dotted method form', () => {
    const { yaml } = convertCurlWords([
      'grpcurl',
      '--cacert=ca.pem',
      'api.example.test:443',
      'pkg.v1.Users.Get',
    ]);
    expect(steps(yaml)).toEqual([
      { grpc: { url: 'grpcs://api.example.test:443', service: 'pkg.v1.Users', method: 'Get' } },
    ]);
    expect(yaml).toContain('# - grpcurl -cacert: set `http: { caFile: ca.pem }` in the environment file');
  });

  it('never writes a secret from metadata or the message into the YAML', () => {
    const { yaml } = convertCurlText(
      `grpcurl -plaintext -H 'authorization: Bearer tok-s3cr3t' -d '{"password": "pw-s3cr3t", "name": "ada"}' ` +
        `localhost:50051 pkg.Auth/Login`,
    );
    expect(yaml).not.toContain('s3cr3t');
    expect(yaml).toContain('authorization: Bearer $accounts.api.token # secret: see the note at the top');
    expect(yaml).toContain('#     password: ""   # the `password` field of the message');
    expect(steps(yaml)[0]).toMatchObject({
      grpc: { message: { password: '$accounts.api.password', name: 'ada' } },
    });
  });

  it('reads the message from a heredoc with -d @', () => {
    const { yaml } = convertCurlText(`grpcurl -plaintext -d @ localhost:1 a.B/C <<EOM\n{"n": 1}\nEOM\n`);
    expect(steps(yaml)[0]).toMatchObject({ grpc: { message: { n: 1 } } });
  });

  it('keeps each call of several commands as its own step, in order', () => {
    const { yaml } = convertCurlText(
      'grpcurl -plaintext localhost:1 a.B/C\ngrpcurl -plaintext localhost:1 a.B/D\n',
    );
    expect(steps(yaml).map((step) => (step.grpc as { method: string }).method)).toEqual(['C', 'D']);
  });

  it('notes what grpcurl options become and what is left out', () => {
    const { yaml } = convertCurlText(
      `grpcurl -insecure -v -emit-defaults -format json -connect-timeout 3 h:1 a.B/C`,
    );
    expect(yaml).toContain('# - grpcurl -insecure: runner checks TLS certificates;');
    expect(yaml).toContain("# - grpcurl -connect-timeout: runner bounds connecting by the step's `timeout`");
    expect(yaml).toContain(
      "# - left out, they only change grpcurl's own output: -v, -emit-defaults, -format",
    );
  });

  it.each([
    ['grpcurl -protoset api.pb h:1 a.B/C', 'grpcurl flag `-protoset` cannot be converted'],
    ['grpcurl -reflect-header "x: 1" h:1 a.B/C', 'grpcurl flag `-reflect-header` cannot be converted'],
    ['grpcurl -rpc-header "x: 1" h:1 a.B/C', 'grpcurl flag `-rpc-header` cannot be converted'],
    ['grpcurl -authority other h:1 a.B/C', 'grpcurl flag `-authority` cannot be converted'],
    ['grpcurl -unix /tmp/s a.B/C', 'grpcurl flag `-unix` cannot be converted'],
    ['grpcurl -format text h:1 a.B/C', 'grpcurl flag `-format` cannot be converted'],
    ['grpcurl -import-path a -import-path b -proto x.proto h:1 a.B/C', 'grpcurl flag `-import-path` cannot'],
    ['grpcurl -use-reflection=false h:1 a.B/C', 'grpcurl flag `-use-reflection` cannot be converted'],
    [
      `grpcurl -d '{"a":1}{"a":2}' h:1 a.B/C`,
      'grpcurl flag `-d` cannot be converted: it is not one JSON message',
    ],
    ['grpcurl -plaintext h:1 list', 'grpcurl `list` cannot be converted'],
    ['grpcurl -plaintext h:1 describe a.B', 'grpcurl `describe` cannot be converted'],
    ['grpcurl h:1 a.B/C -d {}', 'grpcurl argument `-d` cannot be converted: grpcurl reads flags only before'],
    ['grpcurl -plaintext h:1', 'grpcurl command without an address and a method'],
    ['grpcurl -plaintext unix:///tmp/s a.B/C', 'grpcurl address `unix:///tmp/s` cannot be converted'],
    ['grpcurl -plaintext h:1 Method', 'grpcurl method `Method` cannot be converted'],
    ['grpcurl -bogus h:1 a.B/C', 'unknown grpcurl flag `-bogus`'],
  ])('refuses `%s` by name', (command, message) => {
    expect(failure(() => convertCurlText(command)).message).toContain(message);
  });

  it('refuses grpcurl mixed with curl commands', () => {
    const error = failure(() => convertCurlText('grpcurl -plaintext h:1 a.B/C\ncurl https://a.test\n'));
    expect(error.message).toBe('grpcurl and other commands cannot be converted together');
  });
});
