// DECISIONS, "Finer points (wave 3)", Stream collection: `count` and `until` are goals, the timeout bounds
// the wait; a goal missed fails naming it, a timeout alone ends collection without failing.
import { describe, expect, it } from 'vitest';
import { collectItems, type CollectGoals } from './collect.js';
import { createItemQueue, type ItemQueue } from './itemQueue.js';
import type { StreamSession } from './types.js';

function session(queue: ItemQueue<unknown>): StreamSession {
  return { items: queue, close: () => Promise.resolve(), facts: () => ({}) };
}

const base: CollectGoals = { timeoutMs: 200, noun: 'message', keyPrefix: 'receive.' };

/** A queue fed `items` one every 5 ms, then ended when `end` is set. */
function feeding(items: unknown[], end: boolean): ItemQueue<unknown> {
  const queue = createItemQueue<unknown>();
  items.forEach((item, index) => setTimeout(() => queue.push(item), 5 * (index + 1)));
  if (end) setTimeout(() => queue.end(), 5 * (items.length + 1));
  return queue;
}

describe('collectItems', () => {
  it('ends at `count`, keeping the items in order', async () => {
    const collected = await collectItems(
      session(feeding([1, 2, 3, 4], false)),
      { ...base, count: 2 },
      new AbortController().signal,
    );
    expect(collected).toEqual({ items: [1, 2], end: 'count' });
  });

  it('ends at `until`, keeping the item that met it, whichever goal comes first', async () => {
    const collected = await collectItems(
      session(feeding([{ n: 1 }, { n: 2 }, { n: 3 }], false)),
      { ...base, count: 5, until: (item) => (item as { n: number }).n === 2, untilText: '$message.n == 2' },
      new AbortController().signal,
    );
    expect(collected).toEqual({ items: [{ n: 1 }, { n: 2 }], end: 'until' });
  });

  it('fails naming the goal when it is not reached in time', async () => {
    const collected = await collectItems(
      session(feeding(['a'], false)),
      { ...base, count: 3, timeoutMs: 60 },
      new AbortController().signal,
    );
    expect(collected.items).toEqual(['a']);
    expect(collected.failure).toBe('receive.count 3 not reached: no more within 60ms after 1 message');
  });

  it('fails naming the goal when the server ends the stream first', async () => {
    const collected = await collectItems(
      session(feeding(['a', 'b'], true)),
      { ...base, noun: 'event', keyPrefix: '', until: () => false, untilText: '$event.data == "z"' },
      new AbortController().signal,
    );
    expect(collected.failure).toBe(
      'until `$event.data == "z"` not reached: the server ended the stream after 2 events',
    );
  });

  it('without a goal, a timeout or the end of the stream ends collection and nothing fails', async () => {
    const timedOut = await collectItems(
      session(feeding(['a', 'b'], false)),
      { ...base, timeoutMs: 60 },
      new AbortController().signal,
    );
    expect(timedOut).toEqual({ items: ['a', 'b'], end: 'timeout' });
    const ended = await collectItems(session(feeding(['a'], true)), base, new AbortController().signal);
    expect(ended).toEqual({ items: ['a'], end: 'ended' });
  });

  it('fails with the reason when the connection breaks or `until` cannot be evaluated', async () => {
    const broken = createItemQueue<unknown>();
    setTimeout(() => broken.fail(new Error('connection reset by localhost:1')), 5);
    expect((await collectItems(session(broken), base, new AbortController().signal)).failure).toBe(
      'connection reset by localhost:1',
    );
    const until = () => {
      throw new Error('variable `$x` is not defined');
    };
    const collected = await collectItems(
      session(feeding([1], false)),
      { ...base, until, untilText: '$x' },
      new AbortController().signal,
    );
    expect(collected.failure).toBe('receive.until: variable `$x` is not defined');
  });

  it('stops at once when the run is interrupted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    const collected = await collectItems(
      session(createItemQueue()),
      { ...base, timeoutMs: 10_000 },
      controller.signal,
    );
    expect(collected.end).toBe('interrupted');
  });
});
