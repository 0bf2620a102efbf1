// Issue 15: `runner convert` sends what curl sends. Every command of a corpus of real curl commands (curl's own
// manual and curlconverter's fixtures, origins in the fixture file) is run by the real curl binary and, once
// converted, by `runner run`, against recording servers (a hand-written PowerShell form is converted, and curl
// runs the bash command it was written from); the requests must match byte for byte (bar
// user-agent, header order and case, and the multipart boundary), or the conversion must be refused naming
// the option. One server port per command attributes each request; one `runner run` covers every scenario.
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertCurlText } from '../../src/convert/index.js';
import { RunnerError } from '../../src/diagnostics/errors.js';
import { repoRoot, runCli, tempWorkspace } from '../support/cli.js';
import { CORPUS_HOST, readCurlCorpus, type CorpusCommand } from '../support/curlCorpus.js';
import { startRecordingServers, type RecordingServers } from '../support/recordingServer.js';
import { curlAndRunner, runCurl } from '../support/curlReplay.js';
import { nodeCommandFiles } from '../../src/cli/commands/commandFiles.js';

interface Outcome {
  entry: CorpusCommand;
  slot: number;
  text: string;
  /** What curl runs with bash: the text, or the bash form of a PowerShell command. */
  curlText: string;
  refused?: string;
  /** The converted scenario. */
  yaml?: string;
  /** How many of the slot's requests came from curl (they come first; runner's follow). */
  curlCount?: number;
}

let servers: RecordingServers;
let dir: string;
let cleanup: () => Promise<void>;
const outcomes: Outcome[] = [];

/** Shell variables some commands use: both curl's shell and runner's `$env` see them. */
const SHELL_VARIABLES = {
  MYVARIABLE: 'from-the-shell',
  DO_API_TOKEN: 'token-from-the-shell',
  FILENAME: 'file',
};

/** Every file under `root`, by path relative to it (read once: writing copies is much faster than `cp`). */
async function readFiles(root: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), await readFile(path));
  }
  return files;
}

async function writeFiles(root: string, files: Map<string, Buffer>): Promise<void> {
  for (const [path, bytes] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes);
  }
}

/** Runs `task` on every item, at most `width` at once. */
async function inBatches<T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await task(item);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/**
 * A refusal names the option (or shell construct) it could not convert, in backquotes, and says why after it
 * (issue 22): `... cannot be converted: <why>`, `...; runner sends ...`, `..., which cannot be read`.
 */
