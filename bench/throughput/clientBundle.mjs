// Bundles runner's HTTP client (src/http/index.ts) into one minified ES module, as scripts/build.mjs builds
// the product, for bareClient.mjs: the benchmark then measures the client's code as users run it.
import { join } from 'node:path';
import { build } from 'esbuild';

/** Writes `<dir>/client.mjs` from the source tree at `root` and returns its path. */
export async function bundleClient(root, dir) {
  const outfile = join(dir, 'client.mjs');
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'src', 'http', 'index.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    outfile,
    banner: {
      js: 'import { createRequire as __cr } from "node:module";const require = __cr(import.meta.url);',
    },
    logLevel: 'warning',
  });
  return outfile;
}
