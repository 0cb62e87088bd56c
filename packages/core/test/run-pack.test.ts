import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCheck } from '../src/checks/define-check.ts';
import { InfrastructureError } from '../src/errors/infrastructure-error.ts';
import { gradeRun } from '../src/grade/grade-run.ts';
import { summarizeRun } from '../src/grade/run-figures.ts';
import { suggestionsFor } from '../src/grade/suggestions.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort } from '../src/ports/backend-ports.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { runPack } from '../src/runner/run-pack.ts';
import type { CaseResult } from '../src/schema/result.ts';
import { defineTool } from '../src/tools/define-tool.ts';
import { sampleCase, scriptedAgent, scriptedJudge } from './support.ts';

const hasTable = defineCheck({
  id: 'has-table',
  name: 'Summary table present',
  part: 'expectation',
  run: (t) => ({ passed: t.answer.includes('|'), detail: t.answer.includes('|') ? 'found a table' : 'no table' }),
});
const pack = definePack({ name: 'demo', description: 'demo', root: '/tmp', checks: [hasTable] });
const variant: Variant = { name: 'baseline', path: '/tmp/baseline.md', text: '# Role\nreviewer', sections: {} };
const caught = (r: { prompt: string }) =>
  r.prompt.includes('<must_not_be_flagged>')
    ? '{"reasoning":"Not flagged.","flagged":false}'
    : r.prompt.includes('id="cors"')
      ? '{"reasoning":"CORS never discussed.","caught":false}'
      : '{"reasoning":"Explains the SSN leak.","caught":true}';

