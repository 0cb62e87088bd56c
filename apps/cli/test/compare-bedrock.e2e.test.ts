import { type BedrockStandIn, type OllamaStandIn, startBedrockStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GuardedResult, HAIKU, KEY, runGuarded, SONNET } from './bedrock-env.ts';
import { scriptBedrockAgent, scriptBedrockJudge, scriptPreflight } from './code-review-bedrock-script.ts';
import { missedFinding, scriptAgent } from './code-review-script.ts';
import { scriptReadingJudge, V2_ONLY } from './compare-script.ts';

/** Every output of every run in this file, to grep for the secret at the end. */
const outputs: string[] = [];
async function run(args: string[]): Promise<GuardedResult> {
  const result = await runGuarded(['compare', '--domain', 'code-review', ...args], KEY);
  outputs.push(result.stdout, result.stderr);
  return result;
}

let bedrock: BedrockStandIn;
let ollama: OllamaStandIn;
beforeAll(async () => {
  bedrock = await startBedrockStandIn({ credentials: [KEY] });
  ollama = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
});
beforeEach(() => {
  bedrock.reset();
  ollama.reset();
  scriptPreflight(bedrock);
});
afterAll(async () => {
  await bedrock.close();
  await ollama.close();
});

describe('pnpm compare on Bedrock, and local against cloud', { timeout: 120_000 }, () => {
  it('compares two prompts with both sides and the judge on Bedrock', async () => {
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missedFinding);
    const result = await run(['--backend', 'bedrock', '--bedrock-endpoint', bedrock.url, '--variant', 'v2']);
    expect(result.stderr).toBe('');
    expect(result.network).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        `baseline  baseline · bedrock ${SONNET} · us-east-1 @ ${bedrock.url}`,
        `variant   v2 · bedrock ${SONNET} · us-east-1 @ ${bedrock.url}`,
        `judge     bedrock ${HAIKU} (both sides)`,
      ].join('\n'),
    );
    expect(result.stdout).toContain('  verdict           no detectable difference\n');
    // Each side checks its agent model before its first call (1 token), three answers per side, every item
    // of both sides judged.
    expect(bedrock.converseCalls({ modelId: SONNET, hasTools: false })).toHaveLength(8);
    expect(bedrock.converseCalls({ modelId: SONNET, system: V2_ONLY })).toHaveLength(3);
    expect(bedrock.converseCalls({ modelId: HAIKU, forcedTool: 'record_verdict' })).toHaveLength(24);
    expect(ollama.calls).toHaveLength(0);
  });

  it('spends one --max-cost over both sides: the variant stops once the baseline and its first case passed it', async () => {
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missedFinding);
    const result = await run([
      '--backend',
      'bedrock',
      '--bedrock-endpoint',
      bedrock.url,
      '--variant',
      'v2',
      '--concurrency',
      '1',
      '--max-cost',
      '0.04',
    ]);
    expect(result.stderr).toBe('');
    expect(result.network).toEqual([]);
    // The baseline alone costs about $0.033, under the limit: only the spend of both sides together stops
    // the variant, after its first case. The one case both sides ran is compared; the rest is said.
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('budget --max-cost $0.0400 passed ($0.0422 spent): no more cases will start\n');
    expect(result.stdout).toContain(
      'calls     baseline 15 made, 0 from the cache · variant 6 made, 0 from the cache\n',
    );
    expect(result.stdout).toContain('Overall over 1 cases, 11 paired items\n');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      '  not started       baseline 0, variant 2 case epochs (--max-cost ran out); compared over the 1 case both sides ran',
    );
    expect(bedrock.converseCalls({ modelId: SONNET, system: V2_ONLY })).toHaveLength(1);
  });

  it('compares a local agent with a Bedrock agent under one Ollama judge, and says so in the header', async () => {
    scriptAgent(ollama);
    scriptReadingJudge(ollama);
    scriptBedrockAgent(bedrock);
    const result = await run([
      '--ollama-host',
      ollama.url,
      '--judge-model',
      'judge:1b',
      '--variant-backend',
      'bedrock',
      '--bedrock-endpoint',
      bedrock.url,
    ]);
    expect(result.stderr).toBe('');
    expect(result.network).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        `baseline  baseline · ollama qwen3.5:4b @ ${ollama.url} · num_ctx auto`,
        `variant   baseline · bedrock ${SONNET} · us-east-1 @ ${bedrock.url}`,
        'judge     ollama judge:1b (both sides)',
      ].join('\n'),
    );
    expect(result.stdout).toContain(`                    ollama qwen3.5:4b                       bedrock ${SONNET}\n`);
    // The agents ran where each side says; the one judge graded both sides' 12 items on Ollama.
    expect(ollama.chatCalls({ hasFormat: false, model: 'qwen3.5:4b' })).toHaveLength(3);
    expect(bedrock.converseCalls({ modelId: SONNET, hasTools: false })).toHaveLength(4);
    expect(ollama.chatCalls({ hasFormat: true, model: 'judge:1b' })).toHaveLength(24);
    expect(bedrock.converseCalls({ forcedTool: 'record_verdict' })).toHaveLength(0);
  });

  it('never prints the secret', () => {
    expect(outputs.join('\n')).not.toContain(KEY.secretAccessKey);
  });
});
