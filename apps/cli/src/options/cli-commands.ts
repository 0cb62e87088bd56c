import { BACKEND_FLAG_TABLE } from './backend-flags.ts';
import { CALIBRATE_FLAGS } from './calibrate-flags.ts';
import { COMPARE_FLAGS } from './compare-flags.ts';
import { EVAL_FLAGS } from './eval-flags.ts';
import { type CommandName, type FlagSpec, type FlagTable, flagsOf } from './flag-table.ts';
import { MERGE_FLAGS } from './merge-flags.ts';
import { NEW_DOMAIN_FLAGS } from './new-domain-flags.ts';
import { SHARED_FLAGS } from './shared-flags.ts';

/** A command as `--help` and the CLI reference describe it: what it does, its arguments and its flag tables. */
export interface CommandInfo {
  name: CommandName;
  description: string;
  /** Commander's spelling and help of each argument: `<files...>`, `[name]`. */
  arguments: readonly [string, string][];
  /** Where its flags come from, in the order its help lists them. */
  tables: readonly FlagTable[];
}

export const CLI_COMMANDS: readonly CommandInfo[] = [
  {
    name: 'eval',
    description: 'run a pack against an agent model and judge it',
    arguments: [],
    tables: [SHARED_FLAGS, EVAL_FLAGS, BACKEND_FLAG_TABLE],
  },
  {
    name: 'compare',
    description: 'run two prompts (or agents) on the same cases and judge, and say whether the change helped',
    arguments: [],
    tables: [SHARED_FLAGS, COMPARE_FLAGS, BACKEND_FLAG_TABLE],
  },
  {
    name: 'calibrate',
    description: "hold the judge's verdicts against people's labels: agreement, kappa, TPR and TNR",
    arguments: [],
    tables: [SHARED_FLAGS, CALIBRATE_FLAGS, BACKEND_FLAG_TABLE],
  },
  {
    name: 'merge',
    description: 'join the shards of one run (eval --shard I/N), one store or results.json each, into one run',
    arguments: [
      ['<files...>', 'the store files (or results.json files) of the shards, e.g. shard-1.db shard-2.db ...'],
    ],
    tables: [SHARED_FLAGS, MERGE_FLAGS],
  },
  {
    name: 'history',
    description: 'pass rates per run over time, and sustained regressions',
    arguments: [],
    tables: [SHARED_FLAGS],
  },
  {
    name: 'lint-pack',
    description:
      "check a pack's cases: cited lines and quotes, near-duplicates, categories, bait and split shares, references",
    arguments: [],
    tables: [SHARED_FLAGS],
  },
  {
    name: 'new-domain',
    description: 'create domains/NAME: a prompt, a case, a structural check and a test, linked into the workspace',
    arguments: [
      ['[name]', 'the pack name: lowercase letters, digits and dashes (default with --out: the folder name)'],
    ],
    tables: [NEW_DOMAIN_FLAGS],
  },
];

export function commandInfo(name: CommandName): CommandInfo {
  const info = CLI_COMMANDS.find((command) => command.name === name);
  if (!info) throw new Error(`no command ${name}`);
  return info;
}

/** A command's flags, each once, in help order. */
export const commandFlags = (name: CommandName): [string, FlagSpec][] => flagsOf(name, commandInfo(name).tables);

/** The flags `eval --resume` takes from the stored run unless given again. */
export const RESUMED_FLAGS: readonly string[] = commandFlags('eval')
  .filter(([, spec]) => spec.resume)
  .map(([key]) => key);
