import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/errors.js';
import { parseScenario } from './parseScenario.js';

const scenario = (...step: string[]): string => ['scenario: test', 'steps:', ...step].join('\n') + '\n';

function parse(text: string) {
  const parsed = parseScenario(text, 's.yaml');
  return {
    step: parsed.scenario?.steps.at(-1),
    problems: parsed.diagnostics.map((d) => `${d.code} ${formatDiagnostic(d)}`),
  };
}

describe('grpc steps in the scenario language', () => {
  it('builds the call: url, service, method, message, metadata, proto as a list, collection keys', () => {
    const { step, problems } = parse(
      scenario(
        '  - set: { token: t0k, tag: b }',
        '  - grpc:',
        '      url: grpc://localhost:50051',
        '      service: greet.Greeter',
        '      method: CountTo',
        '      proto: protos/greeter.proto',
        '      metadata: { authorization: Bearer $token }',
        '      message: { to: 3, tags: [a, $tag] }',
        '      count: 2',
        '      until: $message.n == 2',
        '      timeout: 2s',
        '    expect: { status: NOT_FOUND, trailers.grpc-message: exists, count(body): 2 }',
      ),
    );
    expect(problems).toEqual([]);
    expect(step).toMatchObject({
      kind: 'grpc',
      grpc: {
        url: 'grpc://localhost:50051',
        service: 'greet.Greeter',
        method: 'CountTo',
        proto: ['protos/greeter.proto'],
        metadata: { authorization: 'Bearer $token' },
        message: { to: 3, tags: ['a', '$tag'] },
        count: 2,
        until: '$message.n == 2',
        timeoutMs: 2000,
      },
    });
  });

  it('holds `status` to the kind: gRPC statuses on grpc steps, HTTP statuses on requests', () => {
    const grpc = (status: string) =>
      parse(
        scenario(
          '  - grpc: { url: grpc://h:1, service: a.B, method: C }',
          `    expect: { status: ${status} }`,
        ),
      ).problems;
    expect(grpc('5')).toEqual([]);
    expect(grpc('DEADLINE_EXCEEDED')).toEqual([]);
    expect(grpc('200')).toEqual(['expect.matcher s.yaml:4:23: `status` 200 is not a gRPC status (0-16)']);
    expect(grpc('2xx')[0]).toContain('`status` of a gRPC call is a status name such as `NOT_FOUND`');
    expect(grpc('NOT_FOUNDD')[0]).toContain('did you mean `NOT_FOUND` (a gRPC status)?');
    const request = (status: string) =>
      parse(scenario('  - request: { method: GET, url: /x }', `    expect: { status: ${status} }`)).problems;
    expect(request('NOT_FOUND')[0]).toContain('`status` takes an integer 100-599');
    expect(request('5')).toEqual(['expect.matcher s.yaml:4:23: `status` 5 is not an HTTP status (100-599)']);
  });

  it('refuses another scheme, and paths of other kinds, with their positions', () => {
    const { problems } = parse(
      scenario(
        '  - grpc: { url: https://h:1, service: a.B, method: C }',
        '    expect:',
        '      messages[0]: 1',
        '      events.count: 1',
      ),
    );
    expect(problems.join('\n')).toMatch(
      /s\.yaml:3:18: `url` must be a URL starting with `grpc:\/\/` or `grpcs:\/\/`/,
    );
    expect(problems.join('\n')).toMatch(/s\.yaml:5:7: `messages` is not available on a `grpc` step/);
    expect(problems.join('\n')).toMatch(/s\.yaml:6:7: `events` is not available on a `grpc` step/);
  });
});
