import { createRequire } from 'node:module';
import { Duplex } from 'node:stream';

/**
 * Why an HTTP/1.1 parser rejects a response head, in the parser's words (`Invalid header token`), or
 * undefined when it does not (the head is cut short, or fine). Node's HTTP client parses the same way as
 * undici (both use llhttp with the same strictness), so the head is handed to it over an in-memory
 * connection: its parse error carries the reason undici lost (see responseHeads.ts). Failures only.
 */
export function parserReason(head: Buffer): Promise<string | undefined> {
  // Loaded on the first rejected head only: see client.ts on what importing node:http costs at start-up.
  const { request } = createRequire(import.meta.url)('node:http') as typeof import('node:http');
  return new Promise((resolve) => {
    const connection = new Duplex({
      read() {},
      write(_chunk, _encoding, done) {
        done();
      },
    });
    const probe = request({ createConnection: () => connection, path: '/', headers: { host: 'localhost' } });
    probe.on('error', (error: Error & { code?: string }) =>
      resolve(
        error.code?.startsWith('HPE_') === true ? error.message.replace(/^Parse Error: /, '') : undefined,
      ),
    );
    probe.on('response', (response) => {
      response.resume();
      resolve(undefined);
    });
    probe.end();
    connection.push(head);
    connection.push(null);
  });
}
