/**
 * The one executor of stream steps (websocket, sse; subscription and grpc plug in the same way): fill in
 * the spec, open the kind's driver (the sandbox judges the host before anything is dialled), collect per
 * DECISIONS "Stream collection", then `expect`, verdict and `save` exactly as an HTTP step has them.
 */
import { resolve } from 'node:path';
import { evaluateExpectations, type Subject } from '../../assertions/index.js';
import { evaluateCondition } from '../../expressions/index.js';
import { describeDuration } from '../../http/index.js';
import { collectItems, type Collected } from '../../streams/collect.js';
import type { GrpcOpen, StreamFacts, StreamSession } from '../../streams/types.js';
import { placeInProject } from '../../workspace/index.js';
import { recordedBody } from '../recordCaps.js';
import type { StreamExchange } from '../results.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';
import { resolveExpectations } from './expectations.js';
import { prepareStream, type PreparedStream, type StreamStep } from './streamKinds.js';
import { registerUrlPassword } from './urlPassword.js';
import { stepVerdict } from './verdict.js';
import { grpcStatusExpectations, grpcStatusResults } from './grpcStatusChecks.js';

/**
 * A grpc step's `proto:` file that leaves the project root, as written (an interpolated path `validate` could
 * not judge) or through a symbolic link, is refused before the file is read (DECISIONS, Wave 2 "Platform").
 */
async function protoOutsideProject(open: GrpcOpen): Promise<string | undefined> {
  const root = resolve(open.projectRoot);
  for (const file of open.proto) {
    if ((await placeInProject(root, resolve(root, file))) === 'outside') {
      return `proto file \`${file}\` is outside the project root (paths are relative to it, without \`..\` or symbolic links that leave it)`;
    }
  }
  return undefined;
}

function exchangeOf(
  prepared: PreparedStream,
  collected: Collected | undefined,
  facts: StreamFacts,
  durationMs: number,
): { exchange: StreamExchange; warning?: string } {
  const items = collected?.items ?? [];
  const text = JSON.stringify(items);
  const kept = recordedBody(items, text, Buffer.byteLength(text), `the ${prepared.itemsKey}`);
  const exchange: StreamExchange = {
    kind: prepared.kind,
    url: prepared.url,
    ...(Object.keys(prepared.headers).length === 0 ? {} : { requestHeaders: prepared.headers }),
    // Only a connection that opened sent anything.
    ...(prepared.sent === undefined || collected === undefined ? {} : { sent: prepared.sent }),
    itemsKey: prepared.itemsKey,
    items: Array.isArray(kept.body) ? (kept.body as unknown[]) : items,
    itemCount: items.length,
    ...(facts.close === undefined ? {} : { close: facts.close }),
    ...(facts.status === undefined ? {} : { status: facts.status }),
    ...(facts.headers === undefined ? {} : { headers: facts.headers }),
    ...(facts.trailers === undefined ? {} : { trailers: facts.trailers }),
    ...(facts.httpVersion === undefined ? {} : { httpVersion: facts.httpVersion }),
    ...(facts.proxy === undefined ? {} : { proxy: facts.proxy }),
    durationMs,
  };
  return { exchange, ...(kept.warning === undefined ? {} : { warning: kept.warning }) };
}

/** What `expect` and `save` read: the items under their root, and the connection's facts. */
function subjectOf(
  prepared: PreparedStream,
  items: unknown[],
  facts: StreamFacts,
  durationMs: number,
  context: StepContext,
): Subject {
  return {
    [prepared.itemsKey]: items,
    ...(facts.close === undefined ? {} : { close: facts.close }),
    ...(facts.status === undefined ? {} : { status: facts.status }),
    ...(facts.headers === undefined ? {} : { headers: facts.headers }),
    ...(facts.trailers === undefined ? {} : { trailers: facts.trailers }),
    response: {
      url: prepared.url,
      redirects: [],
      httpVersion: facts.httpVersion ?? '1.1',
      durationMs,
      bytes: new Uint8Array(0),
      ...(facts.remoteAddress === undefined ? {} : { ip: facts.remoteAddress }),
      ...(facts.certificate === undefined ? {} : { certificate: facts.certificate }),
    },
    variables: context.store,
    ...prepared.subject?.(items, facts),
  };
}

