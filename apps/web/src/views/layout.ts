import { type Html, html } from './html.ts';

export interface PageOptions {
  title: string;
  body: Html;
  /** The page's scripts, served from /assets; no page has inline script. */
  scripts?: string[];
}

/** The viewer's page shell: one stylesheet and at most one script, both files, as the CSP requires. */
export function layout(options: PageOptions): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · evalpacks</title>
<link rel="stylesheet" href="/assets/style.css">
${(options.scripts ?? []).map((name) => html`<script src="/assets/${name}" defer></script>`)}
</head>
<body>
<header class="top"><a href="/" class="brand">evalpacks</a><nav><a href="/">Runs</a><a href="/history">History</a><a href="/compare">Compare</a></nav></header>
<main>${options.body}</main>
</body>
</html>`;
}

/** A status word as a badge the tests and the eye can find. */
export const badge = (status: string) =>
  html`<span class="badge badge-${status}" data-status="${status}">${status}</span>`;
