// `npm run demo`: the demo API in the foreground (PORT or 4010), until Ctrl-C. The bundle is rebuilt first:
// esbuild takes well under a second, and a stale demo would answer with yesterday's endpoints.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), 'demo'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('demo: the build failed, see above');
  process.exit(1);
}

const server = spawn(process.execPath, [join(root, 'dist', 'demo.cjs')], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the server through the terminal's process group; a `kill` aimed at this script is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal === null ? 0 : constants.signals[signal]));
});
