import { type Case, definePack } from '@evalpacks/core';
import { CacheMissError, InfrastructureError, judgeCase, ModelCalls, verdictJsonSchema } from '@evalpacks/core/runner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentRequest, mapCache, packWeatherTool } from '../support.ts';
import type { BackendFixture, ContractStandIn } from './fixture.ts';

/** The contract every backend meets against its stand-in: what core relies on from an AgentPort and a JudgePort. */
export function backendContract(fixture: BackendFixture): void {
  describe(`the ${fixture.backend} backend contract`, () => {
    let s: ContractStandIn;
    beforeAll(async () => {
      s = await fixture.start();
    });
    afterAll(() => s.close());
    beforeEach(() => s.reset());

    const { weather, looked: weatherCalls } = packWeatherTool({ tempC: 21 });
    const request = (epoch = 0, tools = [weather]) => agentRequest('Weather in Paris?', { epoch, tools });
    const scriptWeather = () =>
      s.scriptToolLoop(
        { tool: 'get_weather', args: { city: 'Paris' } },
        [
          { input: 40, output: 8 },
          { input: 60, output: 5 },
        ],
        'Clear, 21 °C.',
      );
    const ask = (judge: ReturnType<ContractStandIn['judge']>, epoch = 0) =>
      judge.call({ system: 'You judge.', prompt: 'Was it caught?', jsonSchema: verdictJsonSchema('finding'), epoch });

    it('answers one agent turn as a transcript, counting its tokens', async () => {
      s.scriptAnswer('Sunny.', { input: 12, output: 3 });
      const agent = s.agent();
      expect([agent.backend, agent.model]).toEqual([fixture.backend, fixture.agentModel]);
      const transcript = await agent.run(request(0, []));
      expect(transcript).toMatchObject({
        input: 'Weather in Paris?',
        answer: 'Sunny.',
        toolCalls: [],
        turns: 1,
        usage: { input: 12, output: 3 },
      });
      expect(transcript.error).toBeUndefined();
      expect(s.modelRequests()).toBe(1);
    });

    it('runs the tool loop: calls the tool, sends its result back, records the call and both turns', async () => {
      weatherCalls.length = 0;
      scriptWeather();
      const transcript = await s.agent().run(request());
      expect(weatherCalls).toEqual(['Paris']);
      expect(transcript).toMatchObject({ answer: 'Clear, 21 °C.', turns: 2, usage: { input: 100, output: 13 } });
      expect(transcript.toolCalls).toEqual([
        { name: 'get_weather', arguments: { city: 'Paris' }, result: { city: 'Paris', tempC: 21 } },
      ]);
      expect(s.modelRequests()).toBe(2);
    });

    it('returns the structured judge answer as text that parses to the verdict, counting its tokens', async () => {
      const verdict = { reasoning: 'It names the injection.', caught: true };
      s.scriptVerdict(verdict, { input: 210, output: 31 });
      const judge = s.judge();
      expect([judge.backend, judge.model]).toEqual([fixture.backend, fixture.judgeModel]);
      const answer = await ask(judge);
      expect(JSON.parse(answer.text)).toEqual(verdict);
      expect(answer.usage).toEqual({ input: 210, output: 31 });
    });

    it('answers a conversation verdict with the turn it rests on; one the conversation lacks is dropped', async () => {
      const pack = definePack({ name: 'desk', description: 'desk', root: '/tmp', judge: { subject: 'support reply' } });
      const testCase: Case = {
        id: 'refund',
        name: 'Refund',
        description: '',
        input: 'My parcel never arrived.',
        expectedFindings: [
          { id: 'asked-order', description: 'Asks for the order number', severity: 'high', keywords: [] },
        ],
        expectedAbsent: [],
        rubric: 'Polite throughout.',
      };
      const transcript = {
        input: 'My parcel never arrived.',
        answer: 'Refunded ORD-1001.',
        toolCalls: [],
        turns: 2,
        usage: { input: 0, output: 0 },
        latencyMs: 1,
        model: 'agent',
        conversation: [
          { role: 'user' as const, text: 'My parcel never arrived.' },
          { role: 'agent' as const, text: 'Which order is it?' },
          { role: 'user' as const, text: 'ORD-1001' },
          { role: 'agent' as const, text: 'Refunded ORD-1001.' },
        ],
        conversationEnd: 'script-end' as const,
      };
      // One item per call of judgeCase, so each stand-in rule answers exactly one question.
      s.scriptVerdict({ reasoning: 'Turn 2 asks for it.', caught: true, turn: 2 }, { input: 100, output: 20 });
      const finding = await judgeCase(s.judge(), pack, { ...testCase, rubric: undefined }, transcript, (call) =>
        call(),
      );
      s.reset();
      s.scriptVerdict({ reasoning: 'Polite.', pass: true, turn: 7 }, { input: 100, output: 20 });
      const rubric = await judgeCase(s.judge(), pack, { ...testCase, expectedFindings: [] }, transcript, (call) =>
        call(),
      );
      expect(
        [...finding, ...rubric].map((v) => [
          v.itemId,
          v.status,
          'turn' in v ? v.turn : undefined,
          'turnNote' in v ? v.turnNote : undefined,
        ]),
      ).toEqual([
        ['asked-order', 'ok', 2, undefined],
        ['rubric', 'ok', undefined, 'the judge named turn 7; the conversation has 4 turns: dropped'],
      ]);
    });

    it('counts every model call it makes, per role', async () => {
      const calls = new ModelCalls(mapCache());
      scriptWeather();
      await s.agent({ calls }).run(request());
      s.reset();
      s.scriptVerdict({ reasoning: 'Yes.', caught: true }, { input: 5, output: 2 });
      await ask(s.judge({ calls }));
      expect(calls.stats()).toEqual({
        agent: { made: 2, cached: 0 },
        judge: { made: 1, cached: 0 },
        user: { made: 0, cached: 0 },
      });
    });

    it('records a failure of one case in its transcript, and lets a judge failure reach core', async () => {
      s.scriptCaseFailure();
      const transcript = await s.agent().run(request(0, []));
      expect(transcript.answer).toBe('');
      expect(transcript.error).toEqual(expect.any(String));
      await expect(ask(s.judge())).rejects.toBeInstanceOf(Error);
    });

    it('throws an infrastructure error for a model the server does not have, so the run stops', async () => {
      const error = await s
        .agent({ unknownModel: true })
        .run(request(0, []))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InfrastructureError);
    });

    if (fixture.retries) {
      it('rides out transient failures, counting the retries in the transcript', async () => {
        s.scriptTransientFailures(2, 'Done.');
        const transcript = await s.agent().run(request(0, []));
        expect([transcript.answer, transcript.retries]).toEqual(['Done.', 2]);
        expect(s.modelRequests()).toBe(3);
      });
    }

    it('passes the start-up check when the models are there, and fails it with an infrastructure error when not', async () => {
      s.scriptAnswer('OK', { input: 1, output: 1 });
      await expect(s.preflight()).resolves.toBeUndefined();
      await expect(s.preflight({ unknownModel: true })).rejects.toBeInstanceOf(InfrastructureError);
    });

    it('replays agent turns and judge calls from the call cache: no request, no tokens, epochs apart', async () => {
      const cache = mapCache();
      scriptWeather();
      const first = await s.agent({ calls: new ModelCalls(cache) }).run(request());
      s.scriptVerdict({ reasoning: 'Yes.', caught: true }, { input: 5, output: 2 });
      const verdict = await ask(s.judge({ calls: new ModelCalls(cache) }));
      const made = s.modelRequests();
      expect(made).toBe(3);

      const replay = new ModelCalls(cache);
      const again = await s.agent({ calls: replay }).run(request());
      const cachedVerdict = await ask(s.judge({ calls: replay }));
      expect(s.modelRequests()).toBe(made);
      expect(replay.stats()).toEqual({
        agent: { made: 0, cached: 2 },
        judge: { made: 0, cached: 1 },
        user: { made: 0, cached: 0 },
      });
      expect(again).toMatchObject({ answer: first.answer, toolCalls: first.toolCalls, turns: 2 });
      expect(again.usage).toEqual({ input: 0, output: 0 });
      expect([cachedVerdict.text, cachedVerdict.usage]).toEqual([verdict.text, { input: 0, output: 0 }]);

      const nextEpoch = new ModelCalls(cache);
      await s.agent({ calls: nextEpoch }).run(request(1));
      expect(nextEpoch.stats().agent).toEqual({ made: 2, cached: 0 });
      await expect(s.agent({ calls: new ModelCalls(mapCache(), 'offline') }).run(request())).rejects.toBeInstanceOf(
        CacheMissError,
      );
      await expect(ask(s.judge({ calls: new ModelCalls(mapCache(), 'offline') }))).rejects.toBeInstanceOf(
        CacheMissError,
      );
      expect(s.modelRequests()).toBe(made + 2);
    });

    it('keeps one cache entry per turn when a tool loop is asked again with refresh, and replays it after', async () => {
      const cache = mapCache();
      const sizes: number[] = [];
      for (const mode of ['use', 'refresh', 'refresh'] as const) {
        scriptWeather();
        await s.agent({ calls: new ModelCalls(cache, mode) }).run(request());
        sizes.push(cache.size());
        s.reset();
      }
      // The tool use ids a server mints per reply are not in the key, so a refreshed first turn leaves the second's key alone.
      expect(sizes).toEqual([2, 2, 2]);
      const replay = new ModelCalls(cache);
      await s.agent({ calls: replay }).run(request());
      expect([replay.stats().agent, s.modelRequests()]).toEqual([{ made: 0, cached: 2 }, 0]);
    });

    /** Runs one turn live into a fresh cache, then again from it: the replay must be the live run, for free. */
    const liveThenReplay = async () => {
      const cache = mapCache();
      const live = await s.agent({ calls: new ModelCalls(cache) }).run(request(0, []));
      const made = s.modelRequests();
      const replay = new ModelCalls(cache);
      const again = await s.agent({ calls: replay }).run(request(0, []));
      expect(s.modelRequests()).toBe(made);
      expect(replay.stats().agent).toEqual({ made: 0, cached: 1 });
      expect({ ...again, latencyMs: 0 }).toEqual({ ...live, latencyMs: 0, usage: { input: 0, output: 0 } });
      return live;
    };

    it('replays a cut-off turn as it was: the partial answer, stop reason "length" and the error', async () => {
      s.scriptCutOff('The first half of a long review and the second half');
      const live = await liveThenReplay();
      expect(live.stopReason).toBe('length');
      expect(live.answer).not.toBe('');
      expect(live.error).toMatch(/cut off at the/);
    });

    if (fixture.thinking) {
      it('replays a thinking turn with its thinking on the transcript', async () => {
        if (!s.scriptThinking) throw new Error(`the ${fixture.backend} fixture says thinking but cannot script it`);
        s.scriptThinking('The user wants the weather.', 'Sunny.');
        const live = await liveThenReplay();
        expect([live.thinking, live.answer, live.stopReason]).toEqual(['The user wants the weather.', 'Sunny.', 'end']);
      });
    }
  });
}
