import { isIP, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import { connect as connectTls } from 'node:tls';
import { HttpError } from './httpError.js';
import type { TlsConnectOptions } from './tlsTrust.js';

/** `host` and `port` of a proxy URI, and the `Proxy-Authorization` its credentials make (as undici sends it). */
export function proxyEndpoint(uri: string): { host: string; port: number; authorization?: string } {
  const url = new URL(uri);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (url.username === '' && url.password === '') return { host: url.hostname, port };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { host: url.hostname, port, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/**
 * A TLS connection to `target` through an HTTP proxy's `CONNECT` tunnel, offering HTTP/1.1 only, with the
 * trust settings every request uses. Names are resolved by the proxy, as for any proxied request.
 */
export function tunnelThroughProxy(
  proxyUri: string,
  target: URL,
  tls: TlsConnectOptions,
  ready: (error: Error | null, socket?: Socket) => void,
): void {
  const { request } = createRequire(import.meta.url)('node:http') as typeof import('node:http');
  const proxy = proxyEndpoint(proxyUri);
  const authority = `${target.hostname}:${target.port || '443'}`;
  const tunnel = request({
    method: 'CONNECT',
    host: proxy.host,
    port: proxy.port,
    path: authority,
    headers: {
      host: authority,
      ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}),
    },
  });
  tunnel.once('error', (error) => ready(error));
  tunnel.once('connect', (response, socket) => {
    if (response.statusCode !== 200) {
      socket.destroy();
      ready(
        new HttpError(
          'connect',
          `the proxy refused the tunnel to ${authority}: ${response.statusCode ?? ''} ${response.statusMessage ?? ''}`.trim(),
        ),
      );
      return;
    }
    const servername = isIP(target.hostname) === 0 ? { servername: target.hostname } : {};
    const secure = connectTls({ ...tls, socket, ...servername, ALPNProtocols: ['http/1.1'] });
    secure.once('secureConnect', () => ready(null, secure));
    secure.once('error', (error) => ready(error));
  });
  tunnel.end();
}
