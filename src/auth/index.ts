// Credentials for requests (DECISIONS, Wave 3 "Auth"): the schemes, the OAuth2 token store shared by a run,
// and the client that applies them just before sending. The engine calls it; it calls the HTTP client.
export {
  authenticatedClient,
  type AuthContext,
  type AuthExchange,
  type ResolvedAuth,
} from './authenticate.js';
export { TokenRequestError } from './oauth2.js';
export { createTokenStore, type TokenStore } from './tokenStore.js';
