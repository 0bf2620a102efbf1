export { parseThreshold, type Threshold, type ThresholdVerdict } from './thresholds.js';
export { LoadMetrics } from './loadMetrics.js';
export { runLoad, type LoadOutcome } from './runLoad.js';
export type { LoadModel, LoadShape } from './loadModels.js';
export {
  buildLoadReport,
  evaluateThresholds,
  loadDataFromReport,
  loadDataOf,
  mergeLoadData,
  thresholdsOf,
  type LoadData,
  type LoadReport,
  type LoadSettings,
} from './loadReport.js';
export { liveLine, summaryTable } from './loadText.js';
export { renderLoadHtml } from './loadHtml.js';
export { createLatencyHistogram } from './histogram.js';
