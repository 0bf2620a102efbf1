// The public face of src/convert: cURL commands to scenario YAML and scenarios back to cURL commands
// (DECISIONS, Commands: `runner convert`). Pure: the caller reads files, stdin and the workspace.
export {
  convertCurlText,
  convertCurlWords,
  type CurlConversion,
  type CurlConversionOptions,
} from './curlToScenario.js';
export { scenarioToCurl, useTargets, type ScenarioToCurlOptions } from './scenarioToCurl.js';
export { secretNamePredicate } from './secretNames.js';
export {
  importOpenApi,
  type ImportedFile,
  type OpenApiImport,
  type OpenApiImportOptions,
} from './openapi/importOpenApi.js';
export type { CredentialField } from './openapi/operationSecurity.js';
export type { CommandFiles } from './commandFiles.js';
