import { invokeTool } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { daysBetween } from '../src/dates.ts';
import { basicTools, countCharacters, countWords, formatLocalTime, TOOL_NAMES } from '../src/tools.ts';
import { convertUnits } from '../src/units.ts';

const tools = basicTools(() => new Date(2026, 6, 10, 12, 44, 39));
const tool = (name: string) => {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('the basic tools', () => {
  it('are the five named in TOOL_NAMES, in order', () => {
    expect(tools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
  });

  it('count whitespace-separated words, as the tutorial does', () => {
    expect(countWords('Evals catch quiet agent regressions')).toBe(5);
    expect(countWords('  one\ttwo\n three  ')).toBe(3);
    expect(countWords('')).toBe(0);
  });

  it('count characters as a person sees them, with and without whitespace', () => {
    expect(countCharacters('Hello, world!')).toEqual({ characters: 13, withoutSpaces: 12 });
    expect(countCharacters('')).toEqual({ characters: 0, withoutSpaces: 0 });
    // An emoji with a skin tone is two code points and one character; an accented letter written as e +
    // combining accent is one; a tab and a newline are whitespace.
    expect(countCharacters('👋🏽 e\u0301\t\n')).toEqual({ characters: 5, withoutSpaces: 2 });
  });

  it('convert within a dimension from exact definitions, to six significant digits', () => {
    expect(convertUnits(26.2, 'mi', 'km')).toBe(42.1648);
    expect(convertUnits(1, 'ft', 'in')).toBe(12);
    expect(convertUnits(1, 'lb', 'oz')).toBe(16);
    expect(convertUnits(8, 'oz', 'g')).toBe(226.796);
    expect(convertUnits(1, 'gal', 'cup')).toBe(16);
    expect(convertUnits(1, 'cup', 'fl_oz')).toBe(8);
    expect(convertUnits(500, 'ml', 'l')).toBe(0.5);
    expect(convertUnits(3, 'km', 'km')).toBe(3);
  });

  it('keep every digit of a whole part longer than six digits: a rounded one reads as exact', () => {
    expect(convertUnits(1, 'mi', 'mm')).toBe(1609344);
    expect(convertUnits(2.5, 'mi', 'mm')).toBe(4023360);
    expect(convertUnits(1234567.89, 'm', 'm')).toBe(1234568);
    expect(convertUnits(1.23456789, 'km', 'km')).toBe(1.23457);
  });

  it('convert temperatures by their offsets', () => {
    expect(convertUnits(100, 'c', 'f')).toBe(212);
    expect(convertUnits(-40, 'f', 'c')).toBe(-40);
    expect(convertUnits(350, 'f', 'c')).toBe(176.667);
    expect(convertUnits(0, 'k', 'c')).toBe(-273.15);
  });

  it('refuse to convert between dimensions', () => {
    expect(() => convertUnits(1, 'kg', 'km')).toThrow('cannot convert kg (mass) to km (length)');
    expect(() => convertUnits(1, 'c', 'm')).toThrow('cannot convert c (temperature) to m (length)');
  });

  it('count the days from one date to another on the calendar', () => {
    expect(daysBetween('2026-02-14', '2026-06-01')).toBe(107);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-12-25', '2026-01-01')).toBe(-358);
    expect(daysBetween('2026-07-10', '2026-07-10')).toBe(0);
    expect(() => daysBetween('2026-02-29', '2026-03-01')).toThrow('"2026-02-29" is not a date written YYYY-MM-DD');
  });

  it('take dates of the first century as written, not as 19xx (Date.UTC maps years 0-99 to 1900-1999)', () => {
    expect(daysBetween('0050-01-01', '0050-01-02')).toBe(1);
    expect(daysBetween('0004-02-28', '0004-03-01')).toBe(2);
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(() => daysBetween('0001-02-29', '0001-03-01')).toThrow('"0001-02-29" is not a date written YYYY-MM-DD');
  });

  it('give the local time with a colon in it', () => {
    expect(formatLocalTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('run through core with validated input', async () => {
    await expect(invokeTool(tool('current_time'), {})).resolves.toBe('2026-07-10 12:44:39');
    await expect(invokeTool(tool('word_count'), { text: 'a b c' })).resolves.toBe(3);
    await expect(invokeTool(tool('char_count'), { text: 'a b' })).resolves.toEqual({ characters: 3, withoutSpaces: 2 });
    await expect(invokeTool(tool('convert_units'), { value: 10, from: 'km', to: 'mi' })).resolves.toBe(
      '10 km = 6.21371 mi',
    );
    await expect(invokeTool(tool('days_between'), { start: '2026-01-01', end: '2026-12-25' })).resolves.toBe(358);
  });

  it('tell the model which argument is wrong', async () => {
    await expect(invokeTool(tool('word_count'), {})).rejects.toThrow(
      'invalid arguments for word_count: text: Invalid input: expected string, received undefined',
    );
    await expect(invokeTool(tool('convert_units'), { value: 1, from: 'miles', to: 'km' })).rejects.toThrow(
      /^invalid arguments for convert_units: from: Invalid option: expected one of "mm"\|"cm"\|/,
    );
    await expect(invokeTool(tool('convert_units'), { value: 1, from: 'kg', to: 'km' })).rejects.toThrow(
      'cannot convert kg (mass) to km (length)',
    );
    await expect(invokeTool(tool('days_between'), { start: '2026-02-30', end: '1 March' })).rejects.toThrow(
      'invalid arguments for days_between: start: give a real date written YYYY-MM-DD; end: give a real date written YYYY-MM-DD',
    );
  });
});
