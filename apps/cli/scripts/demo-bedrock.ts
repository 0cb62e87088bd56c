/**
 * Runs `evalpacks eval --domain code-review --backend bedrock` against the loopback Bedrock stand-in,
 * scripted as in the end-to-end tests, with dummy credentials the stand-in verifies:
 *   pnpm --filter @evalpacks/cli demo:bedrock [-- --mixed] [-- --throttle] [-- other eval flags]
 *   pnpm --filter @evalpacks/cli demo:bedrock -- compare [-- other compare flags]
 * --mixed puts the agent on the Ollama stand-in and only the judge on Bedrock; --throttle makes the
 * stand-in throttle the first two agent calls and the first two judge calls. `compare` compares the
 * local agent (baseline) with the Bedrock agent (variant) under one local judge, qwen3.5:0.8b.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBedrockStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { awsEnv, KEY } from '../test/bedrock-env.ts';
import {
  scriptBedrockAgent,
  scriptBedrockJudge,
  scriptPreflight,
  scriptThrottling,
} from '../test/code-review-bedrock-script.ts';
import { missedFinding, scriptAgent } from '../test/code-review-script.ts';
import { scriptReadingJudge } from '../test/compare-script.ts';
import { runDemo } from './run-demo.ts';

const argv = process.argv.slice(2).filter((a) => a !== '--');
const compare = argv[0] === 'compare';
const mixed = argv.includes('--mixed');
const throttle = argv.includes('--throttle');
const passThrough = argv.filter((a) => a !== '--mixed' && a !== '--throttle' && a !== 'compare');

const bedrock = await startBedrockStandIn({ credentials: [KEY], latencyMs: 50 });
const ollama = await startOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'], latencyMs: 50 });
scriptPreflight(bedrock);
if (throttle) scriptThrottling(bedrock, 2);
if (mixed || compare) scriptAgent(ollama);
if (!mixed) scriptBedrockAgent(bedrock);
if (compare) scriptReadingJudge(ollama);
else scriptBedrockJudge(bedrock, missedFinding);

const backends = compare
  ? ['--ollama-host', ollama.url, '--judge-model', 'qwen3.5:0.8b', '--variant-backend', 'bedrock']
  : mixed
    ? ['--ollama-host', ollama.url, '--judge-backend', 'bedrock']
    : ['--backend', 'bedrock'];
const command = compare ? 'compare' : 'eval';
const args = [command, '--domain', 'code-review', ...backends, '--bedrock-endpoint', bedrock.url, ...passThrough];
const log = join(mkdtempSync(join(tmpdir(), 'evalpacks-demo-')), 'network.log');
// One close for both stand-ins: runDemo closes what it is given once the CLI exits.
const standIns = { close: async () => void (await Promise.all([bedrock.close(), ollama.close()])) };
await runDemo(standIns, args, { env: awsEnv(KEY, log) });
