/**
 * The two load models (DECISIONS.md, "Load"). Closed (`--vus N`): N virtual users, each starting its next
 * iteration when the last ends, so a slower server gets fewer iterations. Open (`--rate R/s`): iterations
 * arrive on a schedule whatever the server does, so a slower server gets as many, more at once; an arrival
 * that finds `maxInFlight` iterations running is dropped and counted, never queued.
 */
export type LoadModel =
  { kind: 'closed'; vus: number } | { kind: 'open'; perSecond: number; maxInFlight: number };

export interface LoadShape {
  model: LoadModel;
  durationMs: number;
  /** Linear ramp from nothing to the full load over this long (0: full load at once). */
  rampMs: number;
}

/** What the models need from the world: a clock, a way to wait, and how to run one iteration. */
export interface LoadDriver {
  /** Milliseconds since the load started. */
  elapsedMs(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Runs one iteration; `index` counts iterations started, from 0. Never rejects. */
  iterate(index: number): Promise<void>;
  /** An arrival found every slot busy (open model). */
  dropped(): void;
}

/**
 * When arrival `k` (0-based) is due, in ms: the rate climbs linearly to `perSecond` over `rampMs`, then holds.
 * Arrivals so far at time t are A(t) = r·t²/(2·ramp) during the ramp, r·ramp/2 + r·(t − ramp) after it.
 */
export function arrivalTimeMs(k: number, perSecond: number, rampMs: number): number {
  const perMs = perSecond / 1000;
  const duringRamp = (perMs * rampMs) / 2;
  if (rampMs > 0 && k < duringRamp) return Math.sqrt((2 * k * rampMs) / perMs);
  return rampMs + (k - duringRamp) / perMs;
}

/** How many arrivals fall before `durationMs`. */
export function plannedArrivals(perSecond: number, durationMs: number, rampMs: number): number {
  // Whole arrivals strictly inside the run: k = 0, 1, ... while t(k) < duration, from just below A(duration).
  const perMs = perSecond / 1000;
  const ramp = Math.min(rampMs, durationMs);
  const atEnd =
    rampMs > 0 && durationMs < rampMs
      ? (perMs * durationMs * durationMs) / (2 * rampMs)
      : (perMs * ramp) / 2 + perMs * (durationMs - ramp);
  let count = Math.max(0, Math.floor(atEnd) - 2);
  while (arrivalTimeMs(count, perSecond, rampMs) < durationMs) count++;
  return count;
}

/** Runs the load until `durationMs` has passed (or `stop` fires), then waits for the iterations in flight. */
export async function driveLoad(shape: LoadShape, driver: LoadDriver, stop: AbortSignal): Promise<void> {
  if (shape.model.kind === 'closed') return driveClosed(shape, shape.model.vus, driver, stop);
  return driveOpen(shape, shape.model, driver, stop);
}

async function driveClosed(shape: LoadShape, vus: number, driver: LoadDriver, stop: AbortSignal) {
  let started = 0;
  const running = () => !stop.aborted && driver.elapsedMs() < shape.durationMs;
  const user = async (position: number) => {
    // The ramp starts users evenly over its length: user i at ramp·i/N.
    const startAt = vus > 1 ? (shape.rampMs * position) / vus : 0;
    const wait = startAt - driver.elapsedMs();
    if (wait > 0) await driver.sleep(wait, stop);
    while (running()) await driver.iterate(started++);
  };
  await Promise.all(Array.from({ length: vus }, (_, position) => user(position)));
}

async function driveOpen(
  shape: LoadShape,
  model: Extract<LoadModel, { kind: 'open' }>,
  driver: LoadDriver,
  stop: AbortSignal,
) {
  const planned = plannedArrivals(model.perSecond, shape.durationMs, shape.rampMs);
  const inFlight = new Set<Promise<void>>();
  let next = 0;
  while (next < planned && !stop.aborted) {
    const due = arrivalTimeMs(next, model.perSecond, shape.rampMs);
    const wait = due - driver.elapsedMs();
    if (wait > 1) {
      await driver.sleep(wait, stop);
      continue;
    }
    // Every arrival already due starts now, so a late timer never lowers the rate.
    while (next < planned && arrivalTimeMs(next, model.perSecond, shape.rampMs) <= driver.elapsedMs() + 1) {
      const index = next++;
      if (inFlight.size >= model.maxInFlight) {
        driver.dropped();
        continue;
      }
      const iteration = driver.iterate(index).finally(() => inFlight.delete(iteration));
      inFlight.add(iteration);
    }
  }
  await Promise.all(inFlight);
}
