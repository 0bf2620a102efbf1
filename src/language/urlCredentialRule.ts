import type { Diagnostic } from '../diagnostics/errors.js';
import { entryOf, type YamlMap } from './yamlTree.js';

/** `scheme://user:password@` where the password is written out, not a `$variable`. */
const LITERAL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*:(?!\$)[^\s/?#@]+@/i;

/**
 * DECISIONS, "HTTP": a `user:pass@` URL is sent as Basic authorization and its password masked, but a
 * password written into a scenario is still a password in the repository: `validate` says so, without
 * repeating it.
 */
export function checkUrlCredentials(step: YamlMap): Diagnostic[] {
  const request = entryOf(step, 'request')?.value;
  if (request?.kind !== 'map') return [];
  const url = entryOf(request, 'url')?.value;
  if (url?.kind !== 'scalar' || typeof url.value !== 'string' || !LITERAL_PASSWORD.test(url.value)) return [];
  return [
    {
      code: 'request.url-credentials',
      severity: 'warning',
      message:
        'the URL holds a literal password; it is sent as Basic authorization and masked, but stays in this file',
      location: url.loc,
      hint: 'keep it in the credentials file: `https://user:$accounts.api.password@host/...`',
    },
  ];
}
