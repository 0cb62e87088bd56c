import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** Escaped HTML: every interpolated string is escaped unless it is itself `Html` or passed through `raw`. */
export type Html = HtmlEscapedString;

/**
 * Hono's tagged template, narrowed to its synchronous form: the views never interpolate promises, so
 * the result is always a string ready to send or write to a file.
 */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): Html => honoHtml(strings, ...values) as Html;

export { raw };
