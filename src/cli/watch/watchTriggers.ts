/**
 * What starts a re-run in `runner run --watch` (DECISIONS.md, "Authoring"): saved files, gathered for a short
 * while so an editor's several writes (or a save of many files) make one run; Enter (everything); `f` (the
 * scenarios that failed); `q` (quit, exit 0) and Ctrl-C (quit as an interrupt, exit 130).
 */
export type Trigger =
  | { kind: 'changes'; paths: string[] }
  | { kind: 'all' }
  | { kind: 'failed' }
  | { kind: 'quit'; code: number };

/** Quiet time after the last file event before the changes run. */
const DEBOUNCE_MS = 150;

/** The trigger a typed key asks for, if any. */
export function keyTrigger(key: string): Trigger | undefined {
  switch (key) {
    case '\r':
    case '\n':
      return { kind: 'all' };
    case 'f':
    case 'F':
      return { kind: 'failed' };
    case 'q':
    case 'Q':
      return { kind: 'quit', code: 0 };
    case '\u0003':
      return { kind: 'quit', code: 130 };
    default:
      return undefined;
  }
}

/** A queue of triggers: file changes are debounced, and whatever waits is merged into one next run. */
export class TriggerQueue {
  private waiting: Trigger[] = [];
  private wake: (() => void) | undefined;
  private changed = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  push(trigger: Trigger): void {
    this.waiting.push(trigger);
    this.wake?.();
  }

  fileChanged(path: string): void {
    this.changed.add(path);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const paths = [...this.changed];
      this.changed.clear();
      this.push({ kind: 'changes', paths });
    }, DEBOUNCE_MS);
  }

  /** The next thing to do: quit wins, then everything, then the failed, then every changed file together. */
  async next(): Promise<Trigger> {
    while (this.waiting.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    const waiting = this.waiting;
    this.waiting = [];
    const quit = waiting.find((trigger) => trigger.kind === 'quit');
    if (quit) return quit;
    if (waiting.some((trigger) => trigger.kind === 'all')) return { kind: 'all' };
    const paths = waiting.flatMap((trigger) => (trigger.kind === 'changes' ? trigger.paths : []));
    if (paths.length > 0) {
      // A changed file and `f` together: the file's run comes first, `f` waits its turn.
      if (waiting.some((trigger) => trigger.kind === 'failed')) this.waiting.push({ kind: 'failed' });
      return { kind: 'changes', paths: [...new Set(paths)] };
    }
    return { kind: 'failed' };
  }

  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}
