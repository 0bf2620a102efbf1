import { describe, expect, it, vi } from 'vitest';
import { createDeadlines, type Deadline } from './deadlines.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deadlines on one timer', () => {
  it('expires each deadline once its time has passed, an earlier one added later first', async () => {
    const deadlines = createDeadlines();
    const expired: string[] = [];
    const start = performance.now();
    const at = (name: string, ms: number): Deadline => ({
      at: start + ms,
      expire: () => expired.push(`${name} ${performance.now() - start >= ms}`),
    });
    deadlines.add(at('late', 400));
    deadlines.add(at('early', 30));
    deadlines.add(at('middle', 200));
    await sleep(100);
    expect(expired).toEqual(['early true']);
    await sleep(400);
    expect(expired).toEqual(['early true', 'middle true', 'late true']);
  });

  it('never expires a deadline removed before its time', async () => {
    const deadlines = createDeadlines();
    let expired = 0;
    const first: Deadline = { at: performance.now() + 20, expire: () => expired++ };
    const second: Deadline = { at: performance.now() + 40, expire: () => expired++ };
    deadlines.add(first);
    deadlines.add(second);
    deadlines.remove(first);
    await sleep(60);
    expect(expired).toBe(1);
  });

  it('holds the process only while a deadline is pending', async () => {
    const made = vi.spyOn(globalThis, 'setTimeout');
    const deadlines = createDeadlines();
    const timer = () => made.mock.results.at(-1)?.value as NodeJS.Timeout;
    const deadline: Deadline = { at: performance.now() + 10_000, expire: () => {} };
    deadlines.add(deadline);
    expect(made).toHaveBeenCalledTimes(1);
    expect(timer().hasRef()).toBe(true);
    deadlines.remove(deadline);
    expect(timer().hasRef()).toBe(false);
    // A later exchange whose deadline comes after the armed one takes the same timer again.
    const later: Deadline = { at: performance.now() + 20_000, expire: () => {} };
    deadlines.add(later);
    expect(made).toHaveBeenCalledTimes(1);
    expect(timer().hasRef()).toBe(true);
    deadlines.remove(later);
    expect(timer().hasRef()).toBe(false);
    const armed = timer();
    made.mockRestore();
    clearTimeout(armed);
  });
});
