import { defineTool, type Tool } from '@evalpacks/core';
import { z } from 'zod';
import { dayNumber, daysBetween } from './dates.ts';
import { convertUnits, UNIT_IDS } from './units.ts';

export const TOOL_NAMES = ['current_time', 'word_count', 'char_count', 'convert_units', 'days_between'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

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

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Characters as a person counts them (grapheme clusters: an emoji or an accented letter is one), with and
 * without whitespace, since "how many characters" is asked both ways.
 */
export function countCharacters(text: string): { characters: number; withoutSpaces: number } {
  const all = [...graphemes.segment(text)].map((part) => part.segment);
  return { characters: all.length, withoutSpaces: all.filter((part) => !/^\s+$/.test(part)).length };
}

const IsoDate = z
  .string()
  .refine((date) => dayNumber(date) !== undefined, { message: 'give a real date written YYYY-MM-DD' });

/** The small assistant's tools, all pure but the clock, which is a parameter so tests can fix the time. */
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
    defineTool({
      name: 'char_count',
      description: 'Counts the characters in a piece of text, with and without spaces.',
      input: z.object({ text: z.string().describe('The text whose characters to count') }),
      run: ({ text }) => countCharacters(text),
    }),
    defineTool({
      name: 'convert_units',
      description:
        'Converts a quantity from one unit to another of the same kind (length, mass, volume with US ' +
        'cups, fluid ounces and gallons, temperature in c, f or k).',
      input: z.object({
        value: z.number().describe('The quantity to convert'),
        from: z.enum(UNIT_IDS).describe('The unit the value is in'),
        to: z.enum(UNIT_IDS).describe('The unit to convert it to'),
      }),
      run: ({ value, from, to }) => `${value} ${from} = ${convertUnits(value, from, to)} ${to}`,
    }),
    defineTool({
      name: 'days_between',
      description: 'Counts the days from one date to another (end minus start; negative if end comes first).',
      input: z.object({
        start: IsoDate.describe('The first date, YYYY-MM-DD'),
        end: IsoDate.describe('The second date, YYYY-MM-DD'),
      }),
      run: ({ start, end }) => daysBetween(start, end),
    }),
  ];
}
