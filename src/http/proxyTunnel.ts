import type { Socket } from 'node:net';
import { keepSessions, tlsOptions, whenConnected, type Endpoint } from './connector.js';
import { HttpError } from './httpError.js';
import type { TlsConnectOptions } from './tlsTrust.js';
import { nodeHttp, nodeNet, nodeTls } from './nodeModules.js';

/**
 * `host` and `port` of a proxy URI, and the `Proxy-Authorization` its credentials make. A proxy that is no
 * URL fails the request without repeating it: it may hold a password.
 */
export function proxyEndpoint(uri: string): { host: string; port: number; authorization?: string } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch (error) {
    throw new HttpError('connect', 'the proxy is not a valid URL (`http.proxy`, HTTP_PROXY or HTTPS_PROXY)', {
      cause: error,
    });
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (url.username === '' && url.password === '') return { host, port };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { host, port, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** curl reads `proxy.example:3128` as an HTTP proxy; so does the runner. */
export function proxyUri(proxy: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

/** The socket a proxy is reached on: plain TCP, or TLS for an `https://` proxy. */
export function proxySocket(uri: string, tls: TlsConnectOptions): () => Socket {
  const endpoint = proxyEndpoint(uri);
  if (!uri.toLowerCase().startsWith('https:')) {
    const { connect } = nodeNet();
    return () => connect({ host: endpoint.host, port: endpoint.port, noDelay: true });
  }
  const { connect } = nodeTls();
  return () => connect({ ...tls, host: endpoint.host, port: endpoint.port, servername: endpoint.host });
}

/**
 * A TLS connection to `target` through an HTTP proxy's `CONNECT` tunnel, offering `alpn`, with the trust
 * settings every request uses. Names are resolved by the proxy, as with curl (DECISIONS, "Finer points");
 * the sandbox has judged the target before anything reaches the proxy, whose own address it does not judge.
 */
export function tunnelThroughProxy(
  proxy: string,
  target: Endpoint,
  tls: TlsConnectOptions,
  alpn: readonly string[],
  sessions: Map<string, Buffer>,
): Promise<Socket> {
  const { request } = nodeHttp();
  const { connect } = nodeTls();
  const endpoint = proxyEndpoint(proxyUri(proxy));
  const host = target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname;
  const authority = `${host}:${target.port}`;
  return new Promise((resolve, reject) => {
    const tunnel = request({
      // An `https://` proxy is asked over TLS, so its credentials never cross the network in clear.
      createConnection: proxySocket(proxyUri(proxy), tls),
      method: 'CONNECT',
      host: endpoint.host,
      port: endpoint.port,
      path: authority,
      headers: {
        host: authority,
        ...(endpoint.authorization ? { 'proxy-authorization': endpoint.authorization } : {}),
      },
    });
    tunnel.once('error', reject);
    tunnel.once('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        reject(
          new HttpError(
            'connect',
            `the proxy refused the tunnel to ${authority}: ${response.statusCode ?? ''} ${response.statusMessage ?? ''}`.trim(),
          ),
        );
        return;
      }
      const secure = connect({ socket, ...tlsOptions(tls, target.hostname, alpn, sessions) });
      keepSessions(secure, target.hostname, sessions);
      whenConnected(secure, 'secureConnect').then(resolve, reject);
    });
    tunnel.end();
  });
}
