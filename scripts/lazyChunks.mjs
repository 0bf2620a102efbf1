// Heavy libraries that only some commands need (spreadsheets, Redis, the MCP SDK) are built into their own
// files beside the program (dist/lib/cli.cjs), so every other command starts without even parsing them
// (bench/startup). The program reaches them through scripts/chunkLoader.cjs on first use; build-exe.mjs
// embeds them as assets of the single executable.
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Chunk file -> the module specifiers it serves. Specifiers that share state (the MCP SDK and the zod
 * instance its schemas are checked with) must share a chunk.
 */
export const LAZY_CHUNKS = {
  'mcp.cjs': ['@modelcontextprotocol/sdk/server/mcp.js', '@modelcontextprotocol/sdk/server/stdio.js', 'zod'],
  'redis.cjs': ['redis'],
  'xlsx.cjs': ['@cj-tech-master/excelts'],
};

const LAZY_PACKAGES =
  /^(@modelcontextprotocol\/sdk|zod|redis|@redis\/[^/]+|@cj-tech-master\/excelts)(\/.*)?$/;

function chunkOf(specifier) {
  for (const [chunk, specifiers] of Object.entries(LAZY_CHUNKS)) {
    if (specifiers.includes(specifier)) return chunk;
  }
  return undefined;
}

/** esbuild plugin for the main bundle: an import of a lazy library becomes a property of its chunk. */
export function lazyChunksPlugin(root) {
  const loader = join(root, 'scripts', 'chunkLoader.cjs');
  return {
    name: 'lazy-chunks',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: LAZY_PACKAGES }, (args) => {
        const chunk = chunkOf(args.path);
        if (chunk === undefined) {
          return {
            errors: [
              {
                text: `${args.path} is a lazily loaded library: add it to a chunk in LAZY_CHUNKS (scripts/lazyChunks.mjs)`,
              },
            ],
          };
        }
        return { path: args.path, namespace: 'lazy-chunk', pluginData: { chunk } };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-chunk' }, (args) => ({
        contents:
          `module.exports = require(${JSON.stringify(loader)})` +
          `.loadChunk(${JSON.stringify(args.pluginData.chunk)})[${JSON.stringify(args.path)}];`,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/** Builds every chunk into `outdir`: one CJS file each, exporting its specifiers by name. */
export async function buildLazyChunks(root, outdir, options) {
  for (const [chunk, specifiers] of Object.entries(LAZY_CHUNKS)) {
    const contents = specifiers
      .map((specifier) => `exports[${JSON.stringify(specifier)}] = require(${JSON.stringify(specifier)});`)
      .join('\n');
    await build({
      ...options,
      stdin: { contents, resolveDir: root, sourcefile: `lazy-chunk:${chunk}`, loader: 'js' },
      outfile: join(outdir, chunk),
    });
  }
}
