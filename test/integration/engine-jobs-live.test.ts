import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/**
 * Under --jobs, executions running beside others have their events held until they end (console output is
 * grouped); a `parallel: false` one runs alone, so its events are told as they happen (issue 14: nothing
 * holds a long loop's records). The server notes, at each request, which earlier steps listeners had seen.
 */
let server: TestServer;
const seenAtRequest = new Map<string, string[]>();
const ended: string[] = [];
beforeAll(
  async () =>
    (server = await startTestServer({
      handler: (request, response) => {
        seenAtRequest.set(request.url ?? '', [...ended]);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
      },
    })),
);
afterAll(() => server.close());

const scenario = (name: string, parallel: boolean) =>
  scenarioFromYaml(
    `
scenario: ${name}
${parallel ? '' : 'parallel: false\n'}steps:
  - request: { method: GET, url: /${name}/first }
  - request: { method: GET, url: /${name}/second }
`,
    { file: `${name}.yaml` },
  );

describe('events under --jobs', () => {
  it('holds those of executions running together, and tells those of one running alone as they happen', async () => {
    await runScenarios([scenario('together', true), scenario('other', true), scenario('alone', false)], {
      baseUrl: server.url,
      jobs: 2,
      listener: { onStepEnd: (event) => void ended.push(event.result.label) },
    });
    expect(seenAtRequest.get('/together/second')).not.toContain('GET /together/first');
    expect(seenAtRequest.get('/alone/second')).toContain('GET /alone/first');
  });
});
