// Bundles the CLI and the demo API (DECISIONS.md, "Product and entry points": `node dist/runner.cjs <args>`
// is the CLI): dist/runner.cjs, a small launcher that turns on Node's compile cache and then imports the
// program, dist/lib/cli.mjs and its chunks (src/cli/launcher.ts). The demo is dist/demo.cjs.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { trimSourceMaps } from './ownSourceMaps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The three build constants that src/cli/buildInfo.ts declares. */
function buildConstants() {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return {
    __RUNNER_VERSION__: version,
    __RUNNER_COMMIT__: gitShortHash(),
    __RUNNER_BUILD_DATE__: buildDate(),
  };
}

function gitShortHash() {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return hash === '' ? 'unknown' : hash;
  } catch {
    // No git, not a work tree, or no commit yet: DECISIONS.md allows `commit: unknown`.
    return 'unknown';
  }
}

// SOURCE_DATE_EPOCH (reproducible-builds.org) lets a packager pin the date; otherwise "now".
function buildDate() {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const date = epoch !== undefined && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
  return date.toISOString();
}

/**
 * CommonJS outputs (the launcher, the demo, the single executable's program) have no `import.meta`. These
 * stand-ins keep source written as ESM working (the launcher finds the program beside it; the demo server's
 * "run directly?" check compares import.meta.url with process.argv[1]).
 */
const IMPORT_META_BANNER = 'var __importMetaUrl = require("node:url").pathToFileURL(__filename).href;';
const IMPORT_META_DEFINES = {
  'import.meta.url': '__importMetaUrl',
  'import.meta.filename': '__filename',
  'import.meta.dirname': '__dirname',
};

/**
 * The program as ES modules: bundled dependencies written as CommonJS call `require` for Node's built-in
 * modules, which an ES module does not have, so each file makes one with the public createRequire.
 */
const ESM_REQUIRE_BANNER =
  'import { createRequire as __runnerCreateRequire } from "node:module";' +
  'const require = __runnerCreateRequire(import.meta.url);';

/** Options every output file shares: Node 20, fully minified with a linked source map. */
const COMMON_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Fully minified: smaller files parse faster at every start (bench/README.md). Stack traces in bug
  // reports map back through the linked source maps.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'eof',
  logLevel: 'warning',
};

/** esbuild has already printed each error with its file, line and column. */
function failedToBuild(output) {
  return () => {
    throw new BuildError(`cannot build ${output}: see the errors above`);
  };
}

function checkEntry(entry, output) {
  if (!existsSync(join(root, entry))) throw new BuildError(`cannot build ${output}: ${entry} does not exist`);
}

function printBuilt(file, entry) {
  const kib = (statSync(join(root, file)).size / 1024).toFixed(0);
  console.log(`built ${relative(root, join(root, file))} (${kib} KiB) from ${entry}`);
}

/** One CommonJS file with everything in it. */
async function bundleCommonJs({ entry, outfile, shebang, define }) {
  checkEntry(entry, outfile);
  await build({
    ...COMMON_OPTIONS,
    format: 'cjs',
    entryPoints: [entry],
    outfile,
    banner: { js: (shebang ? '#!/usr/bin/env node\n' : '') + IMPORT_META_BANNER },
    define: { ...define, ...IMPORT_META_DEFINES },
  }).catch(failedToBuild(outfile));
  if (shebang) chmodSync(join(root, outfile), 0o755);
  printBuilt(outfile, entry);
}

/**
 * Packages the program reaches with a synchronous `require()` at first use (re2js in
 * src/expressions/scenarioRegex.ts, `yaml` in src/language/parseYaml.ts): built as CommonJS files of their own
 * beside the chunks, so a run that never needs one neither reads nor compiles it (commands that `import`
 * `yaml`, such as convert, keep their own copy in a chunk). esbuild cannot split a `require()` off into a chunk of its own, hence these.
 */
const REQUIRED_APART = ['re2js', 'yaml'];

