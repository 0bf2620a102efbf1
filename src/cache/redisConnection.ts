import { dialTargets, type DialTargets } from '../http/dialTargets.js';
import { describeDuration, HttpError } from '../http/httpError.js';
import type { HostResolver } from '../http/index.js';
import { checkHost, type SandboxPolicy } from '../http/sandbox/policy.js';
import { CacheError, type CacheErrorCode } from './cacheError.js';
import type { CacheReadCommand, CacheReply } from './cacheTypes.js';
import type { CacheTarget } from './cacheUrl.js';
import { checkedLookup } from './checkedLookup.js';

type RedisModule = typeof import('redis');
type RedisClient = ReturnType<RedisModule['createClient']>;

export interface ConnectOptions {
  /** Limit for connecting (TCP, TLS and the AUTH/SELECT handshake) and, separately, for each command. */
  timeoutMs: number;
  sandbox?: SandboxPolicy;
  resolve: HostResolver;
  /** `rediss://` trusts what HTTPS trusts: `http.insecure` and `http.caFile`. */
  insecure: boolean;
  ca?: Uint8Array;
}

/** One open connection; a failure that may leave it out of step with the server makes it unusable. */
export interface RedisConnection {
  /** An aborted `signal` ends the wait for the reply and drops the connection (it would be out of step). */
  send(command: CacheReadCommand, key: string, signal?: AbortSignal): Promise<CacheReply>;
  readonly usable: boolean;
  close(): void;
}

function errorCode(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server refused credentials (`WRONGPASS`), or wants some (`NOAUTH`), or got some it did not expect. */
function isAuthFailure(message: string): boolean {
  return /^(WRONGPASS|NOAUTH|NOPERM)\b/.test(message) || /^ERR\b.*\b(AUTH|password)\b/i.test(message);
}

function connectFailure(prefix: string, error: unknown, timeoutMs: number): CacheError {
  const message = errorText(error);
  let code: CacheErrorCode = 'connect';
  let text = message;
  if (errorCode(error) === 'ECONNREFUSED') text = 'connection refused';
  else if (error instanceof Error && error.name === 'ConnectionTimeoutError') {
    code = 'timeout';
    text = `no connection within ${describeDuration(timeoutMs)}`;
  } else if (isAuthFailure(message)) {
    code = 'auth';
    text = `authentication failed: ${message}`;
  }
  return new CacheError(code, `${prefix}: ${text}`, { cause: error });
}

/**
 * The sandbox rules apply to the cache host as to HTTP (SPEC phase 4): the domain lists and IP literals first,
 * then every address the name resolves to. The socket later dials only those checked addresses.
 */
async function checkedTargets(
  prefix: string,
  target: CacheTarget,
  options: ConnectOptions,
): Promise<DialTargets> {
  const block = options.sandbox === undefined ? undefined : checkHost(options.sandbox, target.host);
  if (block !== undefined) throw new CacheError('sandbox', `${prefix}: ${block.message}`);
  try {
    return await dialTargets(target.host, options.resolve, options.sandbox);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new CacheError(error.code === 'sandbox' ? 'sandbox' : 'connect', `${prefix}: ${error.message}`, {
      cause: error,
    });
  }
}

/**
 * Settles with `work`, or rejects with `expired()` once `ms` have passed, or with `aborted()` as soon as
 * `signal` aborts.
 */
function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  expired: () => Error,
  stop?: { signal: AbortSignal; aborted: () => Error },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const end = (settle: () => void) => {
      clearTimeout(timer);
      stop?.signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => end(() => reject(stop?.aborted()));
    const timer = setTimeout(() => end(() => reject(expired())), ms);
    if (stop?.signal.aborted) return onAbort();
    stop?.signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => end(() => resolve(value)),
      (error: unknown) => end(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

function clientOptions(target: CacheTarget, dial: DialTargets, options: ConnectOptions) {
  const socket = {
    host: dial.host,
    port: target.port,
    connectTimeout: options.timeoutMs,
    // A lost connection fails the step; the next step opens a new one (see cacheConnections.ts).
    reconnectStrategy: false as const,
    ...(dial.addresses.length > 0 ? { lookup: checkedLookup(dial.addresses) } : {}),
  };
  return {
    socket: target.tls
      ? {
          ...socket,
          tls: true as const,
          rejectUnauthorized: !options.insecure,
          ...(options.ca === undefined ? {} : { ca: Buffer.from(options.ca) }),
        }
      : socket,
    ...(target.username === undefined ? {} : { username: target.username }),
    ...(target.password === undefined ? {} : { password: target.password }),
    database: target.database,
    // The handshake is AUTH and SELECT only: no CLIENT SETINFO, no maintenance notifications (RESP2).
    disableClientInfo: true,
    maintNotifications: 'disabled' as const,
  };
}

/** The one place a command reaches the client: only these four read commands exist here. */
async function sendRead(client: RedisClient, command: CacheReadCommand, key: string): Promise<CacheReply> {
  switch (command) {
    case 'get':
      return { command, value: await client.get(key) };
    case 'exists':
      return { command, count: await client.exists(key) };
    case 'ttl':
      return { command, seconds: await client.ttl(key) };
    case 'hgetall':
      return { command, fields: { ...(await client.hGetAll(key)) } };
  }
}

/**
 * Opens a connection: sandbox check, then `redis` (loaded here, on first use, so start-up never pays for it),
 * then connect and handshake within the timeout. Nothing is sent before the sandbox has allowed the host.
 */
export async function openRedisConnection(
  connection: string,
  target: CacheTarget,
  options: ConnectOptions,
): Promise<RedisConnection> {
  const prefix = `cache connection \`${connection}\` (${target.display})`;
  const dial = await checkedTargets(prefix, target, options);
  const { createClient } = await import('./redisClient.js');
  const client: RedisClient = createClient(clientOptions(target, dial, options));
  // Failures reach the step through the promises awaited below; without a listener an `error` event would
  // end the process.
  client.on('error', () => undefined);
  let broken = false;
  const abandon = () => {
    broken = true;
    // destroy() throws when the socket is closed already (a refused or failed connect).
    if (client.isOpen) client.destroy();
  };
  try {
    await withDeadline(client.connect(), options.timeoutMs, () => {
      abandon();
      return new CacheError(
        'timeout',
        `${prefix}: no connection within ${describeDuration(options.timeoutMs)}`,
      );
    });
  } catch (error) {
    if (!broken) abandon();
    throw error instanceof CacheError ? error : connectFailure(prefix, error, options.timeoutMs);
  }

  return {
    async send(command, key, signal) {
      const what = `${command.toUpperCase()} ${key}`;
      const stop = signal && {
        signal,
        aborted: () => {
          abandon();
          return new CacheError('aborted', `${prefix}: ${what} aborted`);
        },
      };
      try {
        return await withDeadline(
          sendRead(client, command, key),
          options.timeoutMs,
          () => {
            abandon();
            return new CacheError(
              'timeout',
              `${prefix}: no reply to ${what} within ${describeDuration(options.timeoutMs)}`,
            );
          },
          stop,
        );
      } catch (error) {
        if (error instanceof CacheError) throw error;
        const message = errorText(error);
        const code: CacheErrorCode = isAuthFailure(message) ? 'auth' : client.isReady ? 'command' : 'connect';
        throw new CacheError(code, `${prefix}: ${what} failed: ${message}`, { cause: error });
      }
    },
    get usable() {
      return !broken && client.isReady;
    },
    close() {
      if (!broken) abandon();
    },
  };
}
