// dist/runner.cjs, the command users run (DECISIONS.md, "Product and entry points"). It turns on Node's
// compile cache (a public API since Node 22.1; Node 20 simply compiles) in runner's cache folder, then
// imports the program, dist/lib/cli.mjs (built from main.ts): the cache applies only to modules loaded
// after it is enabled, which is why the program is a file of its own.
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDirectory, privateFolder } from './cacheDirectory.js';

// Looked up, not called directly: @types/node 20 does not declare it, and Node 20 does not have it.
const enableCompileCache = (module as { enableCompileCache?: (directory: string) => unknown })
  .enableCompileCache;
if (enableCompileCache !== undefined) {
  const folder = cacheDirectory(process.env);
  const root = folder === undefined ? undefined : privateFolder(folder);
  const compileCache = root === undefined ? undefined : privateFolder(join(root, 'compile'));
  if (compileCache !== undefined) enableCompileCache(compileCache);
}

// RUNNER_DEBUG prints the stack of an internal error (runMain.ts): through the source maps the build writes
// beside each file, so its frames name our src/*.ts files. Only then: reading maps costs start-up time, and
// maps apply only to code loaded after they are turned on, hence here, before the program is imported.
if (process.env.RUNNER_DEBUG) process.setSourceMapsEnabled(true);

import(pathToFileURL(join(import.meta.dirname, 'lib', 'cli.mjs')).href).catch((error: unknown) => {
  // Only a broken installation gets here (dist/lib missing or unreadable): say so without a stack trace.
  process.stderr.write(
    `error: cannot load runner's program beside ${import.meta.filename}: ${String(error)}\n`,
  );
  process.exitCode = 2;
});
