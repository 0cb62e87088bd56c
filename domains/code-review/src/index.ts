import { definePack } from '@evalpacks/core';
import { checks } from './checks.ts';

export { checks };

export default definePack({
  name: 'code-review',
  description:
    'Reviews AWS Lambda handlers (TypeScript on Node.js, and Python) for security, performance and reliability issues, ' +
    'in a fixed Markdown format: summary table, one section per finding with a targeted fix, severity count.',
  root: new URL('..', import.meta.url),
  checks,
  judge: {
    subject: 'code review',
    guidance:
      "Count a finding as caught only if the review ties it to this handler's own code (the field, call or " +
      'expression involved) and explains the risk or cost; a generic best-practice remark about the same ' +
      'AWS service is not a catch.',
  },
});
