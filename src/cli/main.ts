import type { CliIo } from './io.js';
import { runMain } from './runMain.js';

// The only place that touches the process: streams in, exit code out (STYLE.md, "Only cli/ touches process").
const io: CliIo = {
  stdout: { write: (text) => void process.stdout.write(text), isTTY: process.stdout.isTTY === true },
  stderr: { write: (text) => void process.stderr.write(text), isTTY: process.stderr.isTTY === true },
  env: process.env,
  cwd: process.cwd(),
  nodeVersion: process.versions.node,
};

// `runner run | head` closes the pipe early; that is the reader's choice, not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

runMain(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: internal error: ${String(error)}\n`);
    process.exitCode = 2;
  },
);
