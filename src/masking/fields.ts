/** SPEC, Global configuration: built-in mask fields, always active, matched case-insensitively. */
export const BUILT_IN_MASK_FIELDS: readonly string[] = [
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'password',
  'secret',
  'clientSecret',
  'client_secret',
  'apiKey',
  'api_key',
  'authorization',
];

/**
 * Header names that carry credentials as a matter of course. Not in SPEC's list; added because a session
 * cookie or an API key header leaks as surely as an Authorization header (docs/masking.md).
 */
export const SENSITIVE_HEADER_NAMES: readonly string[] = [
  'cookie',
  'set-cookie',
  'proxy-authorization',
  'x-api-key',
];

/**
 * Of those, the headers that carry cookies: masked cookie by cookie, so `theme=dark` stays readable and a
 * session id does not (docs/masking.md, "Cookies"). Listing one in `security.mask.fields` masks it whole.
 */
export const COOKIE_HEADERS: readonly string[] = ['cookie', 'set-cookie'];

/** SPEC: "Console output also masks `creditCard`." */
export const CONSOLE_ONLY_MASK_FIELDS: readonly string[] = ['creditCard'];

export const MASK = '[MASKED]';
