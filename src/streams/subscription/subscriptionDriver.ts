/**
 * The `subscription` step's connection (DECISIONS, "Finer points (wave 3)"): a GraphQL subscription over the
 * `graphql-transport-ws` protocol, with graphql-ws's client over the same `ws` socket the websocket step
 * dials (sandbox and pins judged before dialling, the run's TLS trust). Each result the server sends is one
 * item, whole (`messages[0].data.<field>`, `messages[0].errors`); an `error` message from the server is a
 * last item `{ errors: [...] }`; the stream ends when the server completes.
 */
import type { ClientOptions } from 'graphql-ws';
import { describeDuration, HttpError } from '../../http/index.js';
import { createItemQueue } from '../itemQueue.js';
import type { StreamDriver, StreamFacts, StreamIo, StreamSession, SubscriptionOpen } from '../types.js';
import { dialledWebSocket, handshakeFacts, type DialledSocketEvents } from '../websocket/dialledWebSocket.js';

/** A close the server chose (graphql-ws's close codes are 44xx), or one the connection ended with. */
interface CloseLike {
  code: number;
  reason: string;
}

function isCloseLike(value: unknown): value is CloseLike {
  return typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;
}

/** graphql-ws closes with this itself when the server never acknowledges `connection_init`. */
const ACKNOWLEDGEMENT_TIMEOUT = 4504;

function closeFailure(close: CloseLike, connected: boolean, io: StreamIo): HttpError {
  if (close.code === ACKNOWLEDGEMENT_TIMEOUT) {
    return new HttpError(
      'timeout',
      `the server did not acknowledge the GraphQL connection within ${describeDuration(io.connectTimeoutMs)}`,
    );
  }
  const when = connected ? 'before the subscription completed' : 'while connecting';
  const reason = close.reason === '' ? '' : `: ${close.reason}`;
  return new HttpError(
    'protocol',
    `the server closed the GraphQL connection ${when} (code ${close.code}${reason})`,
  );
}

async function open(spec: SubscriptionOpen, io: StreamIo): Promise<StreamSession> {
  const facts: StreamFacts = {};
  const items = createItemQueue<unknown>();
  let closingByClient = false;
  let connected = false;
  // The server completed (or refused) the operation: the close that follows is graphql-ws's own, normal.
  let finished = false;
  // The socket's own failure (refused, TLS, an HTTP answer to the handshake) says more than graphql-ws's 1006.
  let socketFailure: Error | undefined;
  const events: DialledSocketEvents = {
    upgrade: (response) => Object.assign(facts, handshakeFacts(response)),
    failed(error) {
      socketFailure ??= error;
    },
  };
  const WebSocketImpl = await dialledWebSocket(spec.url, spec.headers, io, events);
  const { createClient } = await import('./graphqlWsLibrary.js');

  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const fail = (error: Error) => {
    if (!connected) settle?.reject(error);
    else items.fail(error);
  };

  const options: ClientOptions = {
    url: spec.url,
    webSocketImpl: WebSocketImpl,
    ...(spec.connectionParams === undefined ? {} : { connectionParams: spec.connectionParams }),
    // One connection, one subscription: nothing retried, nothing printed by the library.
    retryAttempts: 0,
    shouldRetry: () => false,
    lazyCloseTimeout: 0,
    connectionAckWaitTimeout: io.connectTimeoutMs,
    onNonLazyError: () => undefined,
    on: {
      connected: () => {
        connected = true;
        settle?.resolve();
      },
      closed: (event) => {
        if (closingByClient || finished || !isCloseLike(event)) return;
        // graphql-ws would reconnect after a normal close; a subscription step has one connection only.
        fail(socketFailure ?? closeFailure(event, connected, io));
        void dispose();
      },
    },
  };
  const client = createClient(options);
  // graphql-ws's dispose waits for the connection attempt, and rejects with its close when it was refused:
  // that close has already been reported above.
  const dispose = async () => {
    try {
      await client.dispose();
    } catch {
      // already reported
    }
  };
  // Stopped by the run (Ctrl-C, --timeout): runner ends the connection, so graphql-ws's own close (4499
  // Terminated) is not reported as the server's; the collector says the step was interrupted.
  const onAbort = () => {
    closingByClient = true;
    if (!connected) settle?.reject(new HttpError('aborted', 'the connection was not open yet'));
    client.terminate();
  };
  io.signal.addEventListener('abort', onAbort, { once: true });

  const unsubscribe = client.subscribe(
    {
      query: spec.query,
      ...(spec.variables === undefined ? {} : { variables: spec.variables }),
      ...(spec.operationName === undefined ? {} : { operationName: spec.operationName }),
    },
    {
      next: (result) => items.push(result),
      error: (error: unknown) => {
        // The server's `error` message: the operation was refused (a validation error, say); its errors are a
        // last result, so `messages[0].errors[0].message` reads them.
        if (Array.isArray(error)) {
          finished = true;
          items.push({ errors: error });
          items.end();
          return;
        }
        if (isCloseLike(error)) {
          if (!closingByClient && !finished) fail(socketFailure ?? closeFailure(error, connected, io));
          return;
        }
        fail(socketFailure ?? (error instanceof Error ? error : new HttpError('protocol', String(error))));
      },
      complete: () => {
        finished = true;
        items.end();
      },
    },
  );

  await ready.catch(async (error: unknown) => {
    io.signal.removeEventListener('abort', onAbort);
    closingByClient = true;
    await dispose();
    throw error;
  });

  return {
    items,
    facts: () => facts,
    async close() {
      io.signal.removeEventListener('abort', onAbort);
      closingByClient = true;
      unsubscribe();
      await dispose();
    },
  };
}

export const subscriptionDriver: StreamDriver<SubscriptionOpen> = { open };
