// oauth4webapi, in a module of its own so oauth2.ts loads it on first use (`await import('./oauthLibrary.js')`)
// while the package is imported statically (see src/cache/redisClient.ts).
export {
  allowInsecureRequests,
  ClientSecretBasic,
  ClientSecretPost,
  customFetch,
  genericTokenEndpointRequest,
  None,
  processGenericTokenEndpointResponse,
} from 'oauth4webapi';
