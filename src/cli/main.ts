import { constants } from 'node:os';
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
// exit, and before a signal ends the process. Only buffered output needs the signal handlers: on a
// terminal, Ctrl-C keeps Node's default and stops the process at once.
process.once('exit', stdout.flush);
if (!process.stdout.isTTY) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => endBy(signal));
}

/** Flushes, lets a slow pipe reader take the rest (1 s at most), then ends as the signal would have. */
function endBy(signal: NodeJS.Signals): void {
  stdout.flush();
  let raised = false;
  const raise = () => {
    if (raised) return;
    raised = true;
    try {
      process.kill(process.pid, signal);
    } catch {
      // Windows cannot raise every signal: exit with the code a shell reports for it.
      process.exit(128 + (constants.signals[signal] ?? 0));
    }
  };
  if (process.stdout.writableLength === 0) return raise();
  process.stdout.once('drain', raise);
  setTimeout(raise, 1_000).unref();
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
