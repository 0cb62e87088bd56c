export { compareHtml } from './compare-html.ts';
export { type HtmlReportOptions, htmlReport } from './html-report.ts';
