// Issue 25: `runner convert` of a websocat command gives a scenario that runs as it is. The built CLI converts
// the command, the scenario is saved, and the same CLI runs it against a real `ws` server on loopback reached
// as `localhost`; refusals are exit 2 with the option's name and no stack trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startStreamServer, type StreamServer } from '../support/streamServer.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let server: StreamServer;
let workspace: FileWorkspace;

beforeAll(async () => {
  server = await startStreamServer();
  workspace = await fileWorkspace({ '.runner/environments/local.yaml': `baseUrl: http://${server.host}\n` });
});

afterAll(async () => {
  await server.close();
  await workspace.cleanup();
});

describe('convert websocat', () => {
  it('converts a websocat command into a websocket step that runs and sends what websocat sends', async () => {
    const command = `websocat -n -1 -H 'X-Client: cli' --protocol chat.v1 ws://${server.host}/echo <<'EOF'\n{"type":"hello"}\nEOF\n`;
    const converted = await runCli(['convert', '-'], { cwd: workspace.dir, stdin: command });
    expect(converted.stderr).toBe('');
    expect(converted.code).toBe(0);
    await workspace.write('.runner/tests/converted.yaml', converted.stdout);
    const before = server.connections.length;
    const result = await runCli(['run', '.runner/tests/converted.yaml', '-e', 'local'], {
      cwd: workspace.dir,
    });
    expect(result.stdout).toContain('PASSED');
    expect(result.code).toBe(0);
    expect(server.connections.length).toBe(before + 1);
    const connection = server.connections.at(-1);
    expect(connection?.headers['x-client']).toBe('cli');
    expect(connection?.headers['sec-websocket-protocol']).toBe('chat.v1');
    expect(connection?.received).toEqual(['{"type":"hello"}']);
  });

  it('refuses an option it cannot express by name, with exit 2', async () => {
    const result = await runCli(['convert', `websocat --binary ws://${server.host}/echo`], {
      cwd: workspace.dir,
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^error: websocat option `--binary` cannot be converted: a websocket step sends text frames/,
    );
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
