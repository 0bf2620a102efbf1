import { evaluateExpectations } from '../../assertions/index.js';
import { interpolate, valueAsText } from '../../expressions/index.js';
import type { Step } from '../../language/model.js';
import type { CacheExchange } from '../results.js';
import type { CacheReply } from '../../cache/index.js';
import { cacheSubject } from './cacheSubject.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';
import { resolveExpectations } from './expectations.js';
import { stepVerdict } from './verdict.js';
import { registerUrlPassword } from './urlPassword.js';

function failed(cache: CacheExchange, error: string, durationMs?: number): StepOutcome {
  return { status: 'failed', cache, error, ...(durationMs === undefined ? {} : { durationMs }) };
}

/** SPEC, `cache` object: one read command, then `expect`, `timing` and `save` as on an HTTP step. */
export async function executeCacheStep(
  step: Step & { kind: 'cache' },
  context: StepContext,
): Promise<StepOutcome> {
  const { store, services, settings } = context;
  const { connection, command } = step.cache;
  const asked: CacheExchange = { connection, command, key: step.cache.key };
  const connections = settings.environment.cache ?? {};
  const definition = connections[connection];
  if (definition === undefined) {
    const known = Object.keys(connections).sort();
    const list = known.length > 0 ? ` (known: ${known.join(', ')})` : '';
    return failed(
      asked,
      `unknown cache connection \`${connection}\`: not in the environment's \`cache\`${list}`,
    );
  }
  if (services.cache === undefined) return failed(asked, 'cache steps cannot run here: no cache client');

  let key: string;
  let url: string;
  try {
    key = valueAsText(interpolate(step.cache.key, store, services.runtime));
  } catch (error) {
    return failed(asked, `cache.key: ${describeError(error)}`);
  }
  const exchange: CacheExchange = { ...asked, key };
  try {
    url = valueAsText(interpolate(definition.url, store, services.runtime));
  } catch (error) {
    return failed(exchange, `cache connection \`${connection}\` url: ${describeError(error)}`);
  }
  registerUrlPassword(url, services.secrets);

  const started = services.clock.monotonicMs();
  let reply: CacheReply;
  try {
    reply = await services.cache.run({ connection, url, command, key, signal: context.signal });
  } catch (error) {
    const why = context.signal.aborted ? `interrupted: ${describeError(error)}` : describeError(error);
    return failed(exchange, why, services.clock.monotonicMs() - started);
  }
  const elapsedMs = services.clock.monotonicMs() - started;

  const subject = { cache: cacheSubject(reply), variables: store };
  const expectations = resolveExpectations(step.expect, store, services.runtime);
  const assertions = [
    ...evaluateExpectations(expectations.ready, subject, { inOrder: step.expectInOrder === true }),
    ...expectations.failed,
  ];
  return {
    ...stepVerdict(step, context, subject, assertions, elapsedMs),
    durationMs: elapsedMs,
    cache: { ...exchange, reply: subject.cache },
  };
}
