import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type BedrockStandIn,
  type ChatMessage,
  type OllamaStandIn,
  type OpenAIStandIn,
  startBedrockStandIn,
  startOllamaStandIn,
  startOpenAIStandIn,
} from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRunner, HAIKU, KEY, runGuarded, SONNET } from './bedrock-env.ts';
import { buildCli } from './build-cli.ts';
import { scriptBedrockAgent, scriptBedrockJudge, scriptPreflight } from './code-review-bedrock-script.ts';
import { missedFinding, SCRIPTED_RESULTS, SCRIPTED_SUGGESTIONS } from './code-review-script.ts';
import { judgedEvalArgs } from './ollama-stand-in.ts';
import { asOllamaRequest, openAIPlaysOllamaScripts } from './openai-plays-ollama-scripts.ts';
import { BUILT_BIN, type CliResult, runBuiltCli, summaryOf } from './run-cli.ts';
import { scriptToolBasics } from './tool-basics-script.ts';

/**
 * The shipped CLI (the esbuild bundle on plain node, not the sources under tsx) once per backend, since
 * each backend loads its own chunks: Strands' Agent and tool registry, the AWS SDK with Strands'
 * BedrockModel, Strands' OpenAIModel. scripts/strands-trim.mjs swaps parts of Strands for stand-ins that
 * throw; a run that reached one would fail here, not in a user's hands.
 */

const DIST = pathToFileURL(join(BUILT_BIN, '..', '/')).href;
const MODULE_LOG = fileURLToPath(new URL('./module-log.mjs', import.meta.url));
/** esbuild heads each bundled module with its path: a chunk holding the Bedrock client names it. */
const AWS_RUNTIME = '/node_modules/@aws-sdk/client-bedrock-runtime/';

interface LoggedResult extends CliResult {
  /** The file names of the bundle's chunks the run loaded. */
  chunks: string[];
}

/** A runner for the built CLI that records the modules it loads to `log`. */
function loggingRunner(log: string): CliRunner {
  return (args, env) => runBuiltCli(args, { ...env, EVALPACKS_MODULE_LOG: log }, ['--import', MODULE_LOG]);
}

function chunksIn(log: string): string[] {
  const urls = readFileSync(log, 'utf8').split('\n');
  return urls.filter((url) => url.startsWith(DIST)).map((url) => basename(fileURLToPath(url)));
}

async function runLogged(args: string[], env: Record<string, string> = {}): Promise<LoggedResult> {
  const log = join(mkdtempSync(join(tmpdir(), 'evalpacks-modules-')), 'modules.log');
  const result = await loggingRunner(log)(args, env);
  return { ...result, chunks: chunksIn(log) };
}

/** The loaded chunks that bundle the AWS SDK's Bedrock Runtime client. */
function withAwsSdk(chunks: string[]): string[] {
  return chunks.filter((chunk) => readFileSync(fileURLToPath(new URL(chunk, DIST)), 'utf8').includes(AWS_RUNTIME));
}

/** tool-basics with the strict prompt: the model calls word_count or current_time in three of the four cases. */
const TOOL_BASICS_PASSED = [
  'Summary',
  '  cases           4/4 passed (100.0%, 95% CI 51.0–100.0%)',
  '  structural      11/11 checks passed (95% CI 74.1–100.0%)',
  '  false positives 0',
  '  judge errors    0',
  '  tokens          agent 1400 in / 140 out, judge 320 in / 40 out',
];
const TOOL_BASICS_CALLS = '  model calls     11 made, 0 from the cache';
const WORD_COUNT = '  tools    word_count({"text":"Evals catch quiet agent regressions"})\n';

/**
 * The tools ran in the CLI and their results went back to the model, one per tool call of the strict run:
 * "Evals catch quiet agent regressions" is 5 words (current_time's result is the clock).
 */
function expectToolResults(results: (ChatMessage | undefined)[]): void {
  expect(results.map((message) => message?.tool_name).sort()).toEqual(['current_time', 'word_count', 'word_count']);
  const wordCounts = results.filter((message) => message?.tool_name === 'word_count');
  expect(wordCounts.map((message) => message?.content)).toEqual(['5', '5']);
}

beforeAll(() => buildCli(), 300_000);

