import type { CliIo } from './io.js';
import { runMain } from './runMain.js';

// The only place that touches the process: streams in, exit code out (STYLE.md, "Only cli/ touches process").

/**
 * A stream whose reader went away (`runner run | head`) stops being written to, but the run goes on:
 * teardown still runs and the exit code still tells the truth.
 */
function guardedStream(stream: NodeJS.WriteStream): CliIo['stdout'] {
  let open = true;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    open = false;
  });
  return {
    write: (text) => {
      if (open) stream.write(text);
    },
    isTTY: stream.isTTY === true,
  };
}

const io: CliIo = {
  stdout: guardedStream(process.stdout),
  stderr: guardedStream(process.stderr),
  env: process.env,
  cwd: process.cwd(),
  nodeVersion: process.versions.node,
};

runMain(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: internal error: ${String(error)}\n`);
    process.exitCode = 2;
  },
);
