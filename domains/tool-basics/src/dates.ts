const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a YYYY-MM-DD calendar date, or undefined for a date that does not exist. */
export function dayNumber(date: string): number | undefined {
  const match = ISO_DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const back = new Date(0);
  back.setUTCFullYear(year, month - 1, day);
  const time = back.getTime();
  // 2026-02-30 rolls over to March; a real date survives the round trip.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return time / DAY_MS;
}

/** Days from start to end (end minus start, negative when end is earlier), counted on the calendar in UTC. */
export function daysBetween(start: string, end: string): number {
  const [from, to] = [dayNumber(start), dayNumber(end)];
  if (from === undefined) throw new Error(`"${start}" is not a date written YYYY-MM-DD`);
  if (to === undefined) throw new Error(`"${end}" is not a date written YYYY-MM-DD`);
  return to - from;
}
