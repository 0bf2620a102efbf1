export { scaffoldFiles, type ScaffoldFile, type ScaffoldOptions } from './scaffoldFiles.js';
export { initWorkspace, scaffoldState } from './initWorkspace.js';
export { DEFAULT_BASE_URL, DEMO_BASE_URL } from './environmentFiles.js';
export { SCHEMA_MODELINE } from './exampleScenarios.js';
