export { planErrors, planRun, type RunPlan, type RunRequest } from './planRun.js';
export { selectByTags, type Shard } from './selection.js';
export { executePlan, type ExecuteOptions, type ExecutedRun, type MaskedListener } from './executePlan.js';
export { affectedScenarios, type Affected } from './affectedScenarios.js';
export { registerNetworkSecrets } from './httpSetup.js';
