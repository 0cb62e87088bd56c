import { z } from 'zod';
import { backendChoices, backendSchema, DEFAULT_BACKEND, modelHelp } from '../backends/registry.ts';
import { defineFlags } from './flag-table.ts';
import { PolicySchema } from './policy-option.ts';
import { count, maxCostSchema, maxFlakySchema } from './run-limits.ts';
import { SplitOptionSchema } from './split-option.ts';
import { JudgeStyleSchema, passRate, reporterList } from './value-schemas.ts';

const name = z.string().min(1).optional();
const STORE = '$EVALPACKS_STORE or .evalpacks/evalpacks.db';
const SPLIT_HELP = 'the cases of one split only: dev (tune on it), test (confirm on it, once) or all';
const PACK_HELP = 'the pack in this folder instead (its src/index.ts), from anywhere';

/**
 * The flags several command families take, each declared once with its one meaning; a command that reads
 * or describes one differently says so under `on`. Each family's own flags are in its table beside this one.
 */
export const SHARED_FLAGS = defineFlags({
  domain: {
    flags: '--domain <name>',
    help: 'the pack to run (see --list)',
    schema: name,
    commands: ['eval', 'compare', 'calibrate', 'merge', 'history', 'lint-pack'],
    resume: true,
    on: {
      compare: { help: 'the pack to compare on' },
      calibrate: { help: 'the pack whose labels to use' },
      merge: { help: 'the pack the shards ran', default: "the shards' pack, a domain of this workspace" },
      history: { help: 'the pack whose runs to show (without it: the packs the store has runs of)' },
      'lint-pack': { help: 'the pack to check', default: 'every pack of the workspace' },
    },
  },
  pack: {
    flags: '--pack <path>',
    help: PACK_HELP,
    schema: name,
    commands: ['eval', 'compare', 'calibrate', 'merge', 'lint-pack'],
    resume: true,
    on: { merge: { help: 'the pack the shards ran, from this folder (needed when they ran one with --pack)' } },
  },
  testCase: {
    flags: '--test-case <file>',
    help: "cases from this file instead of the pack's own (repeatable)",
    schema: z.array(z.string()).optional(),
    commands: ['eval', 'compare'],
    repeatable: true,
    resume: true,
  },
  split: {
    flags: '--split <split>',
    help: SPLIT_HELP,
    schema: SplitOptionSchema,
    commands: ['eval', 'compare', 'calibrate', 'merge'],
    resume: true,
    default: 'all',
    on: {
      compare: { help: `${SPLIT_HELP}; with --runs, refuse runs of another split` },
      calibrate: { help: 'only the labels of cases in one split: dev (tune the judge on it), test or all' },
      merge: { help: 'refuse shards of any other split: dev, test or all', default: "the shards' own" },
    },
  },
  backend: {
    flags: '--backend <name>',
    help: `where the agent runs: ${backendChoices()}`,
    schema: backendSchema('--backend').default(DEFAULT_BACKEND),
    commands: ['eval', 'compare'],
    resume: true,
    on: {
      compare: {
        help: `where both sides' agents run: ${backendChoices()}`,
        schema: backendSchema('--backend').optional(),
        default: DEFAULT_BACKEND,
      },
    },
  },
  judgeBackend: {
    flags: '--judge-backend <name>',
    help: `where the judge runs: ${backendChoices()}`,
    schema: backendSchema('--judge-backend').optional(),
    commands: ['eval', 'compare', 'calibrate'],
    resume: true,
    default: '--backend',
    on: {
      compare: { help: 'where the one judge of both sides runs' },
      calibrate: { schema: backendSchema('--judge-backend').default(DEFAULT_BACKEND) },
    },
  },
  model: {
    flags: '--model <name>',
    help: modelHelp.agent,
    schema: name,
    commands: ['eval', 'compare'],
    resume: true,
    on: { compare: { help: `agent model of the sides on --backend (${modelHelp.agent.replace('agent model (', '')}` } },
  },
  judgeModel: {
    flags: '--judge-model <name>',
    help: modelHelp.judge,
    schema: name,
    commands: ['eval', 'compare', 'calibrate'],
    resume: true,
    on: { compare: { help: `the same for both sides; ${modelHelp.judge}` } },
  },
  userModel: {
    flags: '--user-model <name>',
    help: 'the model playing the simulated user of conversation cases',
    schema: name,
    commands: ['eval', 'compare'],
    resume: true,
    default: "the judge's model (on the judge's backend)",
  },
  userBackend: {
    flags: '--user-backend <name>',
    help: `where the simulated user runs: ${backendChoices()}`,
    schema: backendSchema('--user-backend').optional(),
    commands: ['eval', 'compare'],
    resume: true,
    default: '--judge-backend',
  },
  judgeStyle: {
    flags: '--judge-style <style>',
    help: 'structured, or yes-no: a plain YES/NO question for small models',
    schema: JudgeStyleSchema,
    commands: ['eval', 'compare', 'calibrate'],
    resume: true,
  },
  policy: {
    flags: '--policy <policy>',
    help: 'what passes over the epochs: majority, all, any, min-rate:R',
    schema: PolicySchema,
    commands: ['eval', 'compare'],
    resume: true,
    default: "majority, or the pack's own",
  },
  concurrency: {
    flags: '--concurrency <n>',
    help: 'model calls in flight at once',
    schema: count('--concurrency', 256).default(4),
    commands: ['eval', 'compare', 'calibrate'],
    resume: true,
    on: { calibrate: { help: 'judge calls in flight at once' } },
  },
  maxTurns: {
    flags: '--max-turns <n>',
    help: 'agent turns per case before it is stopped',
    schema: count('--max-turns', 50).default(6),
    commands: ['eval', 'compare'],
    resume: true,
  },
  timeout: {
    flags: '--timeout <seconds>',
    help: 'limit for one model request',
    schema: count('--timeout', 3600).default(300),
    commands: ['eval', 'compare', 'calibrate'],
    resume: true,
  },
  cache: {
    flags: '--no-cache',
    help: 'make every model call afresh (the answers still refresh the cache)',
    schema: z.boolean().default(true),
    commands: ['eval', 'compare'],
    // Compare hands it on to each side's run: absent there means true.
    on: { compare: { schema: z.boolean().optional() } },
  },
  color: {
    flags: '--no-color',
    help: 'no colours in the output',
    schema: z.boolean().default(true),
    commands: ['eval', 'compare', 'merge'],
  },
  maxCost: {
    flags: '--max-cost <usd>',
    help: 'stop starting new cases once the estimated cost passes this many US dollars',
    schema: maxCostSchema,
    commands: ['eval', 'compare'],
    resume: true,
    on: { compare: { help: 'one budget for both sides: no new case starts once the estimated cost passes it' } },
  },
  structuralOnly: {
    flags: '--structural-only',
    help: 'run structural checks only: no judge calls, no judge cost',
    schema: z.boolean().default(false),
    commands: ['eval', 'compare'],
    resume: true,
    on: { compare: { help: 'compare structural checks only: no judge calls' } },
  },
  skipStructural: {
    flags: '--skip-structural',
    help: 'skip structural checks and judge every case',
    schema: z.boolean().default(false),
    commands: ['eval', 'compare'],
    resume: true,
    on: { compare: { help: 'compare judged items only' } },
  },
  repeat: {
    flags: '--repeat <k>',
    help: 'run every case K times (epochs), each a fresh sample',
    schema: count('--repeat', 1000).default(1),
    commands: ['eval', 'compare'],
    resume: true,
    on: { compare: { help: 'epochs per case on each side' } },
  },
  maxFlaky: {
    flags: '--max-flaky <n>',
    help: 'exit 1 when more than N items flipped between epochs (with --repeat)',
    schema: maxFlakySchema,
    commands: ['eval', 'compare'],
    on: { compare: { help: 'exit 1 when more than N items flipped between epochs, both sides together' } },
  },
  offline: {
    flags: '--offline',
    help: 'contact no model: answers from the call cache, else the pack fixtures; unjudged items skip',
    schema: z.boolean().default(false),
    commands: ['eval', 'calibrate'],
    resume: true,
    on: { calibrate: { help: 'contact no model: cached verdicts, else the verdicts recorded with the labels' } },
  },
  store: {
    flags: '--store <path>',
    help: 'run history and call cache',
    schema: name,
    commands: ['eval', 'compare', 'calibrate', 'history'],
    default: STORE,
    on: {
      compare: { help: 'where each side is saved as a run, and the call cache' },
      calibrate: { help: 'labels and call cache' },
      history: { help: 'run history' },
    },
  },
  ci: {
    flags: '--ci',
    help: 'plain output for CI logs',
    schema: z.boolean().default(false),
    commands: ['eval', 'compare', 'merge'],
    on: { eval: { help: 'plain output for CI logs; exit 1 on any failure' } },
  },
  reporter: {
    flags: '--reporter <names>',
    help: 'console, json, junit, markdown, html (repeatable or comma-separated)',
    schema: reporterList.default(['console']),
    commands: ['eval', 'compare', 'merge'],
    repeatable: true,
    on: { merge: { help: 'console, json, junit, markdown (repeatable or comma-separated)' } },
  },
  minPassRate: {
    flags: '--min-pass-rate <rate>',
    help: 'exit 0 when at least this share of results passed (0.8 or 80%)',
    schema: passRate.optional(),
    commands: ['eval', 'merge'],
  },
});
