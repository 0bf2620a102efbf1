// The public face of src/openapi: the contract a run keeps (config `openapi:`), API coverage, and the
// document model importers read. Loaded lazily by the session: a run without `openapi:` never loads it.
export { createContract, type Contract, type ContractExchange, type ContractVerdict } from './contract.js';
export { loadOpenApiDocument } from './loadDocument.js';
export {
  dereferenced,
  isObject,
  resolvePointer,
  type JsonObject,
  type OpenApiDocument,
  type OpenApiVersion,
} from './document.js';
export { isJsonMediaType } from './mediaTypes.js';
export { listOperations, type DocumentedResponse, type Operation } from './operations.js';
