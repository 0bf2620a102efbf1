/**
 * `.runner/environments/<env>.yaml` (SPEC, "Environment file"; DECISIONS, cache connections and HTTP
 * options). `variables:` is our addition: plain values available to scenarios as `$name`.
 */
import {
  any,
  mapOf,
  object,
  prop,
  required,
  string,
  type ShapeDocument,
  type StringShape,
} from '../shape.js';
import { AUTH_DESCRIPTION, AUTH_SHAPE } from './authShape.js';
import { HTTP_OPTIONS, VARIABLE_KEYS } from './common.js';

/**
 * Base URLs take no scenario variables, only `$env` (filled in before this check when a run starts), so a
 * value that is not an absolute http(s) URL is caught at load time rather than failing every request.
 * Scheme letters may be upper-case.
 */
function baseUrl(): StringShape {
  return string({
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+(?:[/?#]\\S*)?$',
    patternExpected: 'an absolute http(s) URL such as `https://api.example.com`',
    patternCode: 'environment.base-url',
  });
}

export const ENVIRONMENT_SHAPE: ShapeDocument = {
  title: 'environment',
  description: 'One runner environment: base URLs, cache connections, HTTP options and variables.',
  root: object(
    {
      baseUrl: required(baseUrl(), 'Prefix for relative request URLs.'),
      services: prop(
        mapOf(object({ baseUrl: required(baseUrl(), 'Host prefix for this service.') })),
        'Named hosts, selected with `service:` in a request.',
      ),
      cache: prop(
        mapOf(
          object({
            url: required(
              string({
                pattern: '^rediss?://',
                patternExpected: 'a `redis://` or `rediss://` URL',
                patternCode: 'cache.url',
              }),
              'Connection URL; variables such as `$accounts.redis.password` are interpolated.',
            ),
          }),
        ),
        'Cache connections by name, used by `cache.connection` in steps.',
      ),
      auth: prop(
        AUTH_SHAPE,
        `${AUTH_DESCRIPTION} Applies to every request unless a step has its own \`auth\` or \`Authorization\` header.`,
      ),
      http: prop(HTTP_OPTIONS, 'Overrides of config.yaml `http` options for this environment.'),
      variables: prop(mapOf(any(), { keys: VARIABLE_KEYS }), 'Values available to scenarios as `$name`.'),
    },
    { name: 'environment file' },
  ),
  defs: {},
  envReferences: true,
};
