import { type OllamaStandIn, type StandInOptions, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * An Ollama stand-in serving the agent and judge models for the enclosing describe block: started
 * before its tests, reset before each, closed after them. It starts in beforeAll, after this returns,
 * so what this returns passes every use on to the started one.
 */
export function useOllamaStandIn(options: StandInOptions = { models: ['qwen3.5:4b', 'judge:1b'] }): OllamaStandIn {
  let started: OllamaStandIn | undefined;
  beforeAll(async () => {
    started = await startOllamaStandIn(options);
  });
  beforeEach(() => started?.reset());
  afterAll(() => started?.close());
  const standIn = (): OllamaStandIn => {
    if (!started) throw new Error('the Ollama stand-in is used outside a test');
    return started;
  };
  return {
    get url() {
      return standIn().url;
    },
    get calls() {
      return standIn().calls;
    },
    script: (rule) => standIn().script(rule),
    chatCalls: (filter) => standIn().chatCalls(filter),
    loads: () => standIn().loads(),
    reset: () => standIn().reset(),
    close: () => standIn().close(),
  };
}

/** `eval --domain DOMAIN` against a stand-in, judged by its `judge:1b`, plus any other flags. */
export function judgedEvalArgs(domain: string, standInUrl: string, ...extra: string[]): string[] {
  return ['eval', ...judgedOn(domain, standInUrl), ...extra];
}

/** `compare --domain DOMAIN` against a stand-in, both sides judged by its `judge:1b`, plus any other flags. */
export function judgedCompareArgs(domain: string, standInUrl: string, ...extra: string[]): string[] {
  return ['compare', ...judgedOn(domain, standInUrl), ...extra];
}

function judgedOn(domain: string, standInUrl: string): string[] {
  return ['--domain', domain, '--ollama-host', standInUrl, '--judge-model', 'judge:1b'];
}
