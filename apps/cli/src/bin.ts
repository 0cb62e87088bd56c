#!/usr/bin/env node
import module from 'node:module';
import { Command, CommanderError, Option } from 'commander';
import { backendChoices, DEFAULT_BACKEND, modelHelp, withBackendFlags } from './backends/registry.ts';
import { readerGone, stdoutIo } from './output/stdout.ts';

// Node 22.1+ keeps the compiled code of the modules loaded from here on (each command, its backend, Strands)
// on disk for the next start (in the temp folder, or $NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1
// turns it off). Node 20 has no such call: nothing changes there.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// Each command's module (and with it core, the store and the packs) is imported only when that command runs:
// start-up, --help and a usage error then cost commander and the option definitions alone.

const io = stdoutIo();
// A stderr whose reader has gone (`2>&1 | head -1`) loses its lines; it must not crash the process over them.
process.stderr.on('error', (error) => {
  if (!readerGone(error)) throw error;
});
const collect = (value: string, previous: string[] = []) => [...previous, value];
const SPLIT_HELP = 'the cases of one split only: dev (tune on it), test (confirm on it, once) or all (default)';

/** The flags of every command that runs a pack (options/run-limits.ts reads them). */
function withRunLimits(command: Command): Command {
  return command
    .option('--policy <policy>', 'what passes over the epochs: majority (default), all, any, min-rate:R')
    .option('--concurrency <n>', 'model calls in flight at once (default 4)')
    .option('--max-turns <n>', 'agent turns per case before it is stopped (default 6)')
    .option('--timeout <seconds>', 'limit for one model request (default 300)')
    .addOption(new Option('--no-cache', 'make every model call afresh (the answers still refresh the cache)'))
    .addOption(new Option('--no-color', 'no colours in the output'));
}

const program = new Command('evalpacks')
  .description('Evaluate LLM agents with domain eval packs')
  .exitOverride()
  .showHelpAfterError('(run with --help for usage)');

withRunLimits(
  withBackendFlags(
    program
      .command('eval')
      .description('run a pack against an agent model and judge it')
      .option('--domain <name>', 'the pack to run (see --list)')
      .option('--pack <path>', 'the pack in this folder instead (its src/index.ts), from anywhere')
      .option('--list', 'list the packs (or the one --domain/--pack names): cases, splits, bait, power, variants')
      .option('--variant <name>', "one of the pack's prompt variants (default: baseline)")
      .option('--prompt <file>', 'a RISEN prompt file to use instead of a named variant')
      .option('--test-case <file>', "cases from this file instead of the pack's own (repeatable)", collect)
      .option('--split <split>', SPLIT_HELP)
      .option('--backend <name>', `where the agent runs: ${backendChoices()} (default ${DEFAULT_BACKEND})`)
      .option('--judge-backend <name>', `where the judge runs: ${backendChoices()} (default: --backend)`)
      .option('--model <name>', modelHelp.agent)
      .option('--judge-model <name>', modelHelp.judge)
      .option('--judge-style <style>', 'structured (default), or yes-no: a plain YES/NO question for small models'),
  ),
)
  .option('--max-cost <usd>', 'stop starting new cases once the estimated cost passes this many US dollars')
  .option('--structural-only', 'run structural checks only: no judge calls, no judge cost')
  .option('--skip-structural', 'skip structural checks and judge every case')
  .option('--judge-always', 'judge a case even when its structural checks failed')
  .option('--repeat <k>', 'run every case K times (epochs), each a fresh sample (default 1)')
  .option('--ci', 'plain output for CI logs; exit 1 on any failure')
  .option('--quiet', 'print only the summary: no header, case blocks or progress')
  .option('--store <path>', 'run history and call cache (default: $EVALPACKS_STORE or .evalpacks/evalpacks.db)')
  .option('--offline', 'contact no model: answers from the call cache, else the pack fixtures; unjudged items skip')
  .option('--resume [run]', 'finish an interrupted run (default: the newest unfinished one)')
  .option('--rejudge <run>', "re-run checks and the judge on a stored run's answers, as a new run")
  .option('--reporter <names>', 'console, json, junit, markdown, html (repeatable or comma-separated)', collect)
  .option('--out <dir>', 'where file reporters write (default: .evalpacks/reports/run-N)')
  .option('--min-pass-rate <rate>', 'exit 0 when at least this share of results passed (0.8 or 80%)')
  .option('--low-confidence <p>', 'mark and count verdicts whose decision token is below this probability (0.8)')
  .option(
    '--gate <figure>',
    'what --min-pass-rate holds: raw (the case pass rate) or corrected (judge-corrected findings)',
  )
  .option('--max-flaky <n>', 'exit 1 when more than N items flipped between epochs (with --repeat)')
  .option('--shard <i/n>', 'run part I of N of the cases (stable by case id), e.g. one CI job each; see merge')
  .action(async (options: Record<string, unknown>) => {
    process.exitCode = options.list
      ? await (await import('./commands/list.ts')).listCommand(io, options as { domain?: string; pack?: string })
      : await (await import('./commands/eval.ts')).evalCommand(options, io);
  });

