import { type Html, html } from './html.ts';

/** Previous / next links for a page of `size` rows out of `matching`, keeping the other query parameters. */
export function pager(url: URL, offset: number, size: number, matching: number): Html {
  const at = (to: number) => {
    const next = new URL(url);
    next.searchParams.set('offset', String(to));
    return `${next.pathname}${next.search}`;
  };
  const last = Math.min(offset + size, matching);
  return html`<p class="pager">${matching === 0 ? 'none' : `${offset + 1}–${last} of ${matching}`}
    ${offset > 0 ? html`<a rel="prev" href="${at(Math.max(0, offset - size))}">previous</a>` : ''}
    ${last < matching ? html`<a rel="next" href="${at(offset + size)}">next</a>` : ''}</p>`;
}
