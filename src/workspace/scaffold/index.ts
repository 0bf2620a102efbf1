export { scaffoldFiles, type ScaffoldFile } from './scaffoldFiles.js';
export { initWorkspace } from './initWorkspace.js';
export { SCHEMA_MODELINE } from './exampleScenarios.js';
