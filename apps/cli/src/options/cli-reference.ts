import { CLI_COMMANDS, type CommandInfo, commandFlags } from './cli-commands.ts';
import { defaultOf, type FlagSpec } from './flag-table.ts';

/** Where the reference is kept, from the workspace root, and the command that writes it. */
export const REFERENCE_FILE = 'docs/cli-reference.md';
export const REFERENCE_SCRIPT = 'pnpm --filter @evalpacks/cli docs:reference';

/** Table cells hold the text as help prints it; a `|` would end the cell. */
const cell = (text: string) => text.replaceAll('|', '\\|');

function usage(info: CommandInfo): string {
  const args = info.arguments.map(([spec]) => ` ${spec}`).join('');
  return `evalpacks ${info.name} [options]${args}`;
}

function flagRow(info: CommandInfo, spec: FlagSpec): string {
  const help = spec.on?.[info.name]?.help ?? spec.help;
  const given = defaultOf(spec, info.name);
  const repeatable = spec.repeatable && !help.includes('repeatable') ? ' (repeatable)' : '';
  const cells = [`\`${cell(spec.flags)}\``, `${cell(help)}${repeatable}`, given === undefined ? '' : cell(given)];
  // Only eval resumes a run.
  if (info.name === 'eval') cells.push(spec.resume ? 'yes' : '');
  return `| ${cells.join(' | ')} |`;
}

function commandSection(info: CommandInfo): string[] {
  const lines = [`## ${info.name}`, '', `${info.description[0]?.toUpperCase()}${info.description.slice(1)}.`, ''];
  lines.push('```', usage(info), '```', '');
  if (info.arguments.length > 0) {
    for (const [spec, help] of info.arguments) lines.push(`- \`${cell(spec)}\`: ${help}`);
    lines.push('');
  }
  const header = ['Flag', 'What it does', 'Default', ...(info.name === 'eval' ? ['--resume reuses'] : [])];
  lines.push(`| ${header.join(' | ')} |`, `|${' --- |'.repeat(header.length)}`);
  for (const [, spec] of commandFlags(info.name)) lines.push(flagRow(info, spec));
  lines.push('');
  return lines;
}

/**
 * docs/cli-reference.md: every command with its flags, help, defaults and what --resume reuses, made from
 * the flag tables (the same entries commander and the option schemas are made from).
 */
export function cliReference(): string {
  const lines = [
    '# CLI reference',
    '',
    `Every \`evalpacks\` command and flag, generated from the flag tables in \`apps/cli/src/options/\` by`,
    `\`${REFERENCE_SCRIPT}\`; do not edit it by hand (a test fails when it drifts from the tables).`,
    'In the workspace each command also runs as `pnpm COMMAND` (`pnpm eval --domain code-review`); from code,',
    'each flag is an option in camelCase (`--ollama-host` is `ollamaHost`, see [the engine API](engine-api.md)).',
    '',
    "`--resume reuses`: `eval --resume` takes the flag from the stored run unless it is given again. A backend's",
    'flags (`--ollama-host`, `--region`, ...) are refused unless a role runs on that backend; see',
    '[backends](backends.md).',
    '',
    ...CLI_COMMANDS.map((info) => `- [${info.name}](#${info.name}): ${info.description}`),
    '',
  ];
  for (const info of CLI_COMMANDS) lines.push(...commandSection(info));
  return `${lines.join('\n').trimEnd()}\n`;
}
