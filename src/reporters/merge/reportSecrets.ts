/**
 * The secrets a report.json names (issue 28). A `--report-raw` report holds its data unmasked, but its run
 * knew its secrets and marked them in what stayed masked: each step's `curl` text is rendered from the masked
 * request, so where it says `[MASKED]` and the request rendered the same way says something else, that
 * something was a secret (a credential in a query, a token in a header, a URL's password). Values saved under
 * a masked name were secrets of the run too (engine/steps/saves.ts). `report merge` adds both to the secrets
 * its masking boundary scrubs from every output, beside the field names every output masks anyway. Pure.
 */
import type { RecordedRequest } from '../../engine/index.js';
import { MASK, type Masker, type SecretRegistry } from '../../masking/index.js';
import type { JsonReport, JsonStep } from '../json/reportTypes.js';
import { toCurl } from '../shared/curl.js';

/** toCurl joins its options with this; a line at a time keeps the alignment below local. */
const OPTION_BREAK = ' \\\n  ';

/**
 * The texts `raw` holds where `masked` says `[MASKED]`, when the two line up (same text between the masks);
 * nothing for a line that does not. Shell quoting (`'\''`) is undone.
 */
export function maskedSpans(masked: string, raw: string): string[] {
  const pieces = masked.split(MASK);
  if (pieces.length < 2) return [];
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (!raw.startsWith(first) || !raw.endsWith(last) || raw.length < first.length + last.length) return [];
  const spans: string[] = [];
  let at = first.length;
  const end = raw.length - last.length;
  for (let i = 1; i < pieces.length; i++) {
    const next = i === pieces.length - 1 ? end : raw.indexOf(pieces[i]!, at + 1);
    // Two masks side by side, or text that does not line up: nothing can be said of this line.
    if (next < 0 || next > end || (pieces[i] === '' && i < pieces.length - 1)) return [];
    spans.push(raw.slice(at, next));
    at = next + pieces[i]!.length;
  }
  return spans.map((span) => span.replaceAll(`'\\''`, "'")).filter((span) => span !== '' && span !== MASK);
}

function requestOf(record: NonNullable<JsonStep['request']>): RecordedRequest {
  const request: RecordedRequest = { method: record.method, url: record.url, headers: record.headers };
  if (record.body !== null) request.body = record.body;
  if (record.proxy !== undefined) request.proxy = record.proxy;
  return request;
}

function addStepSecrets(step: JsonStep, masker: Masker, secrets: SecretRegistry): void {
  for (const [name, value] of Object.entries(step.saved ?? {})) {
    if (masker.isSensitive([name])) secrets.add(value);
  }
  if (typeof step.curl !== 'string' || !step.curl.includes(MASK) || !step.request) return;
  const raw = toCurl(requestOf(step.request));
  if (raw === step.curl) return;
  const maskedLines = step.curl.split(OPTION_BREAK);
  const rawLines = raw.split(OPTION_BREAK);
  const pairs: [string, string][] =
    maskedLines.length === rawLines.length
      ? maskedLines.map((line, i) => [line, rawLines[i]!])
      : [[step.curl, raw]];
  for (const [maskedLine, rawLine] of pairs) {
    if (maskedLine !== rawLine) for (const span of maskedSpans(maskedLine, rawLine)) secrets.add(span);
  }
}

/** Adds to `secrets` every secret the reports name (see above), for `masker` to scrub from the merge. */
export function addReportSecrets(
  reports: readonly JsonReport[],
  masker: Masker,
  secrets: SecretRegistry,
): void {
  const steps: JsonStep[] = [];
  for (const report of reports) {
    for (const record of [report, ...(report.scenarios ?? [])]) steps.push(...record.steps);
  }
  while (steps.length > 0) {
    const step = steps.pop()!;
    addStepSecrets(step, masker, secrets);
    if (step.children) steps.push(...step.children);
  }
}
