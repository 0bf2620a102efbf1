// Bundles runner's HTTP client (src/http/index.ts) as scripts/build.mjs builds the product: minified ES
// modules split at every `import()`, so what the client loads only on first use (the cookie library) stays
// out of its start, as in a run. bareClient.mjs then measures the client's code as users run it.
import { join } from 'node:path';
import { build } from 'esbuild';

/** Writes `<dir>/client.mjs` (and its chunks) from the source tree at `root` and returns its path. */
export async function bundleClient(root, dir) {
  await build({
    absWorkingDir: root,
    entryPoints: { client: join(root, 'src', 'http', 'index.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    banner: {
      js: 'import { createRequire as __cr } from "node:module";const require = __cr(import.meta.url);',
    },
    logLevel: 'warning',
  });
  return join(dir, 'client.mjs');
}