describe('the built CLI on the Ollama stand-in: an agent with tools, an Ollama judge', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  });
  afterAll(() => standIn.close());

  it('passes tool-basics 4/4 with real tool calls, and never loads the AWS SDK', async () => {
    scriptToolBasics(standIn);
    const args = judgedEvalArgs('tool-basics', standIn.url, '--judge-style', 'yes-no', '--variant', 'strict');
    const result = await runLogged(args);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(summaryOf(result.stdout)).toBe(
      [...TOOL_BASICS_PASSED, '  cost            $0 estimated (agent $0, judge $0)', TOOL_BASICS_CALLS].join('\n'),
    );
    expect(result.stdout).toContain(WORD_COUNT);
    expectToolResults(standIn.chatCalls({ lastRole: 'tool' }).map((call) => call.body.messages?.at(-1)));
    expect(withAwsSdk(result.chunks)).toEqual([]);
  });
});

describe('the built CLI on the Bedrock stand-in: agent and judge through the AWS SDK', () => {
  let bedrock: BedrockStandIn;
  beforeAll(async () => {
    bedrock = await startBedrockStandIn({ credentials: [KEY] });
  });
  afterAll(() => bedrock.close());

  it('runs code-review on Strands BedrockModel and the Converse judge, exit 1 for the missed finding', async () => {
    scriptPreflight(bedrock);
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missedFinding);
    const log = join(mkdtempSync(join(tmpdir(), 'evalpacks-modules-')), 'modules.log');
    const args = ['eval', '--domain', 'code-review', '--backend', 'bedrock', '--bedrock-endpoint', bedrock.url];
    const result = await runGuarded(args, KEY, {}, loggingRunner(log));
    expect([result.code, result.stderr, result.network]).toEqual([1, '', []]);
    expect(summaryOf(result.stdout)).toBe(
      [
        ...SCRIPTED_RESULTS,
        '  cost            $0.0323 estimated (agent $0.0297, judge $0.0026)',
        '  model calls     15 made, 0 from the cache',
        ...SCRIPTED_SUGGESTIONS,
      ].join('\n'),
    );
    // Past the two 1-token preflight calls: 3 agent calls, and 12 judge calls forced to the verdict tool.
    const calls = bedrock.converseCalls().filter((call) => call.body?.inferenceConfig?.maxTokens !== 1);
    expect(calls.filter((call) => call.modelId === SONNET && call.body?.toolConfig === undefined)).toHaveLength(3);
    expect(bedrock.converseCalls({ modelId: HAIKU, forcedTool: 'record_verdict' })).toHaveLength(12);
    expect(calls).toHaveLength(15);
    // What makes the Ollama run's empty list mean something: the chunk is found where it is loaded.
    expect(withAwsSdk(chunksIn(log))).toHaveLength(1);
  });
});

describe('the built CLI on the OpenAI-compatible stand-in: Strands OpenAIModel', () => {
  const apiKey = 'sk-e2e-built-openai-2c9d';
  let server: OpenAIStandIn;
  beforeAll(async () => {
    server = await startOpenAIStandIn({ models: ['qwen3.5:4b', 'judge:1b'], apiKey });
  });
  afterAll(() => server.close());

  it('passes tool-basics 4/4 with the tool results sent back as tool messages', async () => {
    scriptToolBasics(openAIPlaysOllamaScripts(server));
    const backend = ['--backend', 'openai', '--base-url', server.baseURL, '--model', 'qwen3.5:4b'];
    const args = ['eval', '--domain', 'tool-basics', ...backend, '--judge-model', 'judge:1b'];
    const result = await runLogged([...args, '--judge-style', 'yes-no', '--variant', 'strict'], {
      OPENAI_API_KEY: apiKey,
    });
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(summaryOf(result.stdout)).toBe(
      [
        ...TOOL_BASICS_PASSED,
        "  cost            unknown (agent unknown: no price for openai 'qwen3.5:4b', judge unknown: no price for openai 'judge:1b')",
        TOOL_BASICS_CALLS,
      ].join('\n'),
    );
    expect(result.stdout).toContain(WORD_COUNT);
    const toolTurns = server.chatCalls({ afterToolResult: true });
    expect(toolTurns.map((call) => call.body.messages?.at(-1)?.role)).toEqual(['tool', 'tool', 'tool']);
    expectToolResults(toolTurns.map((call) => asOllamaRequest(call.body).messages?.at(-1)));
    expect(withAwsSdk(result.chunks)).toEqual([]);
  });
});
