export { htmlReportParts, renderHtmlReport, type HtmlReportMeta } from './renderHtmlReport.js';
export { BODIES_ELEMENT, LazyBodies, StepBody, type HtmlPart } from './lazyBodies.js';
