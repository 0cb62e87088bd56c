import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../src/pack/case-file.ts';

function caseFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'user-block-')), name);
  writeFileSync(path, text);
  return path;
}

const opening = 'id: refund-asks\nname: Refund\ninput: I want my money back.\n';

describe('a conversation case in a case file', () => {
  it('loads a simulated user with its defaults', async () => {
    const path = caseFile(
      'ok.yaml',
      `${opening}user:\n  simulated:\n    persona: A hurried customer.\n    goal: Get a refund for ORD-1001.\n    facts: ["Order number: ORD-1001"]\n`,
    );
    const [loaded] = await loadCaseFile(path);
    expect(loaded?.user).toEqual({
      simulated: {
        persona: 'A hurried customer.',
        goal: 'Get a refund for ORD-1001.',
        facts: ['Order number: ORD-1001'],
        behaviour: 'patient',
      },
      maxTurns: 8,
    });
  });

  it('names the file, line and field of a simulated user without a goal', async () => {
    const path = caseFile('no-goal.yaml', `${opening}user:\n  simulated:\n    persona: A hurried customer.\n`);
    await expect(loadCaseFile(path)).rejects.toThrow(
      /no-goal\.yaml:6: field "user\.simulated\.goal": a simulated user needs a goal$/,
    );
  });

  it('refuses a turn limit under 1', async () => {
    const path = caseFile('zero.yaml', `${opening}user:\n  script: ["ORD-1001"]\n  maxTurns: 0\n`);
    await expect(loadCaseFile(path)).rejects.toThrow(
      /zero\.yaml:6: field "user\.maxTurns": maxTurns must be at least 1$/,
    );
  });

  it('refuses a block with both a script and a simulated user', async () => {
    const path = caseFile(
      'both.yaml',
      `${opening}user:\n  script: ["ORD-1001"]\n  simulated:\n    persona: P\n    goal: G\n`,
    );
    await expect(loadCaseFile(path)).rejects.toThrow(
      /both\.yaml:5: field "user": give exactly one of simulated and script$/,
    );
  });

  it('refuses a script longer than the turn limit allows', async () => {
    const path = caseFile('long.yaml', `${opening}user:\n  script: ["a", "b", "c"]\n  maxTurns: 3\n`);
    await expect(loadCaseFile(path)).rejects.toThrow(
      /long\.yaml:\d+: field "user\.maxTurns": the script needs 4 agent replies but maxTurns is 3$/,
    );
  });
});
