export { CONSOLE_ONLY_MASK_FIELDS, MASK } from './fields.js';
export { Masker, type MaskingPolicy } from './masker.js';
export { SecretRegistry } from './secrets.js';
export { pathKeys } from './pathKeys.js';
export { environmentReader } from './envSecrets.js';
export { isSecretCookieName, setCookiePairs } from './cookies.js';
