import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './testServer.js';

function post(url: string, body: string, agent: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', connection: agent ? 'keep-alive' : 'close' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('startTestServer', () => {
  it('serves the demo API on loopback, reached as localhost, and records requests with their bodies', async () => {
    const server = await startTestServer();
    try {
      expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(await post(`${server.url}/echo?a=1`, 'hello', false)).toBe(200);
      // The demo never reads the body of a request it refuses; the recording still has it.
      expect(await post(`${server.url}/health`, 'ignored', false)).toBe(405);
      expect(server.requests).toEqual([
        expect.objectContaining({ method: 'POST', url: '/echo?a=1', httpVersion: '1.1', body: 'hello' }),
        expect.objectContaining({ method: 'POST', url: '/health', body: 'ignored' }),
      ]);
      expect(server.connectionCount()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('uses a custom handler and exposes the certificate of its TLS mode', async () => {
    const server = await startTestServer({ http2: true, handler: (_req, res) => res.end('custom') });
    try {
      expect(server.url).toMatch(/^https:\/\/localhost:\d+$/);
      expect(server.certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    } finally {
      await server.close();
    }
  });
});
