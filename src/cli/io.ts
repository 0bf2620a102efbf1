import type { OutputStream } from '../reporters/index.js';
import type { Interrupts } from './interrupts.js';

/** Everything a command may touch of the outside world; `main.ts` passes the process's, tests pass fakes. */
export interface CliIo {
  stdout: OutputStream & { isTTY: boolean };
  stderr: OutputStream & { isTTY: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  nodeVersion: string;
  /** SIGINT and SIGTERM, for a command that stops cleanly; absent, a signal ends the process. */
  interrupts?: Interrupts;
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
