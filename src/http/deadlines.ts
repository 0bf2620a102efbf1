/** One exchange's deadline: `expire` runs once `at` (a `performance.now()` time) has passed, unless removed. */
export interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

/**
 * The deadlines of one client's exchanges on a single timer. A timer per request (`setTimeout` then
 * `clearTimeout`) cost about a tenth of the client's own work per request (bench/README.md, "Issue 24,
 * third stop: the HTTP client"): Node makes and drops its timer list each time. Here the timer stays armed
 * for the earliest deadline; an exchange that starts later and ends before it costs no timer work beyond
 * keeping the timer referenced only while some exchange waits, so an idle client never holds the process.
 */
export interface Deadlines {
  add(deadline: Deadline): void;
  remove(deadline: Deadline): void;
}

export function createDeadlines(): Deadlines {
  const pending = new Set<Deadline>();
  let timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (performance.now() time). */
  let firesAt = Infinity;

  const arm = (at: number) => {
    if (timer !== undefined) clearTimeout(timer);
    firesAt = at;
    timer = setTimeout(check, Math.max(1, Math.ceil(at - performance.now())));
  };

  function check() {
    timer = undefined;
    firesAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const deadline of pending) {
      if (deadline.at <= now) {
        pending.delete(deadline);
        deadline.expire();
      } else if (deadline.at < next) next = deadline.at;
    }
    // An expiry may have added a deadline (and armed the timer) already.
    if (pending.size > 0 && next < firesAt) arm(next);
  }

  return {
    add(deadline) {
      if (pending.size === 0) timer?.ref();
      pending.add(deadline);
      if (deadline.at < firesAt) arm(deadline.at);
    },
    remove(deadline) {
      if (!pending.delete(deadline)) return;
      if (pending.size === 0) timer?.unref();
    },
  };
}