function namesWhatAndWhy(message: string): boolean {
  const reason = /`[^`]+`.*(: |; |, which | would be sent as )(.+)$/.exec(message)?.[2];
  return reason !== undefined && reason !== 'it cannot be converted';
}

beforeAll(async () => {
  const corpus = await readCurlCorpus();
  servers = await startRecordingServers(corpus.length);
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests/wire'), { recursive: true });
  // runner asks for compressed answers by default (http.compressed) where curl does only with --compressed:
  // off here, so both send only the headers the command or the step names.
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: wire }\nhttp: { compressed: false }\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), 'baseUrl: http://localhost:1\n');
  // The files the commands name, where curl reads them (the current directory) and runner (assets/).
  const files = join(repoRoot, 'test/fixtures/curl-corpus/files');
  await cp(files, join(dir, 'assets'), { recursive: true });

  for (const [slot, entry] of corpus.entries()) {
    const onSlot = (command: string) => command.split(CORPUS_HOST).join(`localhost:${servers.ports[slot]}`);
    const text = onSlot(entry.text);
    const curlText = onSlot(entry.curlText);
    try {
      // Converting only reads the files; secrets stay literal, so the step sends them without credentials.
      const { yaml } = convertCurlText(text, {
        files: nodeCommandFiles(files),
        assetsPrefix: 'assets',
        isSensitive: () => false,
      });
      outcomes.push({ entry, slot, text, curlText, yaml });
      await writeFile(join(dir, '.runner/tests/wire', `${entry.id}.yaml`), yaml);
    } catch (error) {
      if (!(error instanceof RunnerError)) throw error;
      outcomes.push({ entry, slot, text, curlText, refused: error.message });
    }
  }
  // curl runs each converted command in its own copy of the files (one command's `-o file` must not change
  // another's input), a few at a time: each slot has its own server, so the order between commands is free.
  const fileCopies = await readFiles(files);
  const converted = outcomes.filter((outcome) => outcome.refused === undefined);
  await inBatches(converted, 4, async (outcome) => {
    const cwd = join(dir, 'commands', outcome.entry.id);
    await writeFiles(cwd, fileCopies);
    await runCurl(outcome.curlText, cwd, SHELL_VARIABLES);
  });
  const curlCounts = outcomes.map((outcome) => servers.requests(outcome.slot).length);
  const run = await runCli(['run', '.runner/tests/wire'], { cwd: dir, env: SHELL_VARIABLES });
  if (run.code === 2) throw new Error(`runner run could not start:\n${run.stderr}${run.stdout}`);
  outcomes.forEach((outcome, i) => (outcome.curlCount = curlCounts[i]));
}, 600_000);

afterAll(async () => {
  await servers.close();
  await cleanup();
});

describe('convert sends what curl sends: the wire-comparison corpus', () => {
  it('holds at least 150 real commands with their origin', () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(150);
    const publicSource = /^\S+\/\S+ \S+ @ [0-9a-f]{12}$/;
    // Hand-written: PowerShell forms of public commands, and options used where the public examples are refused.
    const handWritten = /^hand-written(: | PowerShell form of )\S/;
    for (const { entry } of outcomes) {
      expect(publicSource.test(entry.origin) || handWritten.test(entry.origin), entry.id).toBe(true);
    }
    expect(outcomes.filter((o) => publicSource.test(o.entry.origin)).length).toBeGreaterThanOrEqual(150);
  });

  it('reads the PowerShell `curl.exe` forms, refusing none', () => {
    const forms = outcomes.filter((o) => o.entry.curlText !== o.entry.text);
    expect(forms.length).toBeGreaterThanOrEqual(10);
    expect(forms.filter((o) => o.refused !== undefined).map((o) => `${o.entry.id}: ${o.refused}`)).toEqual(
      [],
    );
  });

  it('refuses only by naming what it cannot convert and why', () => {
    const unnamed = outcomes.filter((o) => o.refused !== undefined && !namesWhatAndWhy(o.refused));
    expect(unnamed.map((o) => `${o.entry.id}: ${o.refused}`)).toEqual([]);
  });

  // Issue 22: what real commands met. These convert now (and are compared below with every other one)...
  it('converts a browser Content-Length, -H values curl ignores, -T without a content type, files before text', () => {
    const ids = [
      'cc-post_with_browser_headers',
      'hand-content-length-body',
      'hand-header-without-colon',
      'cc-upload_file',
      'curl-upload-file-273',
      'cc-multiple_commands',
      'hand-upload-stdin-json',
      'cc-j_patch_file_with_data',
      'cc-post_with_extra_whitespace',
    ];
    const found = outcomes.filter((o) => ids.includes(o.entry.id));
    expect(found.map((o) => o.entry.id).sort()).toEqual([...ids].sort());
    expect(found.filter((o) => o.refused !== undefined).map((o) => `${o.entry.id}: ${o.refused}`)).toEqual(
      [],
    );
  });

  // ...and these are refused as what they are, naming it and why.
  it('refuses a backquote substitution as bash and a Content-Length that is not the body length, by name', () => {
    const refusal = (id: string) => outcomes.find((o) => o.entry.id === id)?.refused;
    expect(refusal('hand-backquote-stdin')).toBe(
      'the command substitution `` `echo file.txt` `` cannot be converted: runner does not run shell commands',
    );
    expect(refusal('cc-redirect_command_data')).toContain('the command substitution `` `echo myfile.jg` ``');
    expect(refusal('hand-content-length-mismatch')).toBe(
      "curl option `-H 'Content-Length: 99'` cannot be converted: the body curl sends is 8 bytes: curl sends the header as given and the server reads another body than the command holds, while runner always sends the body's real length",
    );
  });

  it('puts the same requests on the wire as curl for every command it converts', () => {
    const differences: string[] = [];
    for (const outcome of outcomes) {
      if (outcome.refused !== undefined) continue;
      const all = servers.requests(outcome.slot);
      const { fromCurl, fromRunner } = curlAndRunner(all, outcome.curlCount ?? 0, outcome.yaml);
      if (JSON.stringify(fromCurl) !== JSON.stringify(fromRunner)) {
        differences.push(
          `${outcome.entry.id}\n--- curl\n${fromCurl.join('\n~~\n')}\n--- runner\n${fromRunner.join('\n~~\n')}`,
        );
      }
    }
    expect(differences.join('\n\n')).toBe('');
    // Not vacuous: curl sent something for every command that was converted, except the one whose URL becomes
    // https (`--proto-default https`), which neither side can send to a plain-HTTP recorder.
    const silent = outcomes.filter(
      (o) => o.refused === undefined && (o.curlCount ?? 0) === 0 && o.entry.id !== 'curl-proto-default-162',
    );
    expect(silent.map((o) => o.entry.id)).toEqual([]);
    expect(outcomes.filter((o) => o.refused === undefined).length).toBeGreaterThanOrEqual(100);
  });
});
