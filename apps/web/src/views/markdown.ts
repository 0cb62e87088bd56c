import MarkdownIt from 'markdown-it';
import { type Html, raw } from './html.ts';

/**
 * Model output is untrusted. html: false turns any tag in it into visible text; markdown-it's own link
 * check drops javascript:, vbscript:, file: and data: targets; images are off, so an answer can never
 * make the page (or a report opened offline) fetch anything.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable('image');

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  // A link in a model's answer leads away from the viewer: never with the viewer's referrer or opener.
  tokens[idx]?.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Untrusted Markdown as inert HTML. */
export function renderMarkdown(text: string): Html {
  return raw(markdown.render(text));
}
