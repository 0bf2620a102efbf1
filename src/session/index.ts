export { planErrors, planRun, type RunPlan, type RunRequest } from './planRun.js';
export { selectByTags, type Shard } from './selection.js';
export {
  createRunServices,
  executePlan,
  type ExecuteOptions,
  type ExecutedRun,
  type MaskedListener,
  type RunServices,
} from './executePlan.js';
export { affectedScenarios, type Affected } from './affectedScenarios.js';
export { registerNetworkSecrets } from './httpSetup.js';
export { createMergeMasker } from './mergeMasker.js';
