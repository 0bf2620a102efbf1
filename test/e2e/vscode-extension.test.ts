import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/cli.js';
import { DEFAULT_READ_LIMITS } from '../../src/spreadsheets/limits.js';
import { unzipEntries } from '../../src/spreadsheets/zipEntries.js';

/**
 * `npm run build:vscode`'s packer (scripts/build-vscode.mjs) on the built CLI: the .vsix it writes is read
 * back as VS Code reads it, a zip with an OPC manifest and the extension under extension/.
 */
const run = promisify(execFile);
let out: string;
let files: Map<string, Buffer>;
const extensionManifest = JSON.parse(
  await readFile(join(repoRoot, 'editors/vscode/package.json'), 'utf8'),
) as {
  name: string;
  version: string;
  main: string;
  engines: { vscode: string };
  contributes: {
    yamlValidation: { fileMatch: string; url: string }[];
    configuration: { properties: Record<string, { markdownDescription?: string }> };
  };
};

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'runner-vsix-'));
  // The packer reads only local files: the built CLI, the extension's sources and node_modules.
  await run(process.execPath, [join(repoRoot, 'scripts/build-vscode.mjs'), out], { cwd: repoRoot });
  const vsix = join(out, `${extensionManifest.name}-${extensionManifest.version}.vsix`);
  // A .vsix is a zip like an .xlsx: read with the reader the spreadsheet import uses.
  const entries = unzipEntries(await readFile(vsix), 'the .vsix', DEFAULT_READ_LIMITS);
  files = new Map(entries.map((entry) => [entry.name, Buffer.from(entry.data)]));
}, 120_000);
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('the VS Code extension package', () => {
  it('is an OPC package with the extension under extension/', () => {
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/README.md',
      'extension/dist/extension.js',
      'extension/dist/scenario.schema.json',
      'extension/package.json',
    ]);
    const types = files.get('[Content_Types].xml')!.toString();
    for (const extension of ['.vsixmanifest', '.json', '.js', '.md'])
      expect(types).toContain(`Extension="${extension}"`);
    const vsixManifest = files.get('extension.vsixmanifest')!.toString();
    expect(vsixManifest).toContain(
      `<Identity Language="en-US" Id="runner-vscode" Version="${extensionManifest.version}" Publisher="runner" />`,
    );
    expect(vsixManifest).toContain(
      `<Property Id="Microsoft.VisualStudio.Code.Engine" Value="${extensionManifest.engines.vscode}" />`,
    );
    expect(vsixManifest).toContain('Path="extension/package.json"');
  });

  it('names the language server it starts: `runner lsp`', () => {
    const manifest = JSON.parse(files.get('extension/package.json')!.toString()) as typeof extensionManifest;
    expect(files.has(`extension/${manifest.main.replace(/^\.\//, '')}`)).toBe(true);
    expect(manifest.contributes.configuration.properties['runner.path']?.markdownDescription).toContain(
      '`runner lsp`',
    );
    // The bundled client spawns the server with exactly that argument.
    expect(files.get('extension/dist/extension.js')!.toString()).toMatch(/args:\["lsp"\]/);
  });

  it('registers the schema `runner schema` prints for scenario files under .runner/', async () => {
    const manifest = JSON.parse(files.get('extension/package.json')!.toString()) as typeof extensionManifest;
    const validations = manifest.contributes.yamlValidation;
    expect(validations.map((validation) => validation.fileMatch)).toEqual([
      '**/.runner/tests/**/*.yaml',
      '**/.runner/tests/**/*.yml',
    ]);
    const schema = await runCli(['schema'], { cwd: repoRoot });
    for (const validation of validations) {
      const packed = files.get(`extension/${validation.url.replace(/^\.\//, '')}`);
      expect(packed?.toString()).toBe(schema.stdout);
    }
  });
});
