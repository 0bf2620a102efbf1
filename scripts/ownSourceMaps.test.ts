// The shipped source maps keep runner's own mappings exactly and drop the bundled libraries' ones
// (scripts/ownSourceMaps.mjs). Judged by Node's own source map reader (node:module SourceMap), on a bundle
// esbuild builds here the way scripts/build.mjs does: minified, own code interleaved with a library's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { keepOwnMappings } from './ownSourceMaps.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'runner-source-maps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function bundle(): Promise<{ code: string; map: SourceMapPayload }> {
  mkdirSync(join(scratch, 'node_modules', 'lib'), { recursive: true });
  mkdirSync(join(scratch, 'src'), { recursive: true });
  writeFileSync(
    join(scratch, 'node_modules', 'lib', 'index.js'),
    'export function libraryWork(list) {\n  let total = 0;\n  for (const item of list) total += item * 2;\n  return total;\n}\n',
  );
  writeFileSync(
    join(scratch, 'src', 'main.ts'),
    [
      "import { libraryWork } from 'lib';",
      'export function ownFirst(values: number[]): number {',
      '  const doubled = libraryWork(values);',
      '  return doubled + values.length;',
      '}',
      'export function ownSecond(text: string): string {',
      "  return text.split('').reverse().join('') + String(ownFirst([1, 2]));",
      '}',
      '',
    ].join('\n'),
  );
  const result = await build({
    absWorkingDir: scratch,
    entryPoints: ['src/main.ts'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    outfile: join(scratch, 'out', 'main.mjs'),
    write: false,
  });
  const text = (suffix: string) => result.outputFiles.find((file) => file.path.endsWith(suffix))!.text;
  return { code: text('.mjs'), map: JSON.parse(text('.mjs.map')) as SourceMapPayload };
}

const isOwn = (source: string) => !source.includes('node_modules/');

describe('keepOwnMappings', () => {
  it("maps every position of runner's own code as before and no position of a library", async () => {
    const { code, map } = await bundle();
    expect(map.sources.some((source) => source.includes('node_modules/lib/'))).toBe(true);
    const before = new SourceMap(map);
    const trimmed = keepOwnMappings(map, isOwn);
    const after = new SourceMap(trimmed);
    expect(trimmed.sources).toEqual(map.sources.filter(isOwn));
    expect(trimmed.mappings.length).toBeLessThan(map.mappings.length);
    let own = 0;
    let library = 0;
    code.split('\n').forEach((line, lineIndex) => {
      for (let column = 0; column < line.length; column++) {
        const original = before.findEntry(lineIndex, column) as { originalSource?: string };
        const now = after.findEntry(lineIndex, column) as { originalSource?: string };
        if (original.originalSource !== undefined && isOwn(original.originalSource)) {
          own++;
          expect(now).toEqual(original);
        } else if (original.originalSource !== undefined) {
          library++;
          expect(now.originalSource).toBeUndefined();
        }
      }
    });
    // Both kinds of code were really there to compare.
    expect(own).toBeGreaterThan(20);
    expect(library).toBeGreaterThan(20);
  });

  it('keeps the names of own code for stack frames and drops the ones only a library used', async () => {
    const { map } = await bundle();
    const trimmed = keepOwnMappings(map, isOwn);
    expect(map.names).toEqual(expect.arrayContaining(['ownFirst', 'ownSecond', 'total', 'item']));
    expect(trimmed.names).toEqual(expect.arrayContaining(['ownFirst', 'ownSecond', 'values']));
    expect(trimmed.names).not.toContain('total');
    expect(trimmed.names).not.toContain('item');
  });
});
