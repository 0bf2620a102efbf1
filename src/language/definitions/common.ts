/** Shapes shared by the scenario, config and environment definitions. */
import { DURATION_EXAMPLES, DURATION_PATTERN } from '../duration.js';
import { boolean, integer, object, prop, string, type ObjectShape, type StringShape } from '../shape.js';

/** Save keys such as `1-userId` are allowed (SPEC, `save` sources), so names may start with a digit. */
export const VARIABLE_NAME_PATTERN = '^[A-Za-z0-9_][A-Za-z0-9_-]*$';

export const VARIABLE_KEYS: NonNullable<ObjectShape['keys']> = {
  pattern: VARIABLE_NAME_PATTERN,
  expected: 'a valid variable name (letters, digits, `_` and `-`, without `$`)',
  code: 'variable.name',
};

export function duration(description?: string): StringShape {
  return string({
    pattern: DURATION_PATTERN,
    patternExpected: `a duration such as ${DURATION_EXAMPLES}`,
    patternCode: 'duration.invalid',
    ...(description ? { description } : {}),
  });
}

/** A string interpolated at run time; numbers and booleans are read as their text. */
export function template(): StringShape {
  return string({ acceptScalars: true, role: 'template' });
}

/** HTTP options (DECISIONS, "HTTP options"): defaults in config.yaml, overridable per environment. */
export const HTTP_OPTIONS = object({
  http2: prop(boolean(), 'Negotiate HTTP/2 by ALPN when an HTTPS server offers it (default true).'),
  insecure: prop(boolean(), 'Accept self-signed and otherwise untrusted TLS certificates (default false).'),
  caFile: prop(string(), 'Extra certificate authority file (PEM), relative to the project root.'),
  maxResponseBytes: prop(
    integer({ minimum: 1 }),
    'Largest response body kept, in bytes (default 10 MiB); larger bodies fail the step.',
  ),
  timeout: prop(duration(), `Default request timeout, such as ${DURATION_EXAMPLES} (default 30s).`),
  maxRedirects: prop(
    integer({ minimum: 0 }),
    'Redirects followed before the step fails (default 10); 0 disables following.',
  ),
});
