import { createRequire } from 'node:module';

/**
 * Node's networking modules, each loaded on first use and kept: `--version` and `validate` need none of
 * them, and a `require` per request costs ~10 µs (Node resolves the name again every time). Loaded through
 * `require`, not an ES import: an ES import of node:http builds its module namespace, which reads every
 * export, and Node 22's lazy `http.WebSocket` then loads Node's internal copy of undici (~30 ms of CPU).
 */
const require = createRequire(import.meta.url);

let http: typeof import('node:http') | undefined;
let http2: typeof import('node:http2') | undefined;
let net: typeof import('node:net') | undefined;
let tls: typeof import('node:tls') | undefined;

export const nodeHttp = () => (http ??= require('node:http') as typeof import('node:http'));
export const nodeHttp2 = () => (http2 ??= require('node:http2') as typeof import('node:http2'));
export const nodeNet = () => (net ??= require('node:net') as typeof import('node:net'));
export const nodeTls = () => (tls ??= require('node:tls') as typeof import('node:tls'));
