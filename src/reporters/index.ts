export { createConsoleReporter, type ConsoleReporterOptions } from './console/consoleReporter.js';
export { maskEvents } from './maskingBoundary.js';
export { createStyle, type OutputStream, type Style } from './style.js';
