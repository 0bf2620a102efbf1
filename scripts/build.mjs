// Bundles the CLI and the demo API (DECISIONS.md, "Product and entry points": `node dist/runner.cjs <args>`
// is the CLI). The CLI is two files: dist/lib/cli.cjs, the whole program, and dist/runner.cjs, a small
// launcher that sets V8 flags and starts the program from a code cache (src/cli/launcher.ts). Heavy
// libraries are lazy chunks beside the program (scripts/lazyChunks.mjs); the demo is dist/demo.cjs.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildLazyChunks, lazyChunksPlugin } from './lazyChunks.mjs';

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
 * The bundle is CommonJS, where `import.meta` is empty. These stand-ins keep source written as ESM working
 * (for example the demo server's "run directly?" check compares import.meta.url with process.argv[1]).
 */
const IMPORT_META_BANNER = 'var __importMetaUrl = require("node:url").pathToFileURL(__filename).href;';
const IMPORT_META_DEFINES = {
  'import.meta.url': '__importMetaUrl',
  'import.meta.filename': '__filename',
  'import.meta.dirname': '__dirname',
};

/** Options every output file shares: Node 20, CommonJS, fully minified with a linked source map. */
const COMMON_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Fully minified: the smaller file parses faster at every start (`--version` 1.5x -> 1.4x of `node -e 0`
  // in bench/startup). Stack traces in bug reports map back through the linked source map.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'eof',
  logLevel: 'warning',
};

/**
 * undici's HTTP/2 client loads node:http2 (and with it node:tls) when undici is loaded, ~6 ms of every start
 * (bench/startup), though only an HTTPS origin that negotiates h2 uses it. This plugin hands undici's client
 * a stand-in that loads the real HTTP/2 client on its first call.
 */
function lazyHttp2Plugin() {
  return {
    name: 'lazy-http2',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) => {
        if (!/[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/.test(args.importer)) return undefined;
        // A path for source maps that names no folder of this machine; the real one travels in pluginData.
        const real = join(args.resolveDir, 'client-h2.js');
        return { path: 'undici/lib/dispatcher/client-h2.js', namespace: 'lazy-http2', pluginData: { real } };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-http2' }, (args) => ({
        contents:
          'let connectH2;\n' +
          'module.exports = function connectH2Lazily(client, socket) {\n' +
          `  connectH2 ??= require(${JSON.stringify(args.pluginData.real)});\n` +
          '  return connectH2(client, socket);\n' +
          '};\n',
        resolveDir: dirname(args.pluginData.real),
        loader: 'js',
      }));
    },
  };
}

/** @param {{ entry: string; outfile: string; shebang: boolean; lazyChunks: boolean; define: Record<string, string> }} target */
async function bundle({ entry, outfile, shebang, lazyChunks, define }) {
  if (!existsSync(join(root, entry))) {
    throw new BuildError(`cannot build ${outfile}: ${entry} does not exist`);
  }
  const banner = (shebang ? '#!/usr/bin/env node\n' : '') + IMPORT_META_BANNER;
  const failed = () => {
    // esbuild has already printed each error with its file, line and column.
    throw new BuildError(`cannot build ${outfile}: see the errors above`);
  };
  await build({
    ...COMMON_OPTIONS,
    entryPoints: [entry],
    outfile,
    banner: { js: banner },
    define: { ...define, ...IMPORT_META_DEFINES },
    plugins: lazyChunks ? [lazyChunksPlugin(root), lazyHttp2Plugin()] : [],
  }).catch(failed);
  if (lazyChunks) {
    await buildLazyChunks(root, dirname(outfile), COMMON_OPTIONS).catch(failed);
  }
  if (shebang) chmodSync(join(root, outfile), 0o755);
  const kib = (statSync(join(root, outfile)).size / 1024).toFixed(0);
  console.log(`built ${relative(root, join(root, outfile))} (${kib} KiB) from ${entry}`);
}

/**
 * Node reads a file with any non-ASCII character into a two-byte string: for the 830 KB program that is
 * ~2 ms more to read it and ~1 ms more to compile it at every start, and 1.6 MB of memory instead of 0.8.
 * esbuild escapes what the program's strings hold; the bundled licence notices, which must stay as they
 * were written, get their few non-ASCII letters as \u escapes. Anything else non-ASCII fails the build,
 * so it is escaped in the source instead (see src/reporters/html/reportScript.ts).
 */
function asciiOnly(outfile) {
  const path = join(root, outfile);
  const text = readFileSync(path, 'utf8');
  const notices = text.lastIndexOf('/*! Bundled license information:');
  const escape = (part) =>
    part.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const ascii = notices < 0 ? text : text.slice(0, notices) + escape(text.slice(notices));
  const stray = ascii.search(/[\u0080-\uffff]/);
  if (stray >= 0) {
    const line = ascii.slice(0, stray).split('\n').length;
    throw new BuildError(
      `${outfile}:${line}: a non-ASCII character outside string literals; escape it in the source`,
    );
  }
  if (ascii !== text) writeFileSync(path, ascii);
}

/** A build failure whose message is enough: printed without a stack trace. */
class BuildError extends Error {}

const constants = buildConstants();
const define = Object.fromEntries(
  Object.entries(constants).map(([key, value]) => [key, JSON.stringify(value)]),
);

const PROGRAM = { entry: 'src/cli/main.ts', outfile: 'dist/lib/cli.cjs', shebang: false, lazyChunks: true };
const LAUNCHER = {
  entry: 'src/cli/launcher.ts',
  outfile: 'dist/runner.cjs',
  shebang: true,
  lazyChunks: false,
};

/** The program's digest names its code caches: a cache made for another build is never offered to V8. */
function programId() {
  return createHash('sha256')
    .update(readFileSync(join(root, PROGRAM.outfile)))
    .digest('hex');
}

const TARGETS = {
  runner: async () => {
    await bundle({ ...PROGRAM, define });
    asciiOnly(PROGRAM.outfile);
    await bundle({ ...LAUNCHER, define: { ...define, __RUNNER_PROGRAM_ID__: JSON.stringify(programId()) } });
  },
  demo: () =>
    bundle({ entry: 'demo/server.ts', outfile: 'dist/demo.cjs', shebang: false, lazyChunks: false, define }),
};

try {
  // `node scripts/build.mjs [runner] [demo]`: all targets when none is named (build:exe needs only runner).
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(TARGETS);
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
