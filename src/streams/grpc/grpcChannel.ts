import { isIP } from 'node:net';
import {
  Client,
  connectivityState,
  credentials,
  Metadata,
  type ChannelCredentials,
  type ChannelOptions,
  type ServiceError,
} from '@grpc/grpc-js';
import type { DialTargets } from '../../http/dialTargets.js';
import { describeDuration } from '../../http/httpError.js';
import type { TlsConnectOptions } from '../../http/tlsTrust.js';
import { GrpcError } from './grpcError.js';
import type { GrpcTarget } from './grpcUrl.js';

export interface ChannelSettings {
  /** `http.insecure`, `http.caFile` and the client certificate, as HTTPS uses them. */
  tls: TlsConnectOptions;
  userAgent?: string;
  maxMessageBytes?: number;
  /** Bound for the connection. */
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * gRPC's own resolvers would look the name up again; `ipv4:`/`ipv6:` targets make it dial exactly the
 * addresses the sandbox checked. Such a target holds one family, so a name with both gets one per family,
 * tried in the resolver's order.
 */
function channelTargets(dial: DialTargets, port: number): string[] {
  const addresses =
    dial.addresses.length > 0 ? dial.addresses : [{ address: dial.host, family: isIP(dial.host) }];
  const families: (4 | 6)[] = [];
  for (const { family } of addresses) {
    const known = family === 6 ? 6 : 4;
    if (!families.includes(known)) families.push(known);
  }
  return families.map((family) => {
    const ofFamily = addresses.filter((address) => (address.family === 6 ? 6 : 4) === family);
    return family === 4
      ? `ipv4:${ofFamily.map(({ address }) => `${address}:${port}`).join(',')}`
      : `ipv6:${ofFamily.map(({ address }) => `[${address}]:${port}`).join(',')}`;
  });
}

function channelCredentials(target: GrpcTarget, tls: TlsConnectOptions): ChannelCredentials {
  if (!target.tls) return credentials.createInsecure();
  const verify = tls.rejectUnauthorized
    ? {}
    : { rejectUnauthorized: false, checkServerIdentity: () => undefined };
  return tls.secureContext === undefined
    ? credentials.createSsl(null, null, null, verify)
    : credentials.createFromSecureContext(tls.secureContext, verify);
}

function channelOptions(target: GrpcTarget, settings: ChannelSettings): ChannelOptions {
  return {
    // The dialled target is an address; the server still sees (and TLS still checks) the URL's host.
    'grpc.default_authority': target.authority,
    ...(target.tls && isIP(target.host) === 0 ? { 'grpc.ssl_target_name_override': target.host } : {}),
    // The sandbox checked a direct connection: no proxy from the environment, no retries behind `retry`.
    'grpc.enable_http_proxy': 0,
    'grpc.enable_retries': 0,
    'grpc.use_local_subchannel_pool': 1,
    ...(settings.userAgent === undefined ? {} : { 'grpc.primary_user_agent': settings.userAgent }),
    ...(settings.maxMessageBytes === undefined
      ? {}
      : { 'grpc.max_receive_message_length': settings.maxMessageBytes }),
  };
}

type Outcome = 'ready' | 'failed' | 'late';

/** Waits for the channel to connect, through public connectivity states only. */
function connectChannel(client: Client, deadline: Date): Promise<Outcome> {
  const channel = client.getChannel();
  return new Promise((resolve) => {
    const check = () => {
      const state = channel.getConnectivityState(true);
      if (state === connectivityState.READY) return resolve('ready');
      if (state === connectivityState.TRANSIENT_FAILURE || state === connectivityState.SHUTDOWN) {
        return resolve('failed');
      }
      channel.watchConnectivityState(state, deadline, (error) => (error ? resolve('late') : check()));
    };
    check();
  });
}

/**
 * gRPC keeps why a connection failed for the next call: one call that cannot be sent (the channel is
 * failing, and such a call never waits for a connection) brings the reason back as its status details.
 */
function failureReason(client: Client): Promise<string> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      '/runner.ConnectionCheck/Reason',
      (value: Buffer) => value,
      (value: Buffer) => value,
      Buffer.alloc(0),
      new Metadata(),
      { deadline: Date.now() + 1000 },
      (error: ServiceError | null) =>
        resolve(error?.details.replace(/^No connection established\. Last error: /, '') ?? 'unknown reason'),
    );
  });
}

/**
 * A client connected to the checked addresses of `target`, or a `connect` error naming why not. Nothing
 * is dialled that `dial` did not allow.
 */
export async function connectClient(
  target: GrpcTarget,
  dial: DialTargets,
  settings: ChannelSettings,
): Promise<Client> {
  const deadline = new Date(Date.now() + settings.timeoutMs);
  const shown = `${target.tls ? 'grpcs' : 'grpc'}://${target.authority}`;
  let last: { client: Client; outcome: Outcome } | undefined;
  for (const channelTarget of channelTargets(dial, target.port)) {
    if (last !== undefined) last.client.close();
    const client = new Client(
      channelTarget,
      channelCredentials(target, settings.tls),
      channelOptions(target, settings),
    );
    const stop = () => client.close();
    settings.signal.addEventListener('abort', stop, { once: true });
    const outcome = await connectChannel(client, deadline);
    settings.signal.removeEventListener('abort', stop);
    if (settings.signal.aborted) throw new GrpcError('aborted', `stopped while connecting to ${shown}`);
    if (outcome === 'ready') return client;
    last = { client, outcome };
    if (outcome === 'late') break;
  }
  if (last === undefined) throw new GrpcError('connect', `cannot connect to ${shown}: no address`);
  const why =
    last.outcome === 'late'
      ? `no connection within ${describeDuration(settings.timeoutMs)}`
      : await failureReason(last.client);
  last.client.close();
  throw new GrpcError('connect', `cannot connect to ${shown}: ${why}`);
}