export async function executeStreamStep(step: StreamStep, context: StepContext): Promise<StepOutcome> {
  const { services, settings, store } = context;
  let prepared: PreparedStream;
  try {
    prepared = prepareStream(step, context);
  } catch (error) {
    return { status: 'failed', error: describeError(error) };
  }
  // Before anything is sent or reported: a URL's password is masked in every output from here on.
  registerUrlPassword(prepared.url, services.secrets);

  const started = services.clock.monotonicMs();
  const elapsed = () => services.clock.monotonicMs() - started;
  const failed = (error: string, facts: StreamFacts = {}, collected?: Collected): StepOutcome => {
    const durationMs = elapsed();
    const { exchange, warning } = exchangeOf(prepared, collected, facts, durationMs);
    return {
      status: 'failed',
      error,
      durationMs,
      stream: exchange,
      ...(warning === undefined ? {} : { warnings: [warning] }),
    };
  };

  if (prepared.kind === 'grpc') {
    const outside = await protoOutsideProject(prepared.open as GrpcOpen);
    if (outside !== undefined) return failed(outside);
  }

  let session: StreamSession;
  try {
    const driver = await prepared.load();
    session = await driver.open(prepared.open, {
      signal: context.signal,
      http: services.http,
      connectTimeoutMs: settings.environment.timeoutMs,
      maxItemBytes: settings.environment.maxResponseBytes,
    });
  } catch (error) {
    const why = context.signal.aborted ? `interrupted: ${describeError(error)}` : describeError(error);
    return failed(why);
  }

  const { count, until } = prepared.collect;
  const timeoutMs = prepared.collect.timeoutMs ?? settings.environment.timeoutMs;
  const itemName = prepared.itemName;
  let collected: Collected;
  try {
    collected = await collectItems(
      session,
      {
        ...(count === undefined ? {} : { count }),
        ...(until === undefined
          ? {}
          : {
              untilText: until,
              until: (item: unknown) => {
                const restore = store.bind(itemName, item);
                try {
                  return evaluateCondition(until, store, services.runtime);
                } finally {
                  restore();
                }
              },
            }),
        timeoutMs,
        noun: itemName,
        keyPrefix: prepared.keyPrefix,
      },
      context.signal,
    );
  } finally {
    await session.close();
  }
  const facts = session.facts();
  if (collected.failure !== undefined) return failed(collected.failure, facts, collected);
  // A unary call has one answer, its status: without it in time there is nothing to judge.
  if (facts.unary === true && collected.end === 'timeout') {
    return failed(`no response within ${describeDuration(timeoutMs)}`, facts, collected);
  }

  const durationMs = elapsed();
  const subject = subjectOf(prepared, collected.items, facts, durationMs, context);
  const expectations = resolveExpectations(step.expect, store, services.runtime);
  const grpc = prepared.kind === 'grpc';
  const ready = grpc ? grpcStatusExpectations(expectations.ready) : expectations.ready;
  const evaluated = evaluateExpectations(ready, subject, { inOrder: step.expectInOrder === true });
  const assertions = [
    ...(grpc ? grpcStatusResults(evaluated, expectations.ready) : evaluated),
    ...expectations.failed,
  ];
  const verdict = stepVerdict(step, context, subject, assertions, durationMs);
  const { exchange, warning } = exchangeOf(prepared, collected, facts, durationMs);
  if (warning !== undefined) verdict.warnings = [...(verdict.warnings ?? []), warning];
  return { ...verdict, durationMs, stream: exchange };
}
