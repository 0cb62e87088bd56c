import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The JUnit XML schema CI systems read (Apache Ant's, as Jenkins, GitLab and GitHub reporters accept
 * it), written out as element rules: required and optional attributes with their value patterns, and
 * the children allowed, in order. Where Jenkins' schema is looser (skipped, system-out in a testcase),
 * Ant's stricter rule is the one kept, so a file that passes here passes both.
 */
interface ElementRule {
  required: Record<string, RegExp>;
  optional?: Record<string, RegExp>;
  /** Allowed children in sequence: [name, min, max]. */
  children: [string, number, number][];
  /** At most one of these children (a choice). */
  choice?: string[];
  text?: boolean;
}

const TOKEN = /^\S(.*\S)?$/s;
const INT = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const ANY = /^.*$/s;
const MANY = Number.POSITIVE_INFINITY;

const RULES: Record<string, ElementRule> = {
  testsuites: {
    required: {},
    optional: { name: ANY, tests: INT, failures: INT, errors: INT, time: DECIMAL, disabled: INT },
    children: [['testsuite', 0, MANY]],
  },
  testsuite: {
    required: {
      name: TOKEN,
      package: TOKEN,
      id: INT,
      timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
      hostname: TOKEN,
      tests: INT,
      failures: INT,
      errors: INT,
      time: DECIMAL,
    },
    children: [
      ['properties', 1, 1],
      ['testcase', 0, MANY],
      ['system-out', 1, 1],
      ['system-err', 1, 1],
    ],
  },
  properties: { required: {}, children: [['property', 0, MANY]] },
  property: { required: { name: TOKEN, value: ANY }, children: [] },
  testcase: {
    required: { name: TOKEN, classname: TOKEN, time: DECIMAL },
    children: [
      ['error', 0, 1],
      ['failure', 0, 1],
    ],
    choice: ['error', 'failure'],
  },
  failure: { required: { message: ANY, type: ANY }, children: [], text: true },
  error: { required: { message: ANY, type: ANY }, children: [], text: true },
  'system-out': { required: {}, children: [], text: true },
  'system-err': { required: {}, children: [], text: true },
};

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function nameOf(node: OrderedNode): string {
  return Object.keys(node).find((key) => key !== ':@') ?? '';
}

function check(node: OrderedNode, path: string, problems: string[]): void {
  const name = nameOf(node);
  const rule = RULES[name];
  const at = `${path}/${name}`;
  if (!rule) {
    problems.push(`${at}: element not in the schema`);
    return;
  }
  const attributes = Object.fromEntries(
    Object.entries(node[':@'] ?? {}).map(([key, value]) => [key.replace(/^@_/, ''), String(value)]),
  );
  for (const [attribute, pattern] of Object.entries(rule.required)) {
    if (!(attribute in attributes)) problems.push(`${at}: missing attribute ${attribute}`);
    else if (!pattern.test(attributes[attribute] ?? ''))
      problems.push(`${at}: ${attribute}="${attributes[attribute]}"`);
  }
  for (const [attribute, value] of Object.entries(attributes)) {
    const pattern = rule.required[attribute] ?? rule.optional?.[attribute];
    if (!pattern) problems.push(`${at}: attribute ${attribute} not in the schema`);
    else if (!pattern.test(value)) problems.push(`${at}: ${attribute}="${value}"`);
  }
  const children = (node[name] as OrderedNode[]).filter((child) => nameOf(child) !== '#text');
  if (!rule.text && (node[name] as OrderedNode[]).some((child) => nameOf(child) === '#text')) {
    problems.push(`${at}: text content not allowed`);
  }
  let index = 0;
  for (const [childName, min, max] of rule.children) {
    let count = 0;
    while (index < children.length && nameOf(children[index] as OrderedNode) === childName && count < max) {
      check(children[index] as OrderedNode, at, problems);
      index++;
      count++;
    }
    if (count < min) problems.push(`${at}: needs ${min} <${childName}>, found ${count}`);
  }
  if (index < children.length) problems.push(`${at}: unexpected <${nameOf(children[index] as OrderedNode)}>`);
  if (rule.choice && children.filter((child) => rule.choice?.includes(nameOf(child))).length > 1) {
    problems.push(`${at}: at most one of ${rule.choice.join(', ')}`);
  }
}

/** Every way the document breaks the schema; empty when it is valid. */
export function junitSchemaProblems(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed: ${wellFormed.err.msg} (line ${wellFormed.err.line})`];
  const parsed = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseAttributeValue: false }).parse(
    xml,
  ) as OrderedNode[];
  const roots = parsed.filter((node) => nameOf(node) !== '?xml');
  if (roots.length !== 1 || nameOf(roots[0] as OrderedNode) !== 'testsuites') return ['the root must be <testsuites>'];
  const problems: string[] = [];
  check(roots[0] as OrderedNode, '', problems);
  return problems;
}

/** The document as plain objects, for asserting on counts and texts. */
export function parseJunit(xml: string) {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  }).parse(xml) as {
    testsuites: Record<string, string> & {
      testsuite: (Record<string, string> & {
        properties: { property: { name: string; value: string }[] };
        testcase: (Record<string, string> & {
          failure?: { message: string; type: string; '#text': string };
          error?: { message: string; type: string; '#text': string };
        })[];
      })[];
    };
  };
}
