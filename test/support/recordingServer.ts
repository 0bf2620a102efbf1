import { createServer, type Server } from 'node:http';

/**
 * What reached a recording server, byte for byte: header lines as sent (repeats kept, in order) and the body
 * as bytes. The wire-comparison tests put curl and runner in front of the same kind of server.
 */
export interface WireRequest {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  headers: [string, string][];
  body: Buffer;
}

export interface RecordingServers {
  /** One port per slot, so each request is attributed to the command that sent it. */
  ports: number[];
  /** Requests received on `ports[i]`, in order. */
  requests(slot: number): WireRequest[];
  close(): Promise<void>;
}

export interface RecordedReply {
  status: number;
  contentType: string;
  body: string;
}

const OK: RecordedReply = { status: 200, contentType: 'text/plain', body: 'ok' };

/** `count` HTTP/1.1 servers on loopback, each answering every request (`200 ok` unless `reply` says) once its body is in. */
export async function startRecordingServers(
  count: number,
  reply: (request: WireRequest) => RecordedReply = () => OK,
): Promise<RecordingServers> {
  const servers: Server[] = [];
  const received: WireRequest[][] = [];
  for (let slot = 0; slot < count; slot++) {
    const list: WireRequest[] = [];
    received.push(list);
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
          headers.push([request.rawHeaders[i] ?? '', request.rawHeaders[i + 1] ?? '']);
        }
        const received: WireRequest = {
          method: request.method ?? '',
          target: request.url ?? '',
          headers,
          body: Buffer.concat(chunks),
        };
        list.push(received);
        const answer = reply(received);
        response.statusCode = answer.status;
        response.setHeader('content-type', answer.contentType);
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    servers.push(server);
  }
  return {
    ports: servers.map((server) => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      return address.port;
    }),
    requests: (slot) => received[slot] ?? [],
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

/**
 * `user-agent` differs by design. `connection` is hop-by-hop: runner's HTTP client (node:http) always writes
 * `connection: keep-alive` on HTTP/1.1, where curl relies on the protocol's default; it is not part of the
 * request the converter writes.
 */
const IGNORED_HEADERS = new Set(['user-agent', 'connection']);

/**
 * The comparable form of a request (DECISIONS, Authoring: bar `user-agent`; header names' case and order and
 * the multipart boundary may differ): method, target, sorted `name: value` lines, body.
 */
export function comparableRequest(request: WireRequest): string {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '',
  );
  const secret = boundary?.[1] ?? boundary?.[2];
  const neutral = (text: string) => (secret === undefined ? text : text.split(secret).join('<boundary>'));
  const lines = request.headers
    .filter(([name]) => !IGNORED_HEADERS.has(name.toLowerCase()))
    // Framing: a length that matches the body (which is compared) says nothing more; curl's boundary is
    // longer than runner's, and a PUT or POST without a body may carry `content-length: 0`.
    .filter(
      ([name, value]) => name.toLowerCase() !== 'content-length' || Number(value) !== request.body.length,
    )
    .map(([name, value]) => `${name.toLowerCase()}: ${neutral(value)}`);
  // Repeated names keep their relative order: only the order between different names is free.
  const sorted = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => {
      const byName = a.line.split(':')[0]!.localeCompare(b.line.split(':')[0]!);
      return byName !== 0 ? byName : a.index - b.index;
    })
    .map(({ line }) => line);
  const body = neutral(request.body.toString('latin1'));
  return [`${request.method} ${request.target}`, ...sorted, '', JSON.stringify(body)].join('\n');
}
