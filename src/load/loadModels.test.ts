import { describe, expect, it } from 'vitest';
import { arrivalTimeMs, driveLoad, plannedArrivals, type LoadDriver } from './loadModels.js';

describe('arrivals of the open model', () => {
  it('come every 1/rate without a ramp, and number rate x duration', () => {
    expect(arrivalTimeMs(0, 200, 0)).toBe(0);
    expect(arrivalTimeMs(1, 200, 0)).toBe(5);
    expect(arrivalTimeMs(1999, 200, 0)).toBe(9995);
    expect(plannedArrivals(200, 10_000, 0)).toBe(2000);
    expect(plannedArrivals(10 / 60, 60_000, 0)).toBe(10);
  });

  it("grow linearly over the ramp: half the full rate's arrivals during it", () => {
    // 100/s with a 2 s ramp: 100 arrivals during the ramp, then 100 a second.
    expect(plannedArrivals(100, 2_000, 2_000)).toBe(100);
    expect(plannedArrivals(100, 3_000, 2_000)).toBe(200);
    expect(arrivalTimeMs(25, 100, 2_000)).toBeCloseTo(1000, 6);
    expect(arrivalTimeMs(100, 100, 2_000)).toBeCloseTo(2000, 6);
  });
});

/** A driver on a fake clock: iterations take `iterationMs`, waits move the clock. */
function fakeDriver(iterationMs: number): { driver: LoadDriver; started: number[]; dropped: () => number } {
  let now = 0;
  let dropped = 0;
  const started: number[] = [];
  const timers: { at: number; resolve: () => void }[] = [];
  const advance = async () => {
    // Let every started iteration register its wait before time moves.
    await new Promise((resolve) => setImmediate(resolve));
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift();
    if (next) {
      now = Math.max(now, next.at);
      next.resolve();
    }
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      timers.push({ at: now + ms, resolve });
      void advance();
    });
  const driver: LoadDriver = {
    elapsedMs: () => now,
    sleep: (ms) => wait(ms),
    iterate: async () => {
      started.push(now);
      await wait(iterationMs);
    },
    dropped: () => void dropped++,
  };
  return { driver, started, dropped: () => dropped };
}

describe('driveLoad', () => {
  it('closed: each user starts its next iteration when the last ends, until the duration', async () => {
    const { driver, started } = fakeDriver(100);
    await driveLoad(
      { model: { kind: 'closed', vus: 2 }, durationMs: 1_000, rampMs: 0 },
      driver,
      new AbortController().signal,
    );
    // Two users, 100 ms each, for one second: ten iterations each.
    expect(started).toHaveLength(20);
  });

  it('open: arrivals do not wait for slow iterations; beyond the cap they are dropped', async () => {
    const { driver, started, dropped } = fakeDriver(1_000);
    await driveLoad(
      { model: { kind: 'open', perSecond: 10, maxInFlight: 5 }, durationMs: 2_000, rampMs: 0 },
      driver,
      new AbortController().signal,
    );
    // 20 arrivals over 2 s; 1 s iterations and 5 slots: arrivals 0-4 run, 5-9 are dropped, 10-14 run...
    expect(started.length + dropped()).toBe(20);
    expect(dropped()).toBe(10);
  });
});
