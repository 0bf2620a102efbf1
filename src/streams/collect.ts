/**
 * The one collector of stream steps (DECISIONS, "Finer points (wave 3)", Stream collection): `count` and
 * `until` are goals and the timeout bounds the wait. A goal not reached in time, or before the server ends
 * the stream, fails the step naming the goal; without a goal the timeout (or the server) ends collection and
 * the step is judged on what came. `count` with `until` ends at whichever is reached first.
 */
import { describeDuration } from '../http/index.js';
import type { StreamSession } from './types.js';

export interface CollectGoals {
  count?: number;
  /** The `until` condition bound to one item; a throw fails the step with its message. */
  until?: (item: unknown) => boolean;
  /** `until` as written, for messages. */
  untilText?: string;
  /** The bound: the step's collection `timeout`, else `http.timeout`. */
  timeoutMs: number;
  /** `message` or `event`, for messages. */
  noun: string;
  /** Where the goal keys sit, for messages: `receive.` on a websocket step, nothing on sse. */
  keyPrefix: string;
}

/** Why collection stopped. */
export type CollectEnd = 'count' | 'until' | 'ended' | 'timeout' | 'interrupted' | 'failed';

export interface Collected {
  items: unknown[];
  end: CollectEnd;
  /** Set when the step fails on collection itself: a goal not reached, a broken connection. */
  failure?: string;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function describeGoals(goals: CollectGoals): string {
  const parts: string[] = [];
  if (goals.count !== undefined) parts.push(`${goals.keyPrefix}count ${goals.count}`);
  if (goals.untilText !== undefined) parts.push(`${goals.keyPrefix}until \`${goals.untilText}\``);
  return parts.join(' or ');
}

/** The failure for a goal left unreached when collection stopped for `why`. */
function goalMissed(goals: CollectGoals, items: readonly unknown[], why: string): string | undefined {
  if (goals.count === undefined && goals.until === undefined) return undefined;
  return `${describeGoals(goals)} not reached: ${why} after ${plural(items.length, goals.noun)}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function collectItems(
  session: StreamSession,
  goals: CollectGoals,
  signal: AbortSignal,
): Promise<Collected> {
  const items: unknown[] = [];
  const iterator = session.items[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), goals.timeoutMs);
  });
  const interrupted = new Promise<'interrupted'>((resolve) => {
    onAbort = () => resolve('interrupted');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), timedOut, interrupted]);
      if (next === 'interrupted') return { items, end: 'interrupted', failure: 'interrupted' };
      if (next === 'timeout') {
        const failure = goalMissed(goals, items, `no more within ${describeDuration(goals.timeoutMs)}`);
        return { items, end: 'timeout', ...(failure === undefined ? {} : { failure }) };
      }
      if (next.done === true) {
        const failure = goalMissed(goals, items, 'the server ended the stream');
        return { items, end: 'ended', ...(failure === undefined ? {} : { failure }) };
      }
      items.push(next.value);
      if (goals.until !== undefined) {
        try {
          if (goals.until(next.value)) return { items, end: 'until' };
        } catch (error) {
          return { items, end: 'failed', failure: `${goals.keyPrefix}until: ${errorText(error)}` };
        }
      }
      if (goals.count !== undefined && items.length >= goals.count) return { items, end: 'count' };
    }
  } catch (error) {
    return { items, end: 'failed', failure: errorText(error) };
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}
