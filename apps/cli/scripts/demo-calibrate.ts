/**
 * The calibration loop against the loopback Ollama stand-in, scripted as in calibrate.e2e.test.ts: an eval
 * of a copy of the code-review pack, a person's labels on its verdicts (saved as the viewer saves them),
 * then `calibrate` with any further flags:
 *   pnpm --filter @evalpacks/cli demo:calibrate
 *   pnpm --filter @evalpacks/cli demo:calibrate -- --versus-prompt strict
 *   pnpm --filter @evalpacks/cli demo:calibrate -- --min-kappa 0.6
 */
import { once } from 'node:events';
import { EvalStore } from '@evalpacks/store';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { labelsFor, packCopy, scriptStrictJudge, strictPrompt } from '../test/calibrate-script.ts';
import { missedFinding, scriptAgent, scriptJudge } from '../test/code-review-script.ts';
import { demoStore, runDemo, spawnDemoCli } from './run-demo.ts';

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'] });
scriptAgent(standIn);
scriptStrictJudge(standIn);
scriptJudge(standIn, missedFinding);
const pack = packCopy();
const store = demoStore();
const common = ['--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'qwen3.5:0.8b'];

// The eval whose verdicts the person labels (its output is not the point here). Spawned, not run
// synchronously: the stand-in answers from this process's event loop.
await once(spawnDemoCli(['eval', ...common], { store, quiet: true }), 'close');
const labelled = EvalStore.open(store);
for (const label of labelsFor(labelled.caseResults(1))) labelled.saveLabel('code-review', label);
labelled.close();

const given = process.argv.slice(2).filter((a) => a !== '--');
const args = given.map((arg) => (arg === 'strict' ? strictPrompt(pack) : arg));
await runDemo(standIn, ['calibrate', ...common, ...args], { store });
