export { createConsoleReporter, type ConsoleReporterOptions } from './console/consoleReporter.js';
export { createResultMasker, maskEvents } from './maskingBoundary.js';
export { createStyle, type OutputStream, type Style } from './style.js';
export {
  REPORT_FORMATS,
  writeReportOutputs,
  type ReportFormat,
  type FinishedResults,
  type WrittenOutputs,
} from './reportOutputs.js';
export {
  createGithubReporter,
  writeGithubReport,
  type GithubReportOptions,
} from './github/githubReporter.js';
export { mergeReports } from './merge/mergeReports.js';
export { addReportSecrets } from './merge/reportSecrets.js';
export type { JsonReport } from './json/reportTypes.js';
export { readReportInput } from './merge/readReportInput.js';
export { readCoverageInput } from './merge/readCoverageInput.js';
export { writeMergedReports } from './merge/writeMergedReports.js';
export {
  computeCoverage,
  mergeCoverage,
  type ApiCoverage,
  type DocumentedOperation,
} from './coverage/apiCoverage.js';
export { renderCoverageText } from './coverage/coverageText.js';
export { openRecordStream, type RecordStream } from './stream/recordStream.js';
export type { StoredResults } from './stream/storedRun.js';
export { firstFailure } from './junit/stepFailures.js';
export { writeRunReports } from './files/writeRunReports.js';
