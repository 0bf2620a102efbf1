/**
 * `runner import har <file.har>` (DECISIONS, Authoring): one scenario of the recorded requests, in order, each
 * checking the status the recording got. Headers the HTTP client writes itself (`content-length`, `host`,
 * HTTP/2 pseudo-headers, ...) are left out; the URL keeps its query as recorded. Secrets in headers, query and
 * body become `$accounts` references as in `runner convert`. Pure: the CLI reads and writes the files.
 */
import type { Entry, Har } from 'har-format';
import { HTTP_METHODS } from '../../language/model.js';
import type { DraftRequest, DraftText } from '../draftRequest.js';
import { printScenario } from '../printScenario.js';
import { replaceSecrets } from '../replaceSecrets.js';
import { SECRET_ACCOUNT, SecretFields, type SensitiveName } from '../secretNames.js';
import { escapeTemplate } from '../templateText.js';

const LEFT_OUT = new Set([
  'content-length',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

export interface HarImport {
  yaml: string;
  requests: number;
  /** The `api` account of the credentials file: each secret's field and the value it replaced. */
  credentials: Record<string, string>;
  /** The origin of the first request, for the environment's `baseUrl`. */
  origin?: string;
  /** Entries left out (a method runner does not send), as `method url` lines. */
  skipped: string[];
}

export function importHar(
  har: Har,
  isSensitive: SensitiveName,
  credentialsFile: string,
  name = 'recorded',
): HarImport {
  const fields = new SecretFields();
  const requests: DraftRequest[] = [];
  const skipped: string[] = [];
  for (const entry of har.log.entries) {
    const draft = entryRequest(entry);
    if (!draft) {
      skipped.push(`${entry.request.method} ${entry.request.url}`);
      continue;
    }
    requests.push(replaceSecrets(draft, isSensitive, fields).request);
  }
  const credentials = fields.values();
  const yaml = printScenario({
    requests,
    comments: [
      ...(fields.slots.length > 0
        ? [
            `the recorded secrets are in ${credentialsFile} as ${fields.slots.map((slot) => `\`$accounts.${SECRET_ACCOUNT}.${slot.field}\``).join(', ')} (masked in all output)`,
          ]
        : []),
      ...skipped.map((line) => `not converted: ${line} (a method runner does not send)`),
    ],
    secrets: [],
    credentialsFile,
    scenario: escapeTemplate(name),
    origin:
      ' Imported from a HAR recording by `runner import har`. Each step checks the status that was recorded.',
  });
  const origin = /^https?:\/\/[^/?#]+/i.exec(requests[0]?.url ?? '')?.[0];
  return { yaml, requests: requests.length, credentials, skipped, ...(origin ? { origin } : {}) };
}

function entryRequest(entry: Entry): DraftRequest | undefined {
  const { request, response } = entry;
  const method = HTTP_METHODS.find((known) => known === request.method.toUpperCase());
  if (!method) return undefined;
  const headers: [string, DraftText][] = request.headers
    .filter(({ name }) => !name.startsWith(':') && !LEFT_OUT.has(name.toLowerCase()))
    .map(({ name, value }) => [name, value]);
  const draft: DraftRequest = { method, url: request.url.replace(/#.*$/, ''), query: [], headers };
  const post = request.postData;
  if (post) {
    const text =
      post.text ??
      (post.params ?? [])
        .map((param) => `${encodeURIComponent(param.name)}=${encodeURIComponent(param.value ?? '')}`)
        .join('&');
    if (text !== '') {
      if (!headers.some(([header]) => header.toLowerCase() === 'content-type') && post.mimeType) {
        headers.push(['Content-Type', post.mimeType]);
      }
      draft.body = { kind: 'text', value: text };
    }
  }
  if (response.status >= 100 && response.status <= 599)
    draft.step = { expect: [['status', response.status]] };
  return draft;
}
