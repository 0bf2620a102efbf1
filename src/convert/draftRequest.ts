/**
 * The request being built from a cURL command. Values are literal text, except Template values, which are
 * already scenario templates (a secret replaced by `$accounts.<account>.<field>`); the printer escapes
 * the first and writes the second as it is.
 */
import type { HttpMethod } from '../language/model.js';

export class Template {
  /** `secret`: a credential's reference, marked in the YAML; importers also write plain templates. */
  constructor(
    readonly text: string,
    readonly secret = true,
  ) {}
}

export type DraftText = string | Template;

export interface DraftFile {
  path: string;
  filename?: string;
  contentType?: string;
}

export interface DraftMultipart {
  fields: [string, DraftText][];
  files: [string, DraftFile][];
  /** The file parts come before the text parts (written as `files` before `fields`). */
  filesFirst?: boolean;
}

/** JSON bodies become YAML maps (their leaves may be Templates), urlencoded forms `form:`; the rest is text. */
export type DraftBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; value: DraftText }
  | { kind: 'form'; value: [string, DraftText][] }
  /** `{ query, variables?, operationName? }`, sent as runner's `graphql:` body. */
  | { kind: 'graphql'; value: Record<string, unknown> };

/** A step's `auth:` as the converter builds it (docs/language.md, Auth); secrets become Templates. */
export type DraftAuth =
  | { scheme: 'basic' | 'digest'; username: DraftText; password: DraftText }
  | { scheme: 'bearer'; token: DraftText }
  | {
      scheme: 'awsSigV4';
      accessKeyId: DraftText;
      secretAccessKey: DraftText;
      sessionToken?: DraftText;
      region: DraftText;
      service: DraftText;
    }
  | {
      scheme: 'oauth2';
      grant: 'client_credentials' | 'password';
      tokenUrl: DraftText;
      clientId: DraftText;
      clientSecret?: DraftText;
      scope?: DraftText;
      audience?: DraftText;
      username?: DraftText;
      password?: DraftText;
      clientAuth?: 'basic' | 'body';
    };

export interface DraftRequest {
  method: HttpMethod;
  url: string;
  /** The URL as a template, when secrets in the query it keeps were replaced by variables. */
  urlTemplate?: Template;
  service?: string;
  query: [string, DraftText][];
  headers: [string, DraftText][];
  /** Headers runner would add that the step must not send (curl sends none): written as `Name: []`. */
  suppressedHeaders?: string[];
  body?: DraftBody;
  multipart?: DraftMultipart;
  /** A duration such as `10s`. */
  timeout?: string;
  /** The step's `auth:`. */
  auth?: DraftAuth;
  /** What an importer knows besides the request: the step's name, checks, saves, and notes before it. */
  step?: DraftStep;
}

export interface DraftStep {
  name?: string;
  /** Paths to expected values (`status: 200`, `body.id: 7`), already template text where they are text. */
  expect?: [string, unknown][];
  /** Variable names to paths (`token: body.token`). */
  save?: [string, string][];
  /** Comment lines written above the step (`not converted: ...`). */
  comments?: string[];
}

/**
 * A step that runs another scenario file inline (`use:`, docs/language.md): how an importer keeps a
 * collection's folders in order while they share the variables their requests save.
 */
export interface DraftUse {
  /** Relative to the scenario that uses it. */
  use: string;
  name?: string;
}

/** A websocket step (docs/language.md), as `runner convert` builds it from a websocat command. */
export interface DraftWebSocket {
  websocket: {
    url: string;
    /** The URL as a template, when secrets in its query were replaced by variables. */
    urlTemplate?: Template;
    headers: [string, DraftText][];
    subprotocols: string[];
    /** Text frames, sent in order. */
    send: string[];
    /** `receive: { count }`; without it the step collects until the server closes or the timeout. */
    count?: number;
  };
}

/** A `grpc` step (docs/language.md, gRPC), as `runner convert` reads it from a grpcurl command. */
export interface DraftGrpc {
  grpc: {
    url: string;
    service: string;
    method: string;
    /** Relative to the project root. */
    proto: string[];
    metadata: [string, DraftText][];
    /** The request message; its leaves may be Templates (secrets). */
    message?: unknown;
    /** A duration such as `10s`. */
    timeout?: string;
  };
}

/** Comments and warnings gathered while converting; comments go into the YAML, warnings to stderr. */
export interface ConversionNotes {
  comments: string[];
  warnings: string[];
}

export function findHeader(headers: readonly [string, DraftText][], name: string): number {
  const lower = name.toLowerCase();
  return headers.findIndex(([key]) => key.toLowerCase() === lower);
}

export function headerText(headers: readonly [string, DraftText][], name: string): string | undefined {
  const at = findHeader(headers, name);
  const value = at < 0 ? undefined : headers[at]?.[1];
  return typeof value === 'string' ? value : undefined;
}

export function addComment(notes: ConversionNotes, comment: string): void {
  if (!notes.comments.includes(comment)) notes.comments.push(comment);
}