program
  .command('merge')
  .description('join the shards of one run (eval --shard I/N), one store or results.json each, into one run')
  .argument('<files...>', 'the store files (or results.json files) of the shards, e.g. shard-1.db shard-2.db ...')
  .option('--out <db>', 'the store to record the joined run in (created when missing)')
  .option('--domain <name>', "the pack the shards ran (default: the shards' pack, a domain of this workspace)")
  .option('--pack <path>', 'the pack the shards ran, from this folder (needed when they ran one with --pack)')
  .option('--split <split>', "refuse shards of any other split: dev, test or all (default: the shards' own)")
  .option('--reporter <names>', 'console, json, junit, markdown (repeatable or comma-separated)', collect)
  .option('--report-dir <dir>', 'where file reporters write (default: reports/run-N beside --out)')
  .option('--min-pass-rate <rate>', 'exit 0 when at least this share of results passed (0.8 or 80%)')
  .option('--ci', 'plain output for CI logs')
  .addOption(new Option('--no-color', 'no colours in the output'))
  .action(async (stores: string[], options: Record<string, unknown>) => {
    const { mergeCommand } = await import('./commands/merge.ts');
    process.exitCode = await mergeCommand({ ...options, files: stores }, io);
  });

withRunLimits(
  withBackendFlags(
    program
      .command('compare')
      .description('run two prompts (or agents) on the same cases and judge, and say whether the change helped')
      .option('--domain <name>', 'the pack to compare on')
      .option('--pack <path>', 'the pack in this folder instead (its src/index.ts), from anywhere')
      .option('--baseline <name|file>', "a variant of the pack or a prompt file (default: the pack's default)")
      .option('--variant <name|file>', 'the variant to compare against the baseline')
      .option('--backend <name>', `where both sides' agents run: ${backendChoices()} (default ${DEFAULT_BACKEND})`)
      .option('--baseline-backend <name>', 'where the baseline agent runs (default: --backend)')
      .option('--variant-backend <name>', 'where the variant agent runs (default: --backend)')
      .option('--judge-backend <name>', 'where the one judge of both sides runs (default: --backend)')
      .option(
        '--model <name>',
        `agent model of the sides on --backend (${modelHelp.agent.replace('agent model (', '')}`,
      )
      .option('--baseline-model <name>', 'agent model of the baseline side')
      .option('--variant-model <name>', 'agent model of the variant side')
      .option('--judge-model <name>', `the same for both sides; ${modelHelp.judge}`)
      .option('--judge-style <style>', 'structured (default), or yes-no: a plain YES/NO question for small models'),
  ),
)
  .option('--test-case <file>', "cases from this file instead of the pack's own (repeatable)", collect)
  .option('--split <split>', `${SPLIT_HELP}; with --runs, refuse runs of another split`)
  .option('--structural-only', 'compare structural checks only: no judge calls')
  .option('--skip-structural', 'compare judged items only')
  .option('--repeat <k>', 'epochs per case on each side (default 1)')
  .option('--max-flaky <n>', 'exit 1 when more than N items flipped between epochs, both sides together')
  .option('--max-cost <usd>', 'one budget for both sides: no new case starts once the estimated cost passes it')
  .option('--seed <n>', 'seed of the permutation test when it samples (default 1)')
  .option('--store <path>', 'where each side is saved as a run, and the call cache (default: as eval)')
  .option('--runs <ids...>', 'compare two stored runs (baseline, variant) with no model call (see pnpm history)')
  .option('--ci', 'plain output for CI logs')
  .action(async (options: Record<string, unknown>) => {
    const { compareCommand } = await import('./commands/compare.ts');
    process.exitCode = await compareCommand(options, io);
  });

