import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EvalStore } from '@evalpacks/store';
import { createApp } from '@evalpacks/web';
import { beforeEach, describe, expect, it } from 'vitest';
import { scriptAgent } from './code-review-script.ts';
import { scriptReadingJudge, scriptSubtleReviewer } from './compare-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { ROOT, runCli, tempStore } from './run-cli.ts';

/**
 * The frozen code-review pack with a repeat policy of its own (`all`): a pack outside the workspace that
 * imports the frozen one by its path and changes nothing else. No run of it is given --policy, so only the
 * pack says what passing over epochs means.
 */
function packWithItsOwnPolicy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'evalpacks-pack-policy-')), 'code-review-all');
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'code-review-all', type: 'module' }));
  const frozen = pathToFileURL(join(ROOT, 'apps/cli/test/packs/code-review/src/index.ts')).href;
  writeFileSync(
    join(dir, 'src', 'index.ts'),
    [
      `import frozen from '${frozen}';`,
      "import { definePack } from '@evalpacks/core';",
      "export default definePack({ ...frozen, repeatPolicy: 'all' });",
      '',
    ].join('\n'),
  );
  return dir;
}

/** The lines of a summary block that come from the grade: its heading to the flaky count. */
function gradedRows(text: string): string[] {
  const lines = text.slice(text.indexOf('Summary · ')).split('\n');
  return lines.slice(0, lines.findIndex((line) => line.startsWith('  flaky ')) + 1);
}

const standIn = useOllamaStandIn();
const BOUND = { address: '127.0.0.1', port: 4173 };
const ask = async (app: ReturnType<typeof createApp>, path: string) =>
  (await app.request(`http://127.0.0.1:4173${path}`, { headers: { host: '127.0.0.1:4173' } })).text();

describe("a run of a pack that sets its own repeat policy reads the same everywhere, from the run's stored grade", () => {
  beforeEach(() => {
    // The subtle-issues reviewer explains the redelivery problem in its 1st and 3rd review, not its 2nd:
    // caught 2 of 3 epochs, a pass under majority and a failure under the pack's `all`.
    scriptSubtleReviewer(standIn, (n) => n % 3 !== 2);
    scriptAgent(standIn);
    scriptReadingJudge(standIn);
  });

  it('the console, history, compare --runs and the viewer all say 2 of 3 cases passed, under all', async () => {
    const store = tempStore();
    const pack = packWithItsOwnPolicy();
    const evaluate = () =>
      runCli([
        'eval',
        '--pack',
        pack,
        '--ollama-host',
        standIn.url,
        '--judge-model',
        'judge:1b',
        '--repeat',
        '3',
        '--no-cache',
        '--store',
        store,
      ]);
    const first = await evaluate();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(1);
    const consoleRows = gradedRows(first.stdout);
    expect(consoleRows.slice(0, 3)).toEqual([
      'Summary · 3 epochs per case · policy all',
      '  counts are items under the policy; rates are per epoch with 95% Wilson intervals clustered by case',
      '  cases           2/3 passed (95% CI 20.8–93.9%)',
    ]);
    expect((await evaluate()).code).toBe(1);

    const history = await runCli(['history', '--domain', 'code-review', '--store', store]);
    expect(history.stderr).toBe('');
    for (const id of [1, 2]) {
      expect(history.stdout).toMatch(
        new RegExp(`^ {6}${id} {2}\\S+ \\S+ {2}2/3 {5}66\\.7% {3}95% CI 20\\.8–93\\.9%$`, 'm'),
      );
    }

    const compared = await runCli(['compare', '--runs', '1', '2', '--store', store]);
    expect(compared.stderr).toBe('');
    expect(compared.stdout).toContain('evalpacks compare · code-review · 3 cases · 3 epochs · policy all\n');
    // Under all, the flaky finding fails on both sides: 3 of 4 findings, not the 4 of 4 of majority.
    expect(compared.stdout).toContain(
      '━━ subtle-issues Subtle issues\n  structural        6/6 -> 6/6\n  findings          3/4 -> 3/4\n',
    );
    expect(compared.code).toBe(0);
    const refused = await runCli(['compare', '--runs', '1', '2', '--policy', 'majority', '--store', store]);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      'evalpacks: cannot compare runs 1 and 2 under --policy majority: they were graded under all, and a stored ' +
        'grade is never made again under other rules; leave out --policy, or compare them live with pnpm compare\n',
    ]);

    const viewer = createApp(EvalStore.openReadOnly(store), { listening: () => BOUND });
    const summary = JSON.parse(await ask(viewer, '/runs/1/summary.json')) as { text: string; note?: string };
    expect(gradedRows(summary.text)).toEqual(consoleRows);
    expect(summary.note).toBeUndefined();
    const page = await ask(viewer, '/runs/1');
    expect(page).toContain('  cases           2/3 passed (95% CI 20.8–93.9%)');
    const historyPage = await ask(viewer, '/history?pack=code-review');
    expect(historyPage).toMatch(/<tr data-run="1">.*?<td>2\/3<\/td><td>66\.7%<\/td>/s);
    const comparePage = await ask(viewer, '/compare?a=1&b=2');
    expect(comparePage).toContain('data-verdict="no detectable difference"');
    expect(comparePage).not.toContain('graded now');
  });
});
