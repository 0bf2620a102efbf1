import {
  interpolate,
  interpolateDeep,
  type ExpressionRuntime,
  type VariableScope,
} from '../expressions/index.js';
import { applyQuery, findHeader, resolveUrl, serializeBody, type HttpRequest } from '../http/index.js';
import type { RequestSpec } from '../language/model.js';
import type { RecordedRequest } from './results.js';
import type { TargetEnvironment } from './services.js';

export interface CompiledRequest {
  http: HttpRequest;
  recorded: RecordedRequest;
}

/** Values in URLs, headers and query strings are text; a non-string variable is written as JSON. */
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * SPEC phase 3: interpolate URL, headers, query and body against the current variables (fresh generator
 * values each time), resolve the URL against the environment and serialise the body.
 */
export function compileRequest(
  spec: RequestSpec,
  scope: VariableScope,
  runtime: ExpressionRuntime,
  environment: TargetEnvironment,
  userAgent: string,
): CompiledRequest {
  const text = (template: string): string => toText(interpolate(template, scope, runtime));
  const service = spec.service === undefined ? undefined : text(spec.service);
  const query = Object.fromEntries(
    Object.entries(spec.query).map(([key, value]) => [key, text(String(value))]),
  );
  const url = applyQuery(resolveUrl(text(spec.url), service, environment), query);
  const headers = Object.fromEntries(
    Object.entries(spec.headers).map(([key, value]) => [key, text(String(value))]),
  );

  const bodyValue = spec.hasBody ? interpolateDeep(spec.body, scope, runtime) : undefined;
  const serialized = serializeBody(bodyValue, headers);
  if (serialized.contentType !== undefined && findHeader(headers, 'content-type') === undefined) {
    headers['content-type'] = serialized.contentType;
  }
  if (findHeader(headers, 'user-agent') === undefined) headers['user-agent'] = userAgent;

  const timeoutMs = spec.timeoutMs ?? environment.timeoutMs;
  return {
    http: {
      method: spec.method,
      url,
      headers,
      body: serialized.body,
      timeoutMs,
      maxResponseBytes: environment.maxResponseBytes,
    },
    recorded: { method: spec.method, url, headers: { ...headers }, body: bodyValue },
  };
}
