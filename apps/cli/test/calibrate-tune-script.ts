import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Label } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import { JUDGE_PROMPT_VERSIONS } from '@evalpacks/core/runner';
import type { OllamaStandIn } from '@evalpacks/testkit';
import { parse } from 'yaml';
import { JUDGE_TOKENS } from './judge-script.ts';

/** The line the tuning model stand-in proposes, and the word the judge stand-in reacts to in its prompt. */
export const REDELIVERY_STEP =
  'A message the queue delivers again (redelivery) that creates a second record is the idempotency issue, whatever the review calls it.';
/** How a review in these labels says the redelivery problem without the word the finding's keywords list. */
const SAYS_REDELIVERY = 'If SQS hands the same message over again, the handler creates a second order for it.';
const VAGUE = '(vague)';

type Message = { role: string; content?: string };
const systemOf = (messages: Message[] | undefined) => messages?.find((m) => m.role === 'system')?.content ?? '';
const userOf = (messages: Message[] | undefined) => messages?.find((m) => m.role === 'user')?.content ?? '';

/**
 * The judge stand-in (judge:1b): it misses the idempotency finding unless its system prompt holds a line
 * about redelivery and the review says so; it misses any finding of a review marked vague; it catches the rest.
 */
export function scriptRedeliveryJudge(standIn: OllamaStandIn): void {
  const reply = (caught: boolean) => ({
    content: JSON.stringify({ reasoning: caught ? 'The review names it.' : 'The review does not name it.', caught }),
    promptTokens: JUDGE_TOKENS.input,
    outputTokens: JUDGE_TOKENS.output,
  });
  standIn.script({
    match: { model: 'judge:1b', hasFormat: true, contains: 'id="missing-idempotency"' },
    reply: (req) => reply(/redeliver/i.test(systemOf(req.messages)) && userOf(req.messages).includes(SAYS_REDELIVERY)),
  });
  standIn.script({ match: { model: 'judge:1b', hasFormat: true, contains: VAGUE }, reply: reply(false) });
  standIn.script({ match: { model: 'judge:1b', hasFormat: true }, reply: reply(true) });
}

/** Tuning model stand-ins: one proposes the redelivery line (and worked example 1), one a line that changes nothing, one a heading. */
export function scriptTuners(standIn: OllamaStandIn): void {
  const propose = (answer: object) => ({ content: JSON.stringify(answer), promptTokens: 400, outputTokens: 60 });
  standIn.script({
    match: { model: 'tuner:1b', hasFormat: true },
    reply: propose({ steps: [REDELIVERY_STEP], narrowing: [], examples: [1] }),
  });
  standIn.script({
    match: { model: 'idle-tuner:1b', hasFormat: true },
    reply: propose({ steps: ['Read the whole review before deciding.'], narrowing: [], examples: [] }),
  });
  standIn.script({
    match: { model: 'heading-tuner:1b', hasFormat: true },
    reply: propose({ steps: [], narrowing: ['# Steps'], examples: [] }),
  });
}

export const NOTE = 'Says a message handed over again creates a second order: that is the redelivery issue.';

/**
 * 24 labels on 8 reviews of the subtle-issues case, as a person gave them on the judge's first verdicts:
 * reviews 1-6 say the redelivery problem (the judge missed it on each: 6 disagreements blaming the judge),
 * reviews 7-8 are vague (the judge and the person both fail every finding). Labelled items per review: the
 * idempotency, injection and scan findings.
 */
export function writeRedeliveryLabels(pack: string): Label[] {
  const testCase = parse(readFileSync(join(pack, 'cases', 'subtle-issues.yaml'), 'utf8')) as { input: string };
  const labels: Label[] = [];
  for (let i = 1; i <= 8; i++) {
    const vague = i > 6;
    const answer = vague
      ? `## Review ${i} ${VAGUE}\nThe handler could be more robust.`
      : `## Review ${i}\nThe FilterExpression concatenates matchOn; use a Query on warehouseId. ${SAYS_REDELIVERY}`;
    for (const itemId of ['missing-idempotency', 'nosql-injection', 'scan-instead-of-query']) {
      const judgePassed = !vague && itemId !== 'missing-idempotency';
      const personPassed = !vague;
      const disagree = judgePassed !== personPassed;
      labels.push({
        caseId: 'subtle-issues',
        kind: 'finding',
        itemId,
        label: disagree ? 'disagree' : 'agree',
        ...(disagree && { wrong: 'judge' as const, note: NOTE }),
        verdict: {
          passed: judgePassed,
          reasoning: judgePassed ? 'The review names it.' : 'The review does not name it.',
          model: 'judge:1b',
          promptVersion: JUDGE_PROMPT_VERSIONS.structured,
        },
        inputSha256: inputHash(testCase.input),
        answer,
        toolCalls: [],
      });
    }
  }
  mkdirSync(join(pack, 'calibration'), { recursive: true });
  writeFileSync(join(pack, 'calibration', 'labels.jsonl'), labels.map((l) => `${JSON.stringify(l)}\n`).join(''));
  return labels;
}

/** Every file under a folder, path and bytes, hashed: what "nothing changed on disk" is checked with. */
export function hashFolder(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}