program
  .command('new-domain')
  .description('create domains/NAME: a prompt, a case, a structural check and a test, linked into the workspace')
  .argument('[name]', 'the pack name: lowercase letters, digits and dashes (default with --out: the folder name)')
  .option('--no-install', 'do not run `pnpm install` to link the new package')
  .option('--out <dir>', 'write a pack of its own to DIR instead, outside the workspace (installs the CLI from npm)')
  .action(async (name: string | undefined, options: { install: boolean; out?: string }) => {
    const { newDomainCommand } = await import('./commands/new-domain.ts');
    process.exitCode = await newDomainCommand(name, io, { install: options.install, out: options.out });
  });

withBackendFlags(
  program
    .command('calibrate')
    .description("hold the judge's verdicts against people's labels: agreement, kappa, TPR and TNR")
    .option('--domain <name>', 'the pack whose labels to use')
    .option('--pack <path>', 'the pack in this folder instead (its src/index.ts), from anywhere')
    .option(
      '--split <split>',
      'only the labels of cases in one split: dev (tune the judge on it), test or all (default)',
    )
    .option('--judge-backend <name>', `where the judge runs: ${backendChoices()} (default ${DEFAULT_BACKEND})`)
    .option('--judge-model <name>', modelHelp.judge)
    .option('--judge-style <style>', 'structured (default), or yes-no: a plain YES/NO question for small models')
    .option('--judge-prompt <file>', "a judge prompt file (# Steps, # Narrowing), or core: without the pack's judge.md")
    .option('--versus-model <name>', 'compare with a second judge model on the same labels')
    .option('--versus-backend <name>', 'where the second judge runs (default: --judge-backend)')
    .option('--versus-style <style>', 'compare with the other judge style')
    .option('--versus-prompt <file>', 'compare with a second judge prompt file (or core)')
    .option('--min-kappa <k>', "exit 1 when the judge's kappa is below K (for CI)")
    .option('--export', "write the store's labels to the pack's calibration/labels.jsonl and stop")
    .option('--offline', 'contact no model: cached verdicts, else the verdicts recorded with the labels')
    .option('--store <path>', 'labels and call cache (default: $EVALPACKS_STORE or .evalpacks/evalpacks.db)')
    .option('--concurrency <n>', 'judge calls in flight at once (default 4)')
    .option('--timeout <seconds>', 'limit for one model request (default 300)'),
).action(async (options: Record<string, unknown>) => {
  const { calibrateCommand } = await import('./commands/calibrate.ts');
  process.exitCode = await calibrateCommand(options, io);
});

program
  .command('lint-pack')
  .description(
    "check a pack's cases: cited lines and quotes, near-duplicates, categories, bait and split shares, references",
  )
  .option('--domain <name>', 'the pack to check (default: every pack of the workspace)')
  .option('--pack <path>', 'the pack in this folder instead (its src/index.ts), from anywhere')
  .action(async (options: Record<string, unknown>) => {
    const { lintPackCommand } = await import('./commands/lint-pack.ts');
    process.exitCode = await lintPackCommand(options, io);
  });

program
  .command('history')
  .description('pass rates per run over time, and sustained regressions')
  .option('--domain <name>', 'the pack whose runs to show')
  .option('--store <path>', 'run history (default: $EVALPACKS_STORE or .evalpacks/evalpacks.db)')
  .action(async (options: Record<string, unknown>) => {
    const { historyCommand } = await import('./commands/history.ts');
    process.exitCode = await historyCommand(options, io);
  });

try {
  // `pnpm eval -- --flag` forwards the separator itself; a lone `--` carries no meaning here.
  await program.parseAsync(process.argv.filter((arg) => arg !== '--'));
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    // Anything that stopped the evaluation itself (usage, bad data, infrastructure, a bug) is exit 2.
    // Exit now: calls still in flight when the run failed (up to --timeout) must not keep the process alive.
    const { formatError } = await import('./report-error.ts');
    process.stderr.write(`${formatError(error)}\n`);
    process.exit(2);
  }
}
