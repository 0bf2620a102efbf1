import type {
  CacheExchange,
  RecordedRequest,
  RecordedResponse,
  SpreadsheetTransfer,
  StreamExchange,
} from '../../engine/index.js';
import { STREAM_KIND_NAMES } from '../../language/model.js';
import { streamStatusText } from '../shared/streamLabels.js';
import { toCurl } from '../shared/curl.js';
import { httpStatusBadge } from './badges.js';
import { escapeHtml, escapeText } from './escapeHtml.js';
import { bodyText } from './bodyText.js';

/** One row per header line: `set-cookie` comes as a list, one row per cookie. */
function headersBlock(headers: Record<string, string | readonly string[]>): string {
  const entries = Object.entries(headers).flatMap(([name, value]) =>
    [value].flat().map((line) => [name, line] as const),
  );
  if (entries.length === 0) return '';
  const rows = entries
    .map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<details class="headers"><summary>Headers (${entries.length})</summary><table><tbody>${rows}</tbody></table></details>`;
}

/** JSON bodies are marked `json`: the page's script colours them when the step opens (cheaper than markup). */
function bodyBlock(body: unknown): string {
  if (body === undefined || body === '') return '<p class="dim">No body</p>';
  const kind = typeof body === 'string' ? 'body' : 'body json';
  return `<pre class="${kind}">${escapeText(bodyText(body))}</pre>`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** The request as sent, with its cURL (built from the masked request: SPEC, the HTML cURL is masked). */
export function requestHtml(request: RecordedRequest): string {
  return (
    '<section class="exchange request"><h4>Request</h4>' +
    `<p class="line"><span class="method">${escapeHtml(request.method)}</span> <code>${escapeHtml(request.url)}</code>` +
    (request.proxy === undefined
      ? ''
      : ` <span class="dim">through proxy <code>${escapeHtml(request.proxy)}</code></span>`) +
    '</p>' +
    headersBlock(request.headers) +
    bodyBlock(request.body) +
    '<div class="copyable"><button type="button" class="copy" data-copy-pre>Copy cURL</button>' +
    `<pre class="curl">${escapeText(toCurl(request))}</pre></div></section>`
  );
}

export function responseHtml(response: RecordedResponse): string {
  return (
    '<section class="exchange response"><h4>Response</h4>' +
    `<p class="line">${httpStatusBadge(response.status, response.statusText)} ` +
    `<span class="dim">HTTP/${escapeHtml(response.httpVersion)} · ${formatBytes(response.sizeBytes)}` +
    (response.encoding === undefined
      ? ''
      : ` (${escapeHtml(response.encoding)}, ${formatBytes(response.encodedSizeBytes ?? 0)} on the wire)`) +
    '</span></p>' +
    headersBlock(response.headers) +
    bodyBlock(response.body) +
    '</section>'
  );
}

/** A stream step: where it connected, what it sent, each item that came, and how it closed. */
/** An SSE response's HTTP status as a badge; a gRPC status as its number and name. */
function streamStatusHtml(stream: StreamExchange): string {
  if (stream.status === undefined) return '';
  if (stream.kind !== 'grpc') return `<p class="line">${httpStatusBadge(stream.status, '')}</p>`;
  return `<p class="line">Status <code>${escapeHtml(streamStatusText(stream))}</code></p>`;
}

export function streamHtml(stream: StreamExchange): string {
  const noun = stream.itemsKey === 'events' ? 'event' : 'message';
  const sent = (stream.sent ?? [])
    .map((message, index) => `<p class="dim">Sent ${index + 1}</p>${bodyBlock(message)}`)
    .join('');
  const items = stream.items
    .map(
      (item, index) => `<p class="dim">${escapeHtml(`${stream.itemsKey}[${index}]`)}</p>${bodyBlock(item)}`,
    )
    .join('');
  const close =
    stream.close === undefined
      ? ''
      : `<p class="line dim">${escapeHtml(`Closed by ${stream.close.by}: ${stream.close.code} ${stream.close.reason}`.trim())}</p>`;
  return (
    `<section class="exchange request"><h4>${STREAM_KIND_NAMES[stream.kind]}</h4>` +
    `<p class="line"><code>${escapeHtml(stream.url)}</code>` +
    (stream.proxy === undefined
      ? ''
      : ` <span class="dim">through proxy <code>${escapeHtml(stream.proxy)}</code></span>`) +
    '</p>' +
    headersBlock(stream.requestHeaders ?? {}) +
    sent +
    '</section><section class="exchange response">' +
    `<h4>${escapeHtml(`${stream.itemCount} ${noun}${stream.itemCount === 1 ? '' : 's'}`)}</h4>` +
    streamStatusHtml(stream) +
    headersBlock(stream.headers ?? {}) +
    headersBlock(stream.trailers ?? {}) +
    items +
    close +
    '</section>'
  );
}

/** A cache step: the command as sent and the reply as `expect` and `save` saw it. */
export function cacheHtml(cache: CacheExchange): string {
  const reply = cache.reply === undefined ? '<p class="dim">No reply</p>' : bodyBlock(cache.reply);
  return (
    '<section class="exchange cache"><h4>Cache</h4>' +
    `<p class="line"><span class="method">${escapeHtml(cache.command.toUpperCase())}</span> ` +
    `<code>${escapeHtml(cache.key)}</code> <span class="dim">on ${escapeHtml(cache.connection)}</span></p>` +
    reply +
    '</section>'
  );
}

/** An export or import step: which file, which sheet, how many rows. */
export function spreadsheetHtml(kind: string, transfer: SpreadsheetTransfer): string {
  const verb = kind === 'export' ? 'Wrote' : 'Read';
  const rows = `${transfer.rows} ${transfer.rows === 1 ? 'row' : 'rows'}`;
  return (
    '<section class="exchange spreadsheet"><h4>Spreadsheet</h4>' +
    `<p class="line">${verb} ${escapeHtml(rows)} · <code>${escapeHtml(transfer.file)}</code> ` +
    `<span class="dim">sheet ${escapeHtml(transfer.sheet)}</span></p></section>`
  );
}
