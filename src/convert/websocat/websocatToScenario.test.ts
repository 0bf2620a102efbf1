// `runner convert` of websocat commands (issue 25): what maps cleanly becomes a websocket step, the rest is
// refused by the option's name.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RunnerError } from '../../diagnostics/errors.js';
import { parseScenario } from '../../language/index.js';
import { convertCurlText, convertCurlWords } from '../curlToScenario.js';
import { thrown } from '../../../test/support/rejection.js';

interface ConvertedStep {
  websocket?: Record<string, unknown>;
  request?: Record<string, unknown>;
}

/** The converted steps, after the validator accepted the scenario as it is. */
function steps(yaml: string): ConvertedStep[] {
  expect(parseScenario(yaml, 'converted.yaml').diagnostics).toEqual([]);
  return (parse(yaml) as { steps: ConvertedStep[] }).steps;
}

const failure = (run: () => unknown): RunnerError => thrown(run, RunnerError);

describe('convert: websocat commands', () => {
  it('turns the URL, headers, subprotocols and -1 into a websocket step', () => {
    const { yaml, warnings } = convertCurlText(
      "websocat -1 -H 'X-Trace: t-1' --header='Accept-Language: fr' --protocol 'chat, v2' --origin https://app.test --ua probe/1 ws://localhost:8080/chat",
    );
    expect(warnings).toEqual([]);
    expect(yaml).toContain('scenario: websocket localhost:8080/chat\n');
    expect(yaml).toContain('Converted from a websocat command by `runner convert`');
    expect(steps(yaml)).toEqual([
      {
        websocket: {
          url: 'ws://localhost:8080/chat',
          headers: {
            'X-Trace': 't-1',
            'Accept-Language': 'fr',
            Origin: 'https://app.test',
            'User-Agent': 'probe/1',
          },
          subprotocols: ['chat', 'v2'],
          receive: { count: 1 },
        },
      },
    ]);
  });

  it('sends the lines of a heredoc, or what echo pipes in, one message each, as literal text', () => {
    const heredoc = convertCurlText(
      'websocat ws://localhost:1/x <<\'EOF\'\n{"op":"subscribe"}\n\nhello {{name}}\nEOF\n',
    );
    const send = steps(heredoc.yaml)[0]?.websocket?.send as string[];
    expect(send).toHaveLength(2);
    expect(send[0]).toBe('{"op":"subscribe"}');
    // Template syntax in the message is escaped: the step sends these characters as they are.
    expect(send[1]).not.toBe('hello {{name}}');
    expect(send[1]).toMatch(/^hello /);
    const echoed = convertCurlText(`echo '{"op":"ping"}' | websocat -n -t ws://localhost:1/x`);
    expect(echoed.warnings).toEqual([]);
    expect(steps(echoed.yaml)[0]?.websocket?.send).toEqual(['{"op":"ping"}']);
    expect(echoed.yaml).toContain('# - websocat -n: the step keeps receiving after it has sent');
    // -u: websocat sends nothing from its input.
    expect(
      steps(convertCurlText('websocat -u ws://localhost:1/x <<EOF\nhi\nEOF\n').yaml)[0]?.websocket,
    ).not.toHaveProperty('send');
  });

  it('never writes a secret: header and query credentials become $accounts variables', () => {
    const { yaml } = convertCurlText(
      "websocat -H 'Authorization: Bearer tok-s3cr3t' 'wss://api.test/ws?access_token=qs-s3cr3t&room=1'",
      { credentialsFile: '.runner/credentials/local.yaml' },
    );
    expect(yaml).not.toContain('s3cr3t');
    const websocket = steps(yaml)[0]?.websocket;
    expect(websocket?.url).toMatch(/^wss:\/\/api\.test\/ws\?access_token=\$accounts\.api\.\w+&room=1$/);
    expect((websocket?.headers as Record<string, string>).Authorization).toMatch(
      /^Bearer \$accounts\.api\.\w+$/,
    );
    expect(yaml).toContain('.runner/credentials/local.yaml');
  });

  it('keeps curl and websocat commands of one paste in order', () => {
    const { yaml } = convertCurlText('curl https://api.test/login\nwebsocat wss://api.test/ws\n');
    expect(steps(yaml).map((step) => Object.keys(step).find((key) => key !== 'name'))).toEqual([
      'request',
      'websocket',
    ]);
    expect(convertCurlWords(['websocat', 'ws://localhost:1/x']).yaml).toContain('url: ws://localhost:1/x');
  });

  it('refuses what a websocket step cannot say, naming the option or the address', () => {
    const cases: [string, RegExp][] = [
      [
        'websocat -b ws://a.test/x',
        /^websocat option `-b` cannot be converted: a websocket step sends text frames/,
      ],
      ['websocat -s 8080', /^websocat option `-s` cannot be converted: runner connects to servers/],
      ['websocat -U ws://a.test/x', /^websocat option `-U` cannot be converted/],
      ['websocat -E ws://a.test/x', /^websocat option `-E` cannot be converted/],
      ['websocat --basic-auth u:p ws://a.test/x', /^websocat option `--basic-auth` cannot be converted/],
      [
        'websocat --ping-interval 5 ws://a.test/x',
        /^websocat option `--ping-interval` cannot be converted: not an option/,
      ],
      [
        'websocat -H NoColon ws://a.test/x',
        /^websocat option `-H` cannot be converted: `NoColon` is not `Name: value`/,
      ],
      ['websocat --protocol', /^websocat option `--protocol` cannot be converted: it needs a value/],
      [
        'websocat tcp:127.0.0.1:1234',
        /^websocat address `tcp:127\.0\.0\.1:1234` cannot be converted: a websocket step connects to a `ws:\/\/` or `wss:\/\/` URL/,
      ],
      [
        'websocat ws://a.test/x ws://b.test/y',
        /^websocat address `ws:\/\/b\.test\/y` cannot be converted: a websocket step is one client connection/,
      ],
      ['websocat -t', /^the websocat command has no URL/],
      [
        'cat x | websocat ws://a.test/x',
        /^websocat sends what `cat` prints, which is unknown when converting/,
      ],
    ];
    for (const [command, message] of cases) {
      const error = failure(() => convertCurlText(command));
      expect(error.message, command).toMatch(message);
      expect(error.code, command).toMatch(/^convert\./);
    }
  });
});
