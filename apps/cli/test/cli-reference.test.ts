import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_COMMANDS, commandFlags } from '../src/options/cli-commands.ts';
import { cliReference, REFERENCE_FILE, REFERENCE_SCRIPT } from '../src/options/cli-reference.ts';
import { ROOT } from './run-cli.ts';

describe(REFERENCE_FILE, () => {
  it(`is what the flag tables make (after changing a flag, run ${REFERENCE_SCRIPT})`, () => {
    expect(readFileSync(join(ROOT, REFERENCE_FILE), 'utf8')).toBe(cliReference());
  });

  it('lists every flag of every command once, under its command', () => {
    const reference = cliReference();
    for (const { name } of CLI_COMMANDS) {
      const section = reference.split(`\n## ${name}\n`)[1]?.split('\n## ')[0] ?? '';
      for (const [, spec] of commandFlags(name)) {
        expect(section, `${name} ${spec.flags}`).toContain(`| \`${spec.flags.replaceAll('|', '\\|')}\` |`);
      }
    }
  });
});
