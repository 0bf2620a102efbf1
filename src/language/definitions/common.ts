/** Shapes shared by the scenario, config and environment definitions. */
import { DURATION_EXAMPLES, DURATION_PATTERN } from '../duration.js';
import {
  boolean,
  integer,
  mapOf,
  object,
  prop,
  string,
  union,
  type ObjectShape,
  type StringShape,
} from '../shape.js';

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
  caFile: prop(
    string(),
    'Extra certificate authority file (PEM), relative to the project root; added to the default roots.',
  ),
  clientCert: prop(string(), 'Client certificate (PEM) for mutual TLS, relative to the project root.'),
  clientKey: prop(string(), 'Private key (PEM) of `clientCert`, relative to the project root.'),
  clientKeyPassphrase: prop(
    string({ acceptScalars: true }),
    'Passphrase of `clientKey`, usually `$accounts.<account>.<field>`; always masked.',
  ),
  resolve: prop(
    mapOf(
      string({
        pattern: '^(\\[[0-9A-Fa-f:.]+\\]|[0-9A-Fa-f:.]+)$',
        patternExpected: 'an IP address such as `127.0.0.1` or `::1`',
        patternCode: 'http.resolve-address',
      }),
      {
        keys: {
          pattern: '^(\\[[0-9A-Fa-f:.]+\\]|[^:\\[\\]\\s]+):[0-9]{1,5}$',
          expected: '`host:port`, such as `api.example.com:443`',
          code: 'http.resolve-target',
        },
      },
    ),
    'Pin `host:port` to an address instead of asking DNS, like curl --resolve (TLS still checks the host name).',
  ),
  proxy: prop(
    union(
      'an `http://[user:pass@]host:port` URL, or `false`',
      string({
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+/?$',
        patternExpected: 'a proxy URL such as `http://proxy.example.com:3128`',
        patternCode: 'http.proxy',
      }),
      boolean(),
    ),
    'HTTP proxy for every request (CONNECT for https); `false` ignores HTTP(S)_PROXY. Default: the environment.',
  ),
  compressed: prop(
    boolean(),
    'Send `accept-encoding: gzip, deflate, br` and decode compressed bodies (default true).',
  ),
  cookies: prop(boolean(), 'Keep cookies in a jar per scenario execution and send them back (default true).'),
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
