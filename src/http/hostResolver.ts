export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The client's DNS: every address a host name resolves to, in the resolver's order. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo, so /etc/hosts counts), as Node's sockets use by default. */
export const systemResolver: HostResolver = async (hostname) => {
  // Loaded on first use (~2 ms at start-up otherwise): a run against IP addresses never resolves a name.
  const { lookup } = await import('node:dns/promises');
  const answers = await lookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};
