export { planErrors, planRun, selectByTags, type RunPlan, type RunRequest } from './planRun.js';
export { executePlan, type ExecuteOptions, type ExecutedRun, type MaskedListener } from './executePlan.js';
export { affectedScenarios, type Affected } from './affectedScenarios.js';
