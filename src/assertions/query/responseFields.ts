/**
 * Paths about the exchange rather than the parsed body (DECISIONS, Wave 2 "New paths"): `url`, `redirects`,
 * `httpVersion`, `duration`, `size`, `sha256`, `md5`, `ip`, `certificate.<field>`.
 */
import { createHash } from 'node:crypto';
import type { VariableScope } from '../../expressions/index.js';
import type { QuerySegment } from '../../expressions/path.js';
import { followSegments } from './followPath.js';
import { missing, type Resolved } from './resolved.js';
import { CERTIFICATE_FIELDS, type ResponseField } from './subjectQuery.js';

/** One redirect followed: the 3xx status and the URL it led to. */
export interface RedirectStep {
  status: number;
  url: string;
}

/** The server certificate of an HTTPS response; dates in RFC 3339, serial number in lower-case hex. */
export interface CertificateFacts {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  serialNumber: string;
}

/** What the engine knows about an HTTP exchange beyond status, headers and body. */
export interface ResponseFacts {
  /** The final URL, after redirects. */
  url: string;
  redirects: readonly RedirectStep[];
  httpVersion: string;
  /** Every exchange of the step together (redirects included), in milliseconds. */
  durationMs: number;
  /** The body as received and decoded, before any reading as text or JSON. */
  bytes: Uint8Array;
  /** The address the serving connection was made to. */
  ip?: string;
  /** HTTPS only. */
  certificate?: CertificateFacts;
}

const hex = (algorithm: 'sha256' | 'md5', bytes: Uint8Array): string =>
  createHash(algorithm).update(bytes).digest('hex');

function scalar(field: string, value: unknown, segments: readonly QuerySegment[]): Resolved {
  return segments.length === 0
    ? { found: true, value }
    : missing(`\`${field}\` has no fields; write \`${field}\``);
}

function certificateField(
  facts: ResponseFacts,
  segments: readonly QuerySegment[],
  variables: VariableScope | undefined,
): Resolved {
  if (facts.certificate === undefined) {
    const why = facts.url.startsWith('https:')
      ? 'the server sent no certificate the client could read'
      : `\`certificate\` is only available on HTTPS responses, and ${facts.url} is not one`;
    return missing(why);
  }
  const first = segments[0];
  if (typeof first === 'string' && !(CERTIFICATE_FIELDS as readonly string[]).includes(first)) {
    return missing(
      `unknown certificate field \`${first}\`; fields are ${CERTIFICATE_FIELDS.join(', ')}`,
      [...CERTIFICATE_FIELDS],
      'certificate',
    );
  }
  return followSegments('certificate', facts.certificate, segments, variables);
}

export function resolveResponseField(
  facts: ResponseFacts | undefined,
  field: ResponseField,
  segments: readonly QuerySegment[],
  variables: VariableScope | undefined,
): Resolved {
  if (facts === undefined) return missing(`\`${field}\` applies only to HTTP request steps`);
  switch (field) {
    case 'url':
      return scalar(field, facts.url, segments);
    case 'redirects':
      return followSegments('redirects', facts.redirects, segments, variables);
    case 'httpVersion':
      return scalar(field, facts.httpVersion, segments);
    case 'duration':
      return scalar(field, Math.round(facts.durationMs), segments);
    case 'size':
      return scalar(field, facts.bytes.byteLength, segments);
    case 'sha256':
    case 'md5':
      return segments.length === 0
        ? { found: true, value: hex(field, facts.bytes) }
        : scalar(field, '', segments);
    case 'ip':
      return facts.ip === undefined
        ? missing('the client did not report the address it connected to')
        : scalar(field, facts.ip, segments);
    case 'certificate':
      return certificateField(facts, segments, variables);
  }
}
