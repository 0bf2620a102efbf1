import { Agent, Client, Pool, ProxyAgent, type Dispatcher } from 'undici';
import { createConnector, type Connector } from './connector.js';
import { expectDispatcher, type Dispatch } from './expectContinue.js';
import { systemResolver } from './hostResolver.js';
import { proxyFor } from './proxyRoute.js';
import { tlsConnectOptions, type TlsConnectOptions } from './tlsTrust.js';
import type { HttpClientOptions } from './types.js';

/** The dispatcher for one request, and the proxy it goes through (if any). */
export interface Route {
  dispatcher: Dispatch;
  proxy?: string;
  /** What opened the connection (or, through a proxy, watched its tunnel), to read its facts from. */
  connector?: Connector;
}

/** The undici dispatchers of one client (STYLE.md: one factory turns the `http:` settings into them). */
export interface Dispatchers {
  /** `expect`: the request carries an `Expect` header (see expectContinue.ts). */
  route(url: URL, options?: { expect: boolean }): Route;
  /** The TLS options every connection uses, for sockets opened outside undici (HttpClient.dialPlan). */
  readonly tls: TlsConnectOptions;
  close(): Promise<void>;
}

/** curl reads `proxy.example:3128` as an HTTP proxy; so does the runner. */
function proxyUri(proxy: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

export function createDispatchers(options: HttpClientOptions): Dispatchers {
  const tls = tlsConnectOptions({
    ...options.tls,
    insecure: options.insecure,
    ...(options.ca === undefined ? {} : { extraCa: Buffer.from(options.ca) }),
  });
  const connectorOptions = {
    http2: options.http2,
    tls,
    sandbox: options.sandbox,
    resolve: options.resolve ?? systemResolver,
    pinnedHosts: options.pinnedHosts,
  };
  const connector = createConnector(connectorOptions);
  /** Requests with `Expect` go over HTTP/1.1, on connections opened with the same settings. */
  let expecting: { connector: Connector; dispatcher: Dispatch } | undefined;
  const viaExpect = () => {
    if (expecting === undefined) {
      const http1 = createConnector({ ...connectorOptions, http2: false });
      expecting = { connector: http1, dispatcher: expectDispatcher(http1) };
    }
    return expecting;
  };
  // One connection per scenario running at once (--jobs): with one, steps run one after another and a
  // single connection is enough. Without the cap undici opens a second socket when the next request is
  // dispatched in the same tick the previous body ended.
  const connections = Math.max(1, options.connections ?? 1);
  const direct = new Agent({ connect: connector.connect, allowH2: options.http2, connections });
  const proxies = new Map<string, ProxyAgent>();
  // The pool of one https origin behind a proxy (undici's default factory, with its tunnels watched): the
  // pool of an http origin is the proxy's own, and what its connection says is about the proxy.
  const tunnelPool = (origin: string | URL, options: object): Dispatcher => {
    const poolOptions = options as Pool.Options;
    const watched =
      new URL(origin).protocol === 'https:' && typeof poolOptions.connect === 'function'
        ? { ...poolOptions, connect: connector.watchTunnels(poolOptions.connect) }
        : poolOptions;
    return poolOptions.connections === 1 ? new Client(origin, watched) : new Pool(origin, watched);
  };

  const viaProxy = (proxy: string): ProxyAgent => {
    let agent = proxies.get(proxy);
    if (agent === undefined) {
      // Names are resolved by the proxy, as with curl (DECISIONS, "Finer points"); the sandbox has judged
      // the target before dispatch. TLS to the target still checks its name and uses the same trust.
      agent = new ProxyAgent({
        uri: proxyUri(proxy),
        // Plain http goes to the proxy in absolute form, as curl sends it; https tunnels with CONNECT.
        proxyTunnel: false,
        requestTls: tls,
        connections,
        factory: tunnelPool,
      });
      proxies.set(proxy, agent);
    }
    return agent;
  };

  return {
    tls,
    route(url, routeOptions) {
      const proxy = proxyFor(options.proxy, url);
      const expect = routeOptions?.expect === true;
      if (proxy === undefined) return expect ? viaExpect() : { dispatcher: direct, connector };
      if (!expect) return { dispatcher: viaProxy(proxy), proxy, connector };
      return { dispatcher: expectDispatcher(viaExpect().connector, { uri: proxyUri(proxy), tls }), proxy };
    },
    async close() {
      connector.close();
      expecting?.connector.close();
      await Promise.all([direct.destroy(), ...[...proxies.values()].map((agent) => agent.destroy())]);
    },
  };
}
