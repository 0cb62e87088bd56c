export { type HtmlReportOptions, htmlReport } from './html-report.ts';
