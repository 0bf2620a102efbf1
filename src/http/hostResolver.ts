import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The client's DNS: every address a host name resolves to, in the resolver's order. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The operating system's resolver (getaddrinfo, so /etc/hosts counts), as Node's sockets use by default.
 * Every answer is kept: `localhost` is often `::1` and `127.0.0.1`, and the connection tries each in turn.
 */
export const systemResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};