/** Points each `require()` of a REQUIRED_APART package at its own file in dist/lib/chunks. */
const requiredApart = {
  name: 'required-apart',
  setup(builder) {
    const names = new RegExp(`^(${REQUIRED_APART.join('|')})$`);
    builder.onResolve({ filter: names }, (args) =>
      args.kind === 'require-call' ? { path: `./${args.path}.cjs`, external: true } : undefined,
    );
  },
};

/** Builds the REQUIRED_APART files and checks that only chunks, which sit beside them, require them. */
async function bundleRequiredApart(outdir, metafile) {
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    for (const { path, kind } of imports) {
      const apart = kind === 'require-call' && REQUIRED_APART.some((name) => path === `./${name}.cjs`);
      if (apart && !output.startsWith(`${outdir}/chunks/`)) {
        throw new BuildError(`${output} requires ${path}, which is built into ${outdir}/chunks`);
      }
    }
  }
  for (const name of REQUIRED_APART) {
    await build({
      ...COMMON_OPTIONS,
      format: 'cjs',
      entryPoints: [name],
      outfile: join(outdir, 'chunks', `${name}.cjs`),
    }).catch(failedToBuild(name));
  }
}

/**
 * The program as ES modules split at every `import()`: a command, and a heavy library (spreadsheets,
 * Redis, the MCP SDK, JSON Schema, WebSocket, gRPC), is read from disk only when a run first needs it, so
 * `--version` reads a few kilobytes. Plain dynamic imports: no loader of our own. esbuild's metafile (which
 * inputs went into which chunk) is written beside dist/lib, outside the package, for the build tests that
 * check what a start-up loads.
 */
async function bundleSplit({ entry, outdir, name, define, metafile }) {
  checkEntry(entry, outdir);
  const result = await build({
    ...COMMON_OPTIONS,
    format: 'esm',
    splitting: true,
    entryPoints: { [name]: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: ESM_REQUIRE_BANNER },
    define: { ...define },
    metafile: true,
    plugins: [requiredApart],
  }).catch(failedToBuild(outdir));
  await bundleRequiredApart(outdir, result.metafile);
  writeFileSync(join(root, metafile), JSON.stringify(result.metafile));
  trimSourceMaps(join(root, outdir));
  printBuilt(join(outdir, `${name}.mjs`), entry);
}

/** A build failure whose message is enough: printed without a stack trace. */
class BuildError extends Error {}

const constants = buildConstants();
const define = Object.fromEntries(
  Object.entries(constants).map(([key, value]) => [key, JSON.stringify(value)]),
);

const TARGETS = {
  runner: async () => {
    // Files of an older build must not linger beside the program.
    rmSync(join(root, 'dist', 'lib'), { recursive: true, force: true });
    await bundleSplit({
      entry: 'src/cli/main.ts',
      outdir: 'dist/lib',
      name: 'cli',
      define,
      metafile: 'dist/lib.meta.json',
    });
    await bundleCommonJs({ entry: 'src/cli/launcher.ts', outfile: 'dist/runner.cjs', shebang: true, define });
  },
  demo: () => bundleCommonJs({ entry: 'demo/server.ts', outfile: 'dist/demo.cjs', shebang: false, define }),
  // The single executable's program (scripts/build-exe.mjs): one CommonJS file, since the embedded Node
  // runs one script and loads no file beside it.
  sea: () =>
    bundleCommonJs({ entry: 'src/cli/main.ts', outfile: 'dist/sea/program.cjs', shebang: false, define }),
};

try {
  // `node scripts/build.mjs [runner] [demo] [sea]`: runner and demo when none is named (build:exe builds sea).
  const names = process.argv.length > 2 ? process.argv.slice(2) : ['runner', 'demo'];
  for (const name of names) {
    const target = Object.hasOwn(TARGETS, name) ? TARGETS[name] : undefined;
    if (target === undefined) {
      throw new BuildError(`unknown target "${name}"; targets: ${Object.keys(TARGETS).join(', ')}`);
    }
    await target();
  }
  console.log(
    `version ${constants.__RUNNER_VERSION__}, commit ${constants.__RUNNER_COMMIT__}, built ${constants.__RUNNER_BUILD_DATE__}`,
  );
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(`build: ${error.message}`);
  process.exitCode = 1;
}
