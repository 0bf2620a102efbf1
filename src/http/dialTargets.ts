import { HttpError } from './httpError.js';
import type { HostResolver, ResolvedAddress } from './hostResolver.js';
import { formatIpAddress, parseIpAddress } from './sandbox/host.js';
import { checkHost, checkResolvedAddress, type SandboxPolicy } from './sandbox/policy.js';

/** Where one new connection may go: `host` to pass to the socket, and the only addresses it may dial. */
export interface DialTargets {
  host: string;
  /** Empty when `host` is an IP address: sockets dial those without any lookup. */
  addresses: ResolvedAddress[];
}

function resolveFailure(hostname: string, error: unknown): HttpError {
  const code =
    error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return new HttpError('connect', `cannot resolve host ${hostname} (${reason})`, { cause: error });
}

function sandboxError(message: string): HttpError {
  return new HttpError('sandbox', message);
}

/**
 * Resolves `hostname` once and checks every answer against the sandbox (issue 3: at connection time, on
 * the addresses actually dialled). The caller dials only these answers, never a second lookup, so a DNS
 * answer that changes between check and connect (rebinding) cannot reach a private address. Any
 * non-public answer blocks the connection, not only the one that would be tried first.
 */
export async function dialTargets(
  hostname: string,
  resolve: HostResolver,
  sandbox: SandboxPolicy | undefined,
): Promise<DialTargets> {
  const literal = parseIpAddress(hostname);
  if (literal !== undefined) {
    const block = sandbox === undefined ? undefined : checkHost(sandbox, hostname);
    if (block !== undefined) throw sandboxError(block.message);
    return { host: formatIpAddress(literal), addresses: [] };
  }

  let answers: ResolvedAddress[];
  try {
    answers = await resolve(hostname);
  } catch (error) {
    throw resolveFailure(hostname, error);
  }
  if (answers.length === 0) throw resolveFailure(hostname, new Error('no addresses'));
  const addresses = answers.map((answer): ResolvedAddress => {
    const address = parseIpAddress(answer.address);
    if (address === undefined) {
      throw new HttpError(
        'connect',
        `cannot resolve host ${hostname}: \`${answer.address}\` is not an IP address`,
      );
    }
    const block = sandbox === undefined ? undefined : checkResolvedAddress(sandbox, hostname, address);
    if (block !== undefined) throw sandboxError(block.message);
    // The canonical text is what gets dialled: a resolver's `2130706433` cannot mean something else later.
    return { address: formatIpAddress(address), family: address.family };
  });
  return { host: hostname, addresses };
}
