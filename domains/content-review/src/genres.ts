/**
 * The four kinds of draft the pack reviews and the sections a reader of each needs. The prompts' Expectation
 * lists the same sections in the same order (a pack test keeps them in step); the section checklist check
 * reads a case's genre from its tags.
 */
import type { Case } from '@evalpacks/core';

export const GENRES = {
  tutorial: {
    name: 'tutorial',
    sections: ['Introduction', 'Prerequisites', 'Steps', 'Code samples', 'Troubleshooting', 'Conclusion'],
  },
  'api-guide': {
    name: 'API guide',
    sections: ['Introduction', 'Prerequisites', 'Reference', 'Code samples', 'Errors'],
  },
  'release-notes': {
    name: 'release notes',
    sections: ['Summary', 'Changes', 'Breaking changes', 'Upgrade steps'],
  },
  explainer: {
    name: 'explainer',
    sections: ['Introduction', 'Explanation', 'Examples', 'Trade-offs', 'Conclusion'],
  },
} as const satisfies Record<string, { name: string; sections: readonly string[] }>;

export type Genre = keyof typeof GENRES;
export const GENRE_IDS = Object.keys(GENRES) as Genre[];

const isGenre = (tag: unknown): tag is Genre => typeof tag === 'string' && tag in GENRES;

/**
 * The genre a case names in its tags (`tutorial`, `api-guide`, `release-notes`, `explainer`), or undefined
 * for a case that names none: a user's own draft, or a case read by a loader that drops tags.
 */
export function genreOf(testCase: Case): Genre | undefined {
  const tags = (testCase as { tags?: unknown }).tags;
  return Array.isArray(tags) ? tags.find(isGenre) : undefined;
}

/** `- tutorial: Introduction, Prerequisites, ...`: one line of the Expectation per genre. */
export const GENRE_LINES = GENRE_IDS.map((id) => `${GENRES[id].name}: ${GENRES[id].sections.join(', ')}`);
