export { createConsoleReporter, type ConsoleReporterOptions } from './console/consoleReporter.js';
export { maskEvents } from './maskingBoundary.js';
export { createStyle, type OutputStream, type Style } from './style.js';
export {
  REPORT_FORMATS,
  writeReportOutputs,
  type ReportFormat,
  type WrittenOutputs,
} from './reportOutputs.js';
