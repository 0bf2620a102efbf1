import type { RunStop } from '../engine/index.js';

/**
 * Ctrl-C and SIGTERM as a command sees them (DECISIONS.md, Interrupts: SIGTERM is handled like SIGINT).
 * main.ts feeds the process's signals in; a command that can stop cleanly (`run`) claims them while it works.
 */
export interface Interrupts {
  /** Aborted by the first signal (`run`) and the second (`teardown`) while claimed. */
  readonly stop: RunStop;
  /** The command handles signals from now until it calls the function returned. */
  claim(): () => void;
}

/** What main.ts should do with a signal. */
export type SignalVerdict =
  /** Nobody claimed it: end the process as the signal would (after flushing output). */
  | 'unhandled'
  /** The first: the command stops its run, runs teardown and writes its reports. */
  | 'stopping'
  /** The second: teardown is skipped; the command should end promptly, or be ended. */
  | 'hurrying'
  /** A third or later: the user insists; end now. */
  | 'insisting';

export interface InterruptSource extends Interrupts {
  /** One signal arrived. */
  receive(): SignalVerdict;
}

export function createInterrupts(): InterruptSource {
  const run = new AbortController();
  const teardown = new AbortController();
  let claims = 0;
  let received = 0;
  return {
    stop: { run: run.signal, teardown: teardown.signal },
    claim() {
      claims++;
      let released = false;
      return () => {
        if (!released) claims--;
        released = true;
      };
    },
    receive() {
      if (claims === 0) return 'unhandled';
      received++;
      if (received === 1) {
        run.abort();
        return 'stopping';
      }
      if (received === 2) {
        teardown.abort();
        return 'hurrying';
      }
      return 'insisting';
    },
  };
}
