/**
 * The calibration loop against the loopback Ollama stand-in, scripted as in calibrate.e2e.test.ts: an eval
 * of a copy of the code-review pack, a person's labels on its verdicts (saved as the viewer saves them),
 * then `calibrate` with any further flags:
 *   pnpm --filter @evalpacks/cli demo:calibrate
 *   pnpm --filter @evalpacks/cli demo:calibrate -- --versus-prompt strict
 *   pnpm --filter @evalpacks/cli demo:calibrate -- --min-kappa 0.6
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EvalStore } from '@evalpacks/store';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { labelsFor, packCopy, scriptStrictJudge, strictPrompt } from '../test/calibrate-script.ts';
import { missedFinding, scriptAgent, scriptJudge } from '../test/code-review-script.ts';
import { runDemo } from './run-demo.ts';

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'] });
scriptAgent(standIn);
scriptStrictJudge(standIn);
scriptJudge(standIn, missedFinding);
const pack = packCopy();
process.env.EVALPACKS_STORE = join(mkdtempSync(join(tmpdir(), 'evalpacks-demo-')), 'evalpacks.db');
const common = ['--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'qwen3.5:0.8b'];

// The eval whose verdicts the person labels (its output is not the point here). Spawned, not run
// synchronously: the stand-in answers from this process's event loop.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = ['--conditions=@evalpacks/source', `${root}apps/cli/src/bin.ts`];
const child = spawn(`${root}node_modules/.bin/tsx`, [...bin, 'eval', ...common], { cwd: root, stdio: 'ignore' });
await once(child, 'close');
const store = EvalStore.open(process.env.EVALPACKS_STORE);
for (const label of labelsFor(store.caseResults(1))) store.saveLabel('code-review', label);
store.close();

const given = process.argv.slice(2).filter((a) => a !== '--');
const args = given.map((arg) => (arg === 'strict' ? strictPrompt(pack) : arg));
await runDemo(standIn, ['calibrate', ...common, ...args]);
