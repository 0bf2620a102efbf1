// The public face of src/workspace: finding and loading the workspace, environments, credentials and
// scenario files (does I/O with node:fs/promises).
export type {
  Credentials,
  Environment,
  FailureSnapshotConfig,
  HttpOptions,
  ReportFormat,
  RunnerConfig,
  Workspace,
} from './types.js';
export { findWorkspaceRoot, loadWorkspace } from './loadWorkspace.js';
export { scenarioMentions } from './storedScenario.js';
export { loadCredentials, loadEnvironment, missingCredentialsFile } from './environment.js';
export { fillEnvReferences } from './envReferences.js';
export { collectScenarioFiles, scenarioFilesUnder } from './collectScenarioFiles.js';
export { listSchemaFiles } from './schemaFiles.js';
export { displayPath } from './displayPath.js';
export { placeInProject } from './projectPaths.js';
export { loadScenarioFile, loadScenarios, type LoadedScenarios } from './loadScenarios.js';
export { validateWorkspace, type Validation } from './validateWorkspace.js';
export type { OpenDocuments } from './scenarioSources.js';
export { openParseCache, type ParseCache, type ParseCacheOptions } from './parseCache.js';
export {
  createSchemaStore,
  type SchemaStore,
  type SchemaStoreOptions,
  type SchemaVerdict,
} from './schemaStore.js';
export { reachableFiles } from './composition.js';
export { fillSettingTemplate } from './settingTemplates.js';
export { trackedCredentialWarnings } from './trackedCredentials.js';
