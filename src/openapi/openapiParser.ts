// The OpenAPI parser, in a module of its own so that loadDocument.ts can load it on first use
// (`await import('./openapiParser.js')`): a run without `openapi:` in config.yaml never loads it, and a static
// import gives the package's named exports in every bundle layout (see src/cache/redisClient.ts).
export { bundle, validate } from '@readme/openapi-parser';
