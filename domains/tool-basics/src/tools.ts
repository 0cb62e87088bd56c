import { defineTool, type Tool } from '@evalpacks/core';
import { z } from 'zod';

export const TOOL_NAMES = ['current_time', 'word_count'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** Local date and time as `2026-07-10 12:44:39`. */
export function formatLocalTime(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Words as whitespace-separated runs, the way the tutorial's `len(text.split())` counts them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The small assistant's two tools. The clock is a parameter so tests can fix the time. */
export function basicTools(now: () => Date = () => new Date()): Tool[] {
  return [
    defineTool({
      name: 'current_time',
      description: 'Returns the current local date and time.',
      input: z.object({}),
      run: () => formatLocalTime(now()),
    }),
    defineTool({
      name: 'word_count',
      description: 'Counts the words in a piece of text.',
      input: z.object({ text: z.string().describe('The text whose words to count') }),
      run: ({ text }) => countWords(text),
    }),
  ];
}
