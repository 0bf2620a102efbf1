export { renderHtmlReport, type HtmlReportMeta } from './renderHtmlReport.js';