describe('runPack', () => {
  it('keeps a compact record of each result, never its transcript, and the records grade as the results do', async () => {
    const answer = `| Finding | Severity |\n${'a long answer '.repeat(50)}`;
    const cases = ['a', 'b'].map((id) => ({ ...sampleCase, id }));
    const streamed: CaseResult[] = [];
    const run = await runPack({
      pack,
      variant,
      cases,
      agent: scriptedAgent(() => answer),
      judge: scriptedJudge(caught),
      concurrency: 2,
      epochs: 2,
      onCaseResult: (result) => streamed.push(result),
    });
    expect(run.cases.map((record) => Object.keys(record).sort())).toEqual(
      Array(4).fill(['case', 'epoch', 'errors', 'figures', 'items', 'status', 'suggestions']),
    );
    expect(run.cases.map((record) => [record.case, record.epoch])).toEqual([
      [{ id: 'a', name: sampleCase.name }, 0],
      [{ id: 'a', name: sampleCase.name }, 1],
      [{ id: 'b', name: sampleCase.name }, 0],
      [{ id: 'b', name: sampleCase.name }, 1],
    ]);
    // A case's epochs share one copy of its facts and of each item's outcome.
    expect(run.cases[1]?.case).toBe(run.cases[0]?.case);
    expect(run.cases[1]?.items[0]).toBe(run.cases[0]?.items[0]);
    // Neither the answer, nor the case input, nor the judge's reasoning on passed items stays in memory.
    const kept = JSON.stringify(run);
    expect(kept).not.toContain('a long answer');
    expect(kept).not.toContain(sampleCase.input);
    expect(kept).not.toContain('Explains the SSN leak.');
    expect(streamed).toHaveLength(4);
    const grading = { policy: 'majority' as const, maxFlaky: 0 };
    expect(gradeRun(run, grading)).toEqual(gradeRun({ cases: streamed }, grading));
    expect(gradeRun(run, grading).suggestions.map((s) => s.text)).toEqual(
      Array(4).fill('missed "cors": add a step that looks for: Wildcard CORS'),
    );
    expect(summarizeRun(run)).toEqual(summarizeRun({ ...run, cases: streamed }));
  });

  it('phased, works out each case (checks, judge questions) as its agent ends, not once the barrier opens', async () => {
    const cases = ['a', 'b', 'c'].map((id) => ({ ...sampleCase, id }));
    const events: string[] = [];
    const counted = defineCheck({
      id: 'counted',
      name: 'counted',
      part: 'expectation',
      run: (transcript) => {
        events.push('check');
        return { passed: transcript.answer.length > 0, detail: 'answered' };
      },
    });
    const inner = scriptedAgent(() => '| Finding | Severity |', 5);
    const agent: AgentPort = {
      ...inner,
      run: async (request) => {
        const transcript = await inner.run(request);
        events.push(`answered ${request.caseId}`);
        return transcript;
      },
    };
    const judge = scriptedJudge((r) => {
      events.push('judge');
      return caught(r);
    });
    await runPack({
      pack: definePack({ name: 'demo', description: 'demo', root: '/tmp', checks: [counted] }),
      variant,
      cases,
      agent,
      judge,
      concurrency: 8,
      phased: true,
    });
    // The checks fill the time other agents still run; once the barrier opens only judge calls are left
    // (three judged items a case), so they leave at once.
    expect(events).toEqual([
      'answered a',
      'check',
      'answered b',
      'check',
      'answered c',
      'check',
      ...Array(9).fill('judge'),
    ]);
  });

  it('holds at most a window of case runs in progress; phased, judges a window before the next one starts', async () => {
    const cases = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ ...sampleCase, id }));
    const run = async (phased: boolean) => {
      const events: string[] = [];
      let running = 0;
      let most = 0;
      const inner = scriptedAgent(() => '| Finding | Severity |', 5);
      const agent: AgentPort = {
        ...inner,
        run: async (request) => {
          running += 1;
          most = Math.max(most, running);
          events.push(`agent ${request.caseId}`);
          return inner.run(request);
        },
      };
      const judge = scriptedJudge((r) => {
        events.push('judge');
        return caught(r);
      });
      const onCaseResult = () => {
        running -= 1;
      };
      const result = await runPack({
        pack,
        variant,
        cases,
        agent,
        judge,
        concurrency: 8,
        phased,
        window: 2,
        onCaseResult,
      });
      return { events, most, ids: result.cases.map((record) => record.case.id) };
    };
    const phased = await run(true);
    // Three judged items per case: a window's six judge calls come before the next window's agents.
    expect(phased.events.map((e) => (e === 'judge' ? 'j' : e.slice(-1))).join('')).toBe('abjjjjjjcdjjjjjjejjj');
    expect(phased.most).toBe(2);
    expect(phased.ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    const interleaved = await run(false);
    expect(interleaved.most).toBe(2);
    expect(interleaved.ids).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('phased, sends no judge call before the last agent call has left; interleaved, judges each answer at once', async () => {
    const cases = ['a', 'b', 'c'].map((id) => ({ ...sampleCase, id }));
    const lookup = defineTool({ name: 'lookup', description: 'Looks up a user', input: z.object({}), run: () => 'ok' });
    const order = async (options: { phased: boolean; tools?: boolean; reports?: boolean }) => {
      const events: string[] = [];
      let judged: () => void = () => {};
      const firstJudgeCall = new Promise<void>((resolve) => {
        judged = resolve;
      });
      const inner = scriptedAgent(() => '| Finding | Severity |');
      // A backend that reports its call leaving (when `reports`); the last case answers only after a judge
      // call, or after 50 ms when none may come first.
      const agent: AgentPort = {
        ...inner,
        run: async (request) => {
          events.push(`sent ${request.caseId}${request.onCallSent ? '' : ' (unreported)'}`);
          if (options.reports) request.onCallSent?.();
          await (request.caseId === 'c'
            ? Promise.race([firstJudgeCall, new Promise((r) => setTimeout(r, 50))])
            : new Promise((r) => setTimeout(r, 5)));
          events.push(`answered ${request.caseId}`);
          return inner.run(request);
        },
      };
      const judge = scriptedJudge((r) => {
        judged();
        events.push('judge');
        return caught(r);
      });
      const tooled = options.tools ? definePack({ ...pack, tools: () => [lookup] }) : pack;
      await collectRun({ pack: tooled, variant, cases, agent, judge, concurrency: 2, phased: options.phased });
      return events.map((e) => (e === 'judge' ? 'j' : e)).join(', ');
    };
    // c's call leaves alone in the last round: a's and b's judge calls take the idle slot while it is out.
    const early = 'sent a, sent b, answered a, answered b, sent c, j, answered c, j, j, j, j, j, j, j, j';
    expect(await order({ phased: true, reports: true })).toBe(early);
    // A backend that never reports: the judging waits for every agent run to end.
    expect(await order({ phased: true })).toBe(
      'sent a, sent b, answered a, answered b, sent c, answered c, j, j, j, j, j, j, j, j, j',
    );
    // With tools a run may call again after its answer comes back: the judging waits for every run to end.
    expect(await order({ phased: true, tools: true, reports: true })).toBe(
      'sent a (unreported), sent b (unreported), answered a, answered b, sent c (unreported), answered c, j, j, j, j, j, j, j, j, j',
    );
    // Interleaved there is no barrier: c's agent run was queued first, and the judge calls follow at once.
    expect(await order({ phased: false })).toBe(early);
  });

  it('runs agent, checks and judge per case and names the RISEN part to edit', async () => {
    const cases = [sampleCase, { ...sampleCase, id: 'no-table', name: 'No table' }];
    const agent = scriptedAgent(() => '| Finding | Severity |');
    const run = await collectRun({ pack, variant, cases, agent, judge: scriptedJudge(caught), concurrency: 2 });
    expect(run.cases.map((c) => [c.case.id, c.status])).toEqual([
      ['lookup', 'failed'],
      ['no-table', 'failed'],
    ]);
    expect(run.cases[0]?.reasons).toEqual(['steps: missed finding "cors": Wildcard CORS']);
    expect(summarizeRun(run)).toMatchObject({
      cases: { passed: 0, total: 2 },
      structural: { passed: 2, total: 2 },
      findings: { passed: 2, total: 4, notJudged: 0 },
      falsePositives: 0,
      judgeErrors: 0,
      agentTokens: { input: 200, output: 100 },
      judgeTokens: { input: 60, output: 30 },
    });
    expect(suggestionsFor(run)[0]).toEqual({
      target: 'steps',
      caseId: 'lookup',
      text: 'missed "cors": add a step that looks for: Wildcard CORS',
    });
  });

  it('skips the judge when structural checks fail, unless judgeAlways', async () => {
    const judge = scriptedJudge(caught);
    const agent = scriptedAgent(() => 'no table here');
    const run = await collectRun({ pack, variant, cases: [sampleCase], agent, judge, concurrency: 1 });
    expect(judge.calls).toHaveLength(0);
    expect(run.cases[0]?.verdicts.map((v) => v.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(run.cases[0]?.reasons).toEqual(['expectation: check "Summary table present" failed: no table']);
    expect(suggestionsFor(run).map((s) => s.target)).toEqual(['expectation']);

    await collectRun({ pack, variant, cases: [sampleCase], agent, judge, concurrency: 1, judgeAlways: true });
    expect(judge.calls).toHaveLength(3);
  });

  it('makes no judge call without a judge, and records an agent failure as an error case', async () => {
    const failing: AgentPort = { backend: 's', model: 'm', run: async () => Promise.reject(new Error('HTTP 500')) };
    const run = await collectRun({ pack, variant, cases: [sampleCase], agent: failing, concurrency: 1 });
    expect(run.cases[0]).toMatchObject({
      status: 'error',
      reasons: ['agent error: HTTP 500'],
      checks: [],
      verdicts: [],
    });
    expect(run.judge).toBeUndefined();
  });

  it('stops the whole run on an infrastructure failure', async () => {
    const down: AgentPort = {
      backend: 's',
      model: 'm',
      run: async () => Promise.reject(new InfrastructureError('server down', 'start it')),
    };
    await expect(collectRun({ pack, variant, cases: [sampleCase], agent: down, concurrency: 1 })).rejects.toThrow(
      'server down',
    );
  });

  it('never has more model calls in flight than the concurrency limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const agent: AgentPort = {
      backend: 's',
      model: 'm',
      async run(request) {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return {
          input: request.input,
          answer: '|',
          toolCalls: [],
          turns: 1,
          usage: { input: 0, output: 0 },
          latencyMs: 5,
          model: 'm',
        };
      },
    };
    const cases = Array.from({ length: 12 }, (_, i) => ({
      ...sampleCase,
      id: `c${i}`,
      expectedFindings: [],
      expectedAbsent: [],
    }));
    const run = await collectRun({ pack, variant, cases, agent, concurrency: 3 });
    expect(peak).toBe(3);
    expect(run.cases.map((c) => c.case.id)).toEqual(cases.map((c) => c.id));
  });

  it('runs only what an interrupted attempt left, keeping case and epoch order, and tells the judge the epoch', async () => {
    const agent = scriptedAgent(() => '| Finding | Severity |');
    const judge = scriptedJudge(caught);
    const cases = [sampleCase, { ...sampleCase, id: 'second' }];
    const full = await collectRun({ pack, variant, cases, agent, judge, concurrency: 2, epochs: 2 });
    const [first, , , last] = full.cases;
    if (!first || !last) throw new Error('expected four results');
    const asked: string[] = [];
    const counting = {
      ...agent,
      run: async (request: Parameters<typeof agent.run>[0]) => {
        asked.push(`${request.caseId}#${request.epoch}`);
        return agent.run(request);
      },
    };
    const seen: string[] = [];
    const judgeAgain = scriptedJudge(caught);
    const resumed = await collectRun({
      pack,
      variant,
      cases,
      agent: counting,
      judge: judgeAgain,
      concurrency: 2,
      epochs: 2,
      completed: [last, first],
      onCaseResult: (result) => seen.push(`${result.case.id}#${result.epoch}`),
    });
    expect(asked.sort()).toEqual(['lookup#1', 'second#0']);
    expect(seen.sort()).toEqual(['lookup#1', 'second#0']);
    expect(resumed.cases.map((r) => `${r.case.id}#${r.epoch}`)).toEqual([
      'lookup#0',
      'lookup#1',
      'second#0',
      'second#1',
    ]);
    expect(resumed.cases[0]).toBe(first);
    expect(new Set(judgeAgain.calls.map((call) => call.epoch))).toEqual(new Set([0, 1]));
  });
});
