// The public face of src/openapi: the contract a run keeps (config `openapi:`), API coverage, and the
// document model importers read. Loaded lazily by the session: a run without `openapi:` never loads it.
export { createContract, type Contract, type ContractExchange, type ContractVerdict } from './contract.js';
export { loadOpenApiDocument } from './loadDocument.js';
export type { OpenApiDocument, JsonObject } from './document.js';
export { listOperations, type Operation } from './operations.js';
