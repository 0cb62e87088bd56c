import { definePack } from '@evalpacks/core';
import { checks } from './checks.ts';

export { checks };

export default definePack({
  name: 'content-review',
  description:
    'Reviews technical drafts (tutorials, API guides, release notes, explainers) for completeness, structure and ' +
    "accuracy, in a fixed Markdown format: the section checklist of the draft's genre, categorised findings with " +
    'one concrete suggestion each, readiness at the end.',
  root: new URL('..', import.meta.url),
  checks,
  judge: {
    subject: 'content review',
    guidance:
      'Count a finding as caught only if the review points at the place in this draft (the section, command or ' +
      'code sample involved) and says what is wrong there; general writing advice on the same topic is not a catch.',
  },
});
