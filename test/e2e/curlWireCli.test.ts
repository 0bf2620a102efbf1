// Issue 22: commands from real use that `runner convert` refused or misread, taken the way a user meets them:
// the built CLI converts each (`runner convert -`), `runner run` sends the scenarios, and the real curl sends
// the commands, each against its own recording server; the requests must match (as in curlWire.test.ts), or
// the conversion must be refused naming what and why, with nothing on standard output.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace, type CliRun } from '../support/cli.js';
import { curlAndRunner, runCurl } from '../support/curlReplay.js';
import { startRecordingServers, type RecordingServers } from '../support/recordingServer.js';

const HOST = 'HOST';

/** Commands that convert: each id names the scenario file; HOST becomes the command's own server. */
const CONVERTED: Record<string, string> = {
  // A browser copy states the body's length (none here: `-X POST` without data).
  'browser-content-length-empty': `curl 'http://${HOST}/ajax/demo_post.asp' -X POST -H 'Origin: http://www.example.test' -H 'Accept: */*' -H 'Connection: keep-alive' -H 'Content-Length: 0' --compressed`,
  'browser-content-length-body': `curl 'http://${HOST}/login' -H 'Content-Type: application/x-www-form-urlencoded' -H 'Content-Length: 19' --data-raw 'name=ada&city=paris'`,
  // curl 7.88 ignores a -H without a colon (or with text after `;`); `Name;` sends an empty value.
  'header-without-colon': `curl http://${HOST}/headers -H 'junk' -H 'Empty;' -H 'Spaced; ' -H ': v' -H 'Bearer s3cr3t-not-a-header' -H 'X-Kept: yes'`,
  // curl uploads a file with no content type at all.
  'upload-without-type': `curl -T upload.txt http://${HOST}/files/`,
  'upload-stdin-without-type': `curl http://${HOST}/third --upload-file - < upload.txt`,
  // curl sends the parts in order: here the file first, then the text parts.
  'multipart-file-then-text': `curl -XPATCH http://${HOST}/patch -F file1=@assets/part.txt -F form1=form+data+1 -F form2=form_data_2`,
};

let servers: RecordingServers;
let dir: string;
let cleanup: () => Promise<void>;
const ids = Object.keys(CONVERTED);
const conversions = new Map<string, CliRun>();
const curlCounts = new Map<string, number>();

function onServer(command: string, slot: number): string {
  return command.split(HOST).join(`localhost:${servers.ports[slot]}`);
}

beforeAll(async () => {
  servers = await startRecordingServers(ids.length);
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  // Both sides send only the headers the command or the step names (see curlWire.test.ts).
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: wire }\nhttp: { compressed: false }\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), 'baseUrl: http://localhost:1\n');
  await writeFile(join(dir, 'upload.txt'), 'uploaded text\nsecond line\n');
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'assets/part.txt'), 'a file part\n');
  for (const [slot, id] of ids.entries()) {
    const command = onServer(CONVERTED[id] ?? '', slot);
    const converted = await runCli(['convert', '-'], { cwd: dir, stdin: command });
    conversions.set(id, converted);
    if (converted.code === 0) await writeFile(join(dir, '.runner/tests', `${id}.yaml`), converted.stdout);
    await runCurl(command, dir);
    curlCounts.set(id, servers.requests(slot).length);
  }
  const run = await runCli(['run'], { cwd: dir });
  if (run.code === 2) throw new Error(`runner run could not start:\n${run.stderr}${run.stdout}`);
}, 120_000);

afterAll(async () => {
  await servers.close();
  await cleanup();
});

describe('runner convert, then runner run, sends what curl sends (issue 22)', () => {
  it('converts each command, with a note on what it leaves out and no secret in it', () => {
    for (const id of ids) {
      const converted = conversions.get(id);
      expect({ id, code: converted?.code, stderr: converted?.stderr }).toEqual({ id, code: 0, stderr: '' });
      expect(converted?.stdout, id).not.toContain('s3cr3t');
    }
    expect(conversions.get('browser-content-length-body')?.stdout).toContain(
      "# - curl -H 'Content-Length: 19': the length of the body, which runner's HTTP client writes itself",
    );
    expect(conversions.get('header-without-colon')?.stdout).toContain(
      '# - curl -H: the 1st, 3rd, 4th and 5th are not `Name: value` headers, so curl sends nothing for them',
    );
    expect(conversions.get('upload-without-type')?.stdout).toContain('        Content-Type: []\n');
    expect(conversions.get('multipart-file-then-text')?.stdout).toContain(
      '      multipart:\n        files:\n          file1:\n            path: part.txt\n            contentType: text/plain\n        fields:\n',
    );
  });

  it('puts the same requests on the wire as curl', () => {
    for (const [slot, id] of ids.entries()) {
      const all = servers.requests(slot);
      const curlCount = curlCounts.get(id) ?? 0;
      expect(curlCount, `${id}: curl sent nothing`).toBeGreaterThan(0);
      const { fromCurl, fromRunner } = curlAndRunner(all, curlCount, conversions.get(id)?.stdout);
      expect(fromRunner.join('\n~~\n'), id).toBe(fromCurl.join('\n~~\n'));
    }
  });

  it('sends a -T upload without a content type, as curl does', () => {
    const slot = ids.indexOf('upload-without-type');
    const requests = servers.requests(slot);
    expect(requests.length).toBe(2);
    for (const request of requests) {
      expect(request.headers.some(([name]) => name.toLowerCase() === 'content-type')).toBe(false);
      expect(request.body.toString()).toBe('uploaded text\nsecond line\n');
    }
  });
});

describe('runner convert refuses what curl would send differently, naming it and why', () => {
  async function refused(command: string): Promise<string> {
    const result = await runCli(['convert', '-'], { cwd: dir, stdin: command });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    return result.stderr;
  }

  it('reads standard input from a backquote substitution as bash, and names the substitution', async () => {
    expect(await refused('curl http://localhost:1/ --data @- < `echo upload.txt`\n')).toBe(
      '<stdin>:1:38: the command substitution `` `echo upload.txt` `` cannot be converted: runner does not run shell commands (run it and paste its output into the command)\n',
    );
  });

  it('refuses a Content-Length that is not the length of the body', async () => {
    expect(
      await refused(`curl 'http://localhost:1/login' -H 'Content-Length: 99' --data-raw 'user=ada'`),
    ).toContain(
      "curl option `-H 'Content-Length: 99'` cannot be converted: the body curl sends is 8 bytes: curl sends the header as given",
    );
  });
});
