import type { OutputStream } from '../reporters/index.js';
import type { Interrupts } from './interrupts.js';

/** Keys typed at the terminal, for `runner run --watch`; main.ts passes the process's standard input. */
export interface KeyInput {
  isTTY: boolean;
  /** Raw mode on a terminal: each key arrives as typed, without Enter, and is not echoed. */
  setRawMode(raw: boolean): void;
  onData(listener: (chunk: string) => void): void;
  /** Stops listening, so the process can end. */
  close(): void;
}

/** Everything a command may touch of the outside world; `main.ts` passes the process's, tests pass fakes. */
export interface CliIo {
  stdout: OutputStream & { isTTY: boolean };
  stderr: OutputStream & { isTTY: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  nodeVersion: string;
  /** SIGINT and SIGTERM, for a command that stops cleanly; absent, a signal ends the process. */
  interrupts?: Interrupts;
  /** Standard input as keys (`run --watch`); absent where there is none. */
  keys?: KeyInput;
}

/**
 * Colour only on a terminal, honouring NO_COLOR (any non-empty value) and FORCE_COLOR (anything but "0"
 * or "false"), as most CLI tools do.
 */
export function wantsColor(stream: { isTTY: boolean }, env: CliIo['env']): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY && env.TERM !== 'dumb';
}
