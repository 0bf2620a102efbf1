/**
 * The error a promise rejects with, checked to be of `type`; fails the test when it resolves or rejects with
 * something else.
 */
export async function rejection<T extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  const outcome = await promise.then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (outcome.resolved) throw new Error(`expected a ${type.name}, but the promise resolved`);
  if (!(outcome.error instanceof type))
    throw new Error(`expected a ${type.name}, got ${String(outcome.error)}`);
  return outcome.error;
}

/** The error `run` throws, checked to be of `type`; fails the test when it returns or throws something else. */
export function thrown<T extends Error>(run: () => unknown, type: abstract new (...args: never[]) => T): T {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw new Error(`expected a ${type.name}, got ${String(error)}`);
  }
  throw new Error(`expected a ${type.name}, but nothing was thrown`);
}
