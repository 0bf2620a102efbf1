import type { StepResult } from '../../engine/index.js';
import { STREAM_KIND_NAMES } from '../../language/model.js';
import { streamStatusText } from '../shared/streamLabels.js';
import { formatDuration } from '../durations.js';
import type { Style } from '../style.js';
import { escapeControlLines, escapeControls as safe } from '../../diagnostics/terminalText.js';

export interface RenderOptions {
  style: Style;
  verbose: boolean;
}

/** The line that opens a loop, a `use` step or a loop's pass, printed before the first nested step. */
export function renderNestingHeader(label: string, depth: number, pass: boolean, style: Style): string {
  return `${'  '.repeat(depth + 1)}${pass ? style.dim(safe(label)) : `${style.dim('▸')} ${safe(label)}`}`;
}

/** Bodies printed with a failure are cut here unless --verbose asks for everything. */
const FAILURE_BODY_LIMIT = 2_000;

function symbol(step: StepResult, style: Style): string {
  if (step.status === 'failed') return style.red('✗');
  if (step.status === 'skipped') return style.yellow('○');
  const status = step.response?.status;
  // SPEC, Console output: `→` marks a redirect (HTTP 3xx).
  if (status !== undefined && status >= 300 && status < 400) return style.cyan('→');
  return style.green('✓');
}

/** A body as text: JSON indented, text as it came. */
function bodyText(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/**
 * Bodies came from a server or a file: printed line by line, each line indented and escaped (no control
 * character, nothing a CI system reads as a command).
 */
function indentLines(text: string, prefix: string): string[] {
  return escapeControlLines(text).map((line) => prefix + line);
}

/** One line per header line: `set-cookie` comes as a list, one line per cookie. */
function headerLines(headers: Record<string, string | readonly string[]>, prefix: string): string[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    [value].flat().map((line) => `${prefix}${safe(name)}: ${safe(line)}`),
  );
}

/** Whether a label is the step's `METHOD url` (an unnamed request), without building that text. */
function isMethodAndUrl(label: string, method: string, url: string): boolean {
  return (
    label.length === method.length + 1 + url.length &&
    label.startsWith(method) &&
    label.charCodeAt(method.length) === 32 &&
    label.endsWith(url)
  );
}

/** The step's own line: its parts joined by two spaces, built as one string (once per step printed). */
function headline(step: StepResult, options: RenderOptions): string {
  const { style } = options;
  let line = `${symbol(step, style)} ${safe(step.label)}`;
  const request = step.request;
  // A named step also shows what it sent (SPEC: "Per step: the method and URL").
  if (request && !isMethodAndUrl(step.label, request.method, request.url))
    line += '  ' + style.dim(safe(`${request.method} ${request.url}`));
  // SPEC, `set` step: the log shows `set variables: <names>`, also when the step has a name.
  if (step.kind === 'set' && step.status === 'passed' && !step.label.startsWith('set variables:')) {
    line += '  ' + style.dim(safe(`set variables: ${Object.keys(step.saved).join(', ')}`));
  }
  if (step.spreadsheet && step.status === 'passed') {
    const { file, sheet, rows } = step.spreadsheet;
    const verb = step.kind === 'export' ? 'wrote' : 'read';
    line += '  ' + style.dim(safe(`${verb} ${rows} ${rows === 1 ? 'row' : 'rows'} · ${file} (${sheet})`));
  }
  if (step.response) {
    const text = options.verbose && step.response.statusText ? ` ${safe(step.response.statusText)}` : '';
    line += `  ${step.response.status}${text}`;
  }
  if (step.status === 'skipped')
    line += '  ' + style.yellow(safe(`skipped: ${step.skipReason ?? 'not run'}`));
  else line += '  ' + style.dim(formatDuration(step.durationMs));
  // The duration above covers every attempt; say how many there were.
  if (step.attempts && step.attempts.length > 1) line += '  ' + style.dim(`${step.attempts.length} attempts`);
  return line;
}

function requestDetails(step: StepResult, pad: string): string[] {
  if (!step.request) return [];
  const lines = [
    safe(
      `${pad}Request ${step.request.method} ${step.request.url}` +
        (step.request.proxy === undefined ? '' : ` (through proxy ${step.request.proxy})`),
    ),
    ...headerLines(step.request.headers, `${pad}  `),
  ];
  if (step.request.body !== undefined) lines.push(...indentLines(bodyText(step.request.body), `${pad}  `));
  return lines;
}

/** `512 bytes`, or `10240 bytes, 512 gzip` when the body came compressed. */
function describeSize(response: NonNullable<StepResult['response']>): string {
  const decoded = `${response.sizeBytes} bytes`;
  if (response.encoding === undefined) return decoded;
  return `${decoded}, ${response.encodedSizeBytes ?? '?'} ${response.encoding}`;
}

function responseDetails(step: StepResult, pad: string, options: RenderOptions): string[] {
  const response = step.response;
  if (!response) return [];
  const lines = [
    `${pad}Response ${response.status} ${safe(response.statusText)} (HTTP/${response.httpVersion}, ${describeSize(response)})`,
  ];
  if (options.verbose) lines.push(...headerLines(response.headers, `${pad}  `));
  let body = bodyText(response.body);
  if (!options.verbose && body.length > FAILURE_BODY_LIMIT) {
    body = `${body.slice(0, FAILURE_BODY_LIMIT)}\n… ${body.length - FAILURE_BODY_LIMIT} more characters (--verbose prints all)`;
  }
  if (body !== '') lines.push(...indentLines(body, `${pad}  `));
  return lines;
}

