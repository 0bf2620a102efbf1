export {
  fanOut,
  type RunListener,
  type RunBegin,
  type ScenarioBegin,
  type StepBegin,
  type StepEnd,
} from './events.js';
export type {
  AttemptRecord,
  CacheExchange,
  StreamExchange,
  SpreadsheetTransfer,
  RecordedRequest,
  RedirectHop,
  AuthExchangeRecord,
  RecordedResponse,
  RunResult,
  ScenarioResult,
  StepCounts,
  StepList,
  StepResult,
  StepStatus,
  TimingCheck,
} from './results.js';
export { addCounts } from './results.js';
export { runSuite, type SuiteOptions } from './runSuite.js';
export { expandExamples } from './executions.js';
export type { RunStop } from './interrupts.js';
export {
  systemClock,
  systemRuntime,
  type Clock,
  type EngineServices,
  type RecordRetention,
  type RunSettings,
  type TargetEnvironment,
} from './services.js';
export { prepareLoadExecution, type LoadExecution, type SectionRun } from './loadExecution.js';
export type { ScenarioExecution } from './runScenario.js';
