import { readFileSync } from 'node:fs';
import { loadPackCases, type Transcript } from '@evalpacks/core';
import type { OllamaStandIn } from '@evalpacks/testkit';
import contentReview from './packs/content-review/src/index.ts';

export const contentCases = await loadPackCases(contentReview);

/** The pack's hand-written sample transcript of a case (test/packs/content-review/fixtures). */
export function contentFixture(caseId: string): Transcript {
  const url = new URL(`./packs/content-review/fixtures/${caseId}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Transcript;
}

/** A content reviewer that writes the pack's sample review of each draft, with fixed token counts. */
export function scriptContentAgent(standIn: Pick<OllamaStandIn, 'script'>): void {
  for (const testCase of contentCases) {
    standIn.script({
      match: { hasFormat: false, contains: testCase.input },
      reply: { content: contentFixture(testCase.id).answer, promptTokens: 1000, outputTokens: 400 },
    });
  }
}
