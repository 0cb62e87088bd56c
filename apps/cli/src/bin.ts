#!/usr/bin/env node
import module from 'node:module';
import { Command, CommanderError } from 'commander';
import { commandInfo } from './options/cli-commands.ts';
import { addFlags, type CommandName } from './options/flag-table.ts';
import { readerGone, stdoutIo } from './output/stdout.ts';

// Node 22.1+ keeps the compiled code of the modules loaded from here on (each command, its backend, Strands)
// on disk for the next start (in the temp folder, or $NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1
// turns it off). Node 20 has no such call: nothing changes there.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// Each command's module (and with it the store, the packs and the backends' clients) is imported only when
// that command runs: start-up, --help and a usage error cost commander and the flag tables, whose zod schemas
// load core's runner and grade entries (the ones every command loads anyway to read its options).

const io = stdoutIo();
// A stderr whose reader has gone (`2>&1 | head -1`) loses its lines; it must not crash the process over them.
process.stderr.on('error', (error) => {
  if (!readerGone(error)) throw error;
});
const program = new Command('evalpacks')
  .description('Evaluate LLM agents with domain eval packs')
  .exitOverride()
  .showHelpAfterError('(run with --help for usage)');

/** A command with its description, arguments and flags, all from the flag tables (options/cli-commands.ts). */
function command(name: CommandName): Command {
  const info = commandInfo(name);
  const made = program.command(name).description(info.description);
  for (const [spec, help] of info.arguments) made.argument(spec, help);
  return addFlags(made, name, info.tables);
}

command('eval').action(async (options: Record<string, unknown>) => {
  process.exitCode = options.list
    ? await (await import('./commands/list.ts')).listCommand(io, options as { domain?: string; pack?: string })
    : await (await import('./commands/eval.ts')).evalCommand(options, io);
});

command('merge').action(async (stores: string[], options: Record<string, unknown>) => {
  const { mergeCommand } = await import('./commands/merge.ts');
  process.exitCode = await mergeCommand({ ...options, files: stores }, io);
});

command('compare').action(async (options: Record<string, unknown>) => {
  const { compareCommand } = await import('./commands/compare.ts');
  process.exitCode = await compareCommand(options, io);
});

command('new-domain').action(async (name: string | undefined, options: { install: boolean; out?: string }) => {
  const { newDomainCommand } = await import('./commands/new-domain.ts');
  process.exitCode = await newDomainCommand(name, io, { install: options.install, out: options.out });
});

command('calibrate').action(async (options: Record<string, unknown>) => {
  const { calibrateCommand } = await import('./commands/calibrate.ts');
  process.exitCode = await calibrateCommand(options, io);
});

command('lint-pack').action(async (options: Record<string, unknown>) => {
  const { lintPackCommand } = await import('./commands/lint-pack.ts');
  process.exitCode = await lintPackCommand(options, io);
});

command('history').action(async (options: Record<string, unknown>) => {
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
