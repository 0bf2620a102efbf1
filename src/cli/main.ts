import { bufferOutput } from './bufferedOutput.js';
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

const stdout = bufferOutput(guardedStream(process.stdout));
const stderr = guardedStream(process.stderr);

// Nothing is lost or reordered: stdout's lines go out before anything on stderr (often the same log), at
// exit, and before a signal ends the process (the signal is then raised again, as if never caught).
process.once('exit', stdout.flush);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    stdout.flush();
    process.kill(process.pid, signal);
  });
}

const io: CliIo = {
  stdout: stdout.stream,
  stderr: {
    write: (text) => {
      stdout.flush();
      stderr.write(text);
    },
    isTTY: stderr.isTTY,
  },
  env: process.env,
  cwd: process.cwd(),
  nodeVersion: process.versions.node,
};

runMain(process.argv.slice(2), io).then(
  (code) => {
    stdout.flush();
    process.exitCode = code;
  },
  (error: unknown) => {
    stdout.flush();
    process.stderr.write(`error: internal error: ${String(error)}\n`);
    process.exitCode = 2;
  },
);