/** What a cache step asked and the reply it got, printed like an HTTP response on failure. */
function cacheDetails(step: StepResult, pad: string): string[] {
  const cache = step.cache;
  if (!cache) return [];
  const lines = [safe(`${pad}Cache ${cache.command.toUpperCase()} ${cache.key} on ${cache.connection}`)];
  if (cache.reply !== undefined) lines.push(...indentLines(bodyText(cache.reply), `${pad}  `));
  return lines;
}

/** A stream step's connection: what it sent, how it ended, and each item that came (JSON indented). */
function streamDetails(step: StepResult, pad: string, options: RenderOptions): string[] {
  const stream = step.stream;
  if (!stream) return [];
  const statusText = streamStatusText(stream);
  const status = statusText === '' ? '' : ` ${statusText}`;
  const via = stream.proxy === undefined ? '' : ` (through proxy ${stream.proxy})`;
  const lines = [safe(`${pad}${STREAM_KIND_NAMES[stream.kind]} ${stream.url}${status}${via}`)];
  if (options.verbose) {
    if (stream.requestHeaders) lines.push(...headerLines(stream.requestHeaders, `${pad}  > `));
    if (stream.headers) lines.push(...headerLines(stream.headers, `${pad}  < `));
    if (stream.trailers) lines.push(...headerLines(stream.trailers, `${pad}  < `));
  }
  for (const [index, sent] of (stream.sent ?? []).entries())
    lines.push(...indentLines(`sent ${index + 1}: ${bodyText(sent)}`, `${pad}  `));
  const noun = stream.itemsKey === 'events' ? 'event' : 'message';
  // A connection that never opened received nothing worth a line (its error says why).
  if (stream.status !== undefined || stream.itemCount > 0 || stream.close !== undefined)
    lines.push(`${pad}  ${stream.itemCount} ${noun}${stream.itemCount === 1 ? '' : 's'} received`);
  let shown = 0;
  for (const [index, item] of stream.items.entries()) {
    let text = bodyText(item);
    if (!options.verbose && shown + text.length > FAILURE_BODY_LIMIT) {
      lines.push(`${pad}  … ${stream.items.length - index} more (--verbose prints all)`);
      break;
    }
    shown += text.length;
    if (text === '') text = '""';
    lines.push(...indentLines(`${stream.itemsKey}[${index}]: ${text}`, `${pad}  `));
  }
  if (stream.close) {
    const { code, reason, by } = stream.close;
    lines.push(safe(`${pad}  closed by ${by}: ${code}${reason === '' ? '' : ` ${reason}`}`));
  }
  return lines;
}

/**
 * The console lines for one finished step: headline, one line per assertion, and details on failure. Nested
 * steps are not included: each was printed when it ended (see consoleReporter).
 */
export function renderStep(step: StepResult, depth: number, options: RenderOptions): string[] {
  const { style } = options;
  const pad = '  '.repeat(depth + 1);
  const inner = `${pad}    `;
  const lines = [pad + headline(step, options)];
  if (step.status === 'skipped') return lines;

  for (const assertion of step.assertions) {
    lines.push(`${inner}${assertion.passed ? style.green('✓') : style.red('✗')} ${safe(assertion.message)}`);
  }
  if (step.timing) {
    const { maxMs, actualMs, passed } = step.timing;
    const text = passed
      ? `latency ${formatDuration(actualMs)} within timing.max ${formatDuration(maxMs)}`
      : `latency ${formatDuration(actualMs)} exceeds timing.max ${formatDuration(maxMs)}`;
    lines.push(`${inner}${passed ? style.green('✓') : style.red('✗')} ${passed ? text : style.red(text)}`);
  }
  if (step.error) lines.push(`${inner}${style.red('✗')} ${style.red(safe(step.error))}`);
  if (step.attempts && step.attempts.length > 1) {
    for (const attempt of step.attempts) {
      const status = attempt.httpStatus === undefined ? '' : ` ${attempt.httpStatus}`;
      const failure = attempt.failure ? ` · ${safe(attempt.failure)}` : '';
      const wait = attempt.waitMs === undefined ? '' : ` · then waited ${formatDuration(attempt.waitMs)}`;
      lines.push(
        style.dim(
          `${inner}attempt ${attempt.attempt}/${step.attempts.length}:${status} ${attempt.status}${failure}${wait}`,
        ),
      );
    }
  }
  for (const hop of step.redirects ?? [])
    lines.push(`${inner}${style.cyan('→')} ${hop.status} ${safe(hop.from)} → ${safe(hop.to)}`);
  for (const warning of step.warnings) lines.push(`${inner}${style.yellow('!')} ${safe(warning)}`);
  if (options.verbose) {
    for (const [name, value] of Object.entries(step.saved))
      lines.push(`${inner}${style.dim(safe(`saved ${name} = ${JSON.stringify(value)}`))}`);
  }
  if (options.verbose) {
    lines.push(...requestDetails(step, inner));
    lines.push(...responseDetails(step, inner, options));
    lines.push(...cacheDetails(step, inner));
    lines.push(...streamDetails(step, inner, options));
  } else if (step.status === 'failed') {
    // SPEC, Console output: a failure prints the full response.
    lines.push(...responseDetails(step, inner, options));
    lines.push(...cacheDetails(step, inner));
    lines.push(...streamDetails(step, inner, options));
  }
  return lines;
}
