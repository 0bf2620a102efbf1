import { constants } from 'node:os';
import { escapeControls } from '../diagnostics/terminalText.js';
import { bufferOutput } from './bufferedOutput.js';
import { EXIT } from './exitCodes.js';
import { createInterrupts } from './interrupts.js';
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
// exit, and before a signal ends the process.
process.once('exit', stdout.flush);

/** How long a run may take to finish after the second interrupt before the process is ended anyway. */
const GRACE_AFTER_SECOND_MS = 3_000;

const interrupts = createInterrupts();
const handlers = new Map<NodeJS.Signals, () => void>();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  const handler = () => onSignal(signal);
  handlers.set(signal, handler);
  process.on(signal, handler);
}

/**
 * DECISIONS.md, Interrupts: while `run` works, the first SIGINT or SIGTERM stops it cleanly (teardown runs,
 * reports are written, exit 130), the second skips teardown, a third ends the process at once. Any other
 * time, and for SIGHUP, the signal ends the process as it would have, after the buffered output.
 */
function onSignal(signal: NodeJS.Signals): void {
  const verdict = signal === 'SIGHUP' ? 'unhandled' : interrupts.receive();
  const say = (text: string) => io.stderr.write(`${stderr.isTTY ? '\n' : ''}${text}\n`);
  switch (verdict) {
    case 'unhandled':
      return endBy(signal);
    case 'stopping':
      return say(
        `interrupted (${signal}): skipping the steps not yet run; teardown still runs (interrupt again to skip it)`,
      );
    case 'hurrying':
      say(`interrupted again (${signal}): skipping teardown`);
      setTimeout(exitInterrupted, GRACE_AFTER_SECOND_MS).unref();
      return;
    case 'insisting':
      return exitInterrupted();
  }
}

function exitInterrupted(): void {
  stdout.flush();
  process.exit(EXIT.interrupted);
}

/** Flushes, lets a slow pipe reader take the rest (1 s at most), then ends as the signal would have. */
function endBy(signal: NodeJS.Signals): void {
  stdout.flush();
  // Our handlers must not catch the signal raised again.
  for (const [name, handler] of handlers) process.off(name, handler);
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

/** Standard input is only opened when a command asks for keys, so other commands never hold it open. */
const keys: CliIo['keys'] = {
  get isTTY() {
    return process.stdin.isTTY === true;
  },
  setRawMode: (raw) => {
    if (process.stdin.isTTY) process.stdin.setRawMode(raw);
  },
  onData: (listener) => {
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', listener);
    process.stdin.resume();
  },
  close: () => {
    process.stdin.removeAllListeners('data');
    process.stdin.pause();
  },
};

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
  interrupts,
  keys,
};

runMain(process.argv.slice(2), io).then(
  (code) => {
    stdout.flush();
    process.exitCode = code;
  },
  (error: unknown) => {
    stdout.flush();
    process.stderr.write(`error: internal error: ${escapeControls(String(error))}\n`);
    process.exitCode = 2;
  },
);
