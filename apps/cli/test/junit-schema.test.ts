import { describe, expect, it } from 'vitest';
import { junitSchemaProblems } from './junit-schema.ts';

const suite = (attributes: string, body: string) =>
  `<?xml version="1.0"?><testsuites><testsuite ${attributes}>${body}</testsuite></testsuites>`;
const GOOD_ATTRIBUTES =
  'name="s" package="p" id="0" timestamp="2025-01-01T00:00:00" hostname="h" tests="1" failures="1" errors="0" time="0.5"';
const GOOD_BODY =
  '<properties/><testcase name="c" classname="k" time="0.1"><failure message="m" type="t">why</failure></testcase><system-out/><system-err/>';

describe('the JUnit schema check used by the reporter tests', () => {
  it('accepts a minimal valid document', () => {
    expect(junitSchemaProblems(suite(GOOD_ATTRIBUTES, GOOD_BODY))).toEqual([]);
  });

  it.each([
    [
      'a missing required attribute',
      suite(GOOD_ATTRIBUTES.replace('hostname="h" ', ''), GOOD_BODY),
      '/testsuites/testsuite: missing attribute hostname',
    ],
    [
      'a timestamp with a zone',
      suite(GOOD_ATTRIBUTES.replace(':00"', ':00Z"'), GOOD_BODY),
      '/testsuites/testsuite: timestamp="2025-01-01T00:00:00Z"',
    ],
    [
      'an unknown attribute',
      suite(`${GOOD_ATTRIBUTES} skipped="0"`, GOOD_BODY),
      '/testsuites/testsuite: attribute skipped not in the schema',
    ],
    [
      'children out of order',
      suite(
        GOOD_ATTRIBUTES,
        GOOD_BODY.replace('<properties/>', '').replace('<system-out/>', '<system-out/><properties/>'),
      ),
      '/testsuites/testsuite: needs 1 <properties>, found 0',
    ],
    [
      'both failure and error',
      suite(GOOD_ATTRIBUTES, GOOD_BODY.replace('</failure>', '</failure><error message="m" type="t"/>')),
      '/testsuites/testsuite/testcase: unexpected <error>',
    ],
    [
      'a failure without a type',
      suite(GOOD_ATTRIBUTES, GOOD_BODY.replace(' type="t"', '')),
      '/testsuites/testsuite/testcase/failure: missing attribute type',
    ],
    [
      'text where none belongs',
      suite(GOOD_ATTRIBUTES, `oops${GOOD_BODY}`),
      '/testsuites/testsuite: text content not allowed',
    ],
  ])('reports %s', (_what, xml, problem) => {
    expect(junitSchemaProblems(xml)).toContain(problem);
  });

  it('reports a document that is not well-formed', () => {
    expect(junitSchemaProblems('<testsuites><testsuite></testsuites>')[0]).toMatch(/^not well-formed: /);
  });
});
