// dist/runner.cjs, the command users run (DECISIONS.md, "Product and entry points"): sets the V8 flags, then
// starts the program in dist/lib/cli.cjs (built from main.ts) from a code cache when it can (codeCache.ts).
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { cacheDirectory } from './cacheDirectory.js';
import { runProgram } from './codeCache.js';
import { V8_FLAGS } from './v8Flags.js';

/** The program's digest, stamped by scripts/build.mjs. */
declare const __RUNNER_PROGRAM_ID__: string;

/** Commands that get a code cache of their own; every other start shares one. */
const CACHED_COMMANDS = new Set(['run', 'validate', 'mcp', 'convert']);

for (const flag of V8_FLAGS) setFlagsFromString(flag);
const command = process.argv[2] ?? '';
runProgram({
  file: join(import.meta.dirname, 'lib', 'cli.cjs'),
  id: __RUNNER_PROGRAM_ID__,
  cacheDir: cacheDirectory(process.env),
  variant: CACHED_COMMANDS.has(command) ? command : 'other',
});
