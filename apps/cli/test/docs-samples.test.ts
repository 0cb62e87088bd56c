import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docsFiles } from './docs-check.ts';
import { type ShapedLine, sampleBlocks, shapesOf, staleSamples } from './docs-samples.ts';
import { type CliResult, ROOT, run, runCli, SOURCE, TSX, tempStore } from './run-cli.ts';

const DEMO = join(ROOT, 'apps/cli/scripts/demo.ts');
const OFFLINE = ['eval', '--domain', 'code-review', '--offline'];

/**
 * The runs whose output is "what the CLI prints today", each cheap: the demo's eval and compare against the
 * scripted Ollama stand-in (what most samples were captured from), and --offline runs on the frozen test packs
 * for the other header and summary lines the docs show (a re-judge, bedrock with epochs, gates and a shard,
 * several Ollama hosts, an OpenAI-compatible server). No model is reached: offline runs make no calls.
 */
async function referenceOutputs(): Promise<CliResult[]> {
  const store = tempStore();
  const offline = async () => [
    await runCli(OFFLINE, { EVALPACKS_STORE: store }),
    await runCli([...OFFLINE, '--rejudge', '1'], { EVALPACKS_STORE: store }),
    await runCli(['compare', '--domain', 'code-review', '--runs', '1', '2'], { EVALPACKS_STORE: store }),
  ];
  const others = async () => [
    await runCli([
      ...OFFLINE,
      ...['--backend', 'bedrock', '--bedrock-endpoint', 'http://127.0.0.1:9', '--judge-model', 'j'],
      ...['--repeat', '2', '--max-flaky', '0'],
      ...['--min-pass-rate', '0.5', '--shard', '1/2'],
    ]),
    await runCli([
      ...OFFLINE,
      ...['--ollama-host', 'http://127.0.0.1:9', '--ollama-host', 'http://127.0.0.1:10'],
      '--structural-only',
    ]),
    await runCli([
      ...OFFLINE,
      ...['--backend', 'openai', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--judge-model', 'j'],
    ]),
  ];
  // As the docs run them, with no EVALPACKS_DOMAINS_DIR: a demo picks the packs its scripts answer itself.
  const asDocs = { env: { EVALPACKS_DOMAINS_DIR: undefined } };
  const demos = async () => {
    const demo = await run(TSX, [SOURCE, DEMO], asDocs);
    // The scripted reviewer misses one finding of three cases, as the samples say; never 48 agent errors.
    expect(demo.stdout, demo.stderr).toMatch(/^ {2}cases {11}2\/3 passed \(/m);
    return [
      demo,
      await run(TSX, [SOURCE, DEMO, 'compare', '--variant', 'v2', '--judge-model', 'qwen3.5:0.8b'], asDocs),
    ];
  };
  // Two at a time: the machine has two cores.
  const [a, b] = await Promise.all([offline(), demos()]);
  return [...(a ?? []), ...(b ?? []), ...(await others())];
}

/** Rows the reference runs cannot print, as they need a model's mishaps; each says when it shows. */
const CONDITIONAL_ROWS: ShapedLine[] = [
  // After tokens when a call was retried (a timeout, a 5xx, a throttle): core/report/summary-rows.ts.
  { kind: 'summary row', shape: 'retries', at: 0 },
  // The header's user line shows only for a pack with conversation cases, which no reference pack has: the
  // simulated user's model on Bedrock, as docs/simulated-user.md shows it (apps/cli/src/backends/header.ts).
  {
    kind: 'user bedrock',
    shape: 'user   bedrock us.anthropic.claude-haikuNNN-vN:N · us-eastN @ URL',
    at: 0,
  },
];

describe('the sample outputs in the docs', () => {
  let today: ShapedLine[] = [];

  beforeAll(async () => {
    const outputs = await referenceOutputs();
    for (const output of outputs) {
      expect(output.stderr, output.stdout).not.toMatch(/^error/m);
      expect(output.stdout, output.stderr).toMatch(/^evalpacks (compare )?· /m);
    }
    today = [...outputs.flatMap((o) => shapesOf(o.stdout.split('\n'))), ...CONDITIONAL_ROWS];
  }, 180_000);

  it('show only header lines and summary rows the CLI prints today', () => {
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => join('docs', file));
    const blocks = docsFiles(ROOT, docs).flatMap((file) => sampleBlocks(file, ROOT));
    const { problems, unchecked, checked } = staleSamples(blocks, today);
    // Kinds no reference run prints (a resumed run, a merge, a pack's own agent) are left unchecked.
    expect(unchecked.length, unchecked.join('\n')).toBeLessThan(10);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  describe('check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalpacks-samples-'));
    const check = (sample: string) => {
      writeFileSync(join(dir, 'page.md'), `# Page\n\n\`\`\`text\n${sample}\n\`\`\`\n`);
      return staleSamples(sampleBlocks(join(dir, 'page.md'), dir), today);
    };
    // Another pack, model, host, store and figures than any reference run: only the shapes are compared.
    const good = [
      'evalpacks · release-notes · variant terse · 1 case',
      'agent  ollama llama3.2:3b @ http://gpu-box:11434 · num_ctx auto',
      'judge  ollama gemma3:1b',
      'run    7 · /home/me/runs.db',
      '',
      'Summary',
      '  cases           1/1 passed (100.0%, 95% CI 20.7–100.0%)',
      '  false positives 0',
      '  model calls     2 made, 0 from the cache',
    ];

    it('passes a sample in the shapes the CLI prints, whatever its values', () => {
      expect(check(good.join('\n'))).toEqual({ problems: [], unchecked: [], checked: good.length - 1 });
    });

    it('finds an agent line without its num_ctx, and a row the summary does not have', () => {
      const stale = good.map((line) =>
        line.replace(' · num_ctx auto', '').replace('model calls    ', 'calls          '),
      );
      expect(check(stale.join('\n')).problems.map((problem) => problem.split(' is not')[0])).toEqual([
        'page.md:5: agent ollama "agent  ollama MODEL @ URL"',
        'page.md:12: summary row "calls"',
      ]);
    });

    it('finds a renamed header label and a row out of its column', () => {
      const stale = [good[0], good[1], 'judges  ollama gemma3:1b', 'Summary', '  cases 1/1 passed'];
      expect(check(stale.join('\n')).problems).toEqual([
        expect.stringMatching(/^page\.md:6: judges "judges {2}ollama .*" has a label the CLI does not print$/),
        expect.stringMatching(/^page\.md:8: summary row "cases 1\/1 passed" is not one the CLI prints/),
      ]);
    });
  });
});
