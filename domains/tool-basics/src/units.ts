/**
 * The units convert_units knows, each with its dimension and its size in that dimension's base unit (metre,
 * kilogram, litre). Exact definitions: the inch is 0.0254 m, the pound 0.45359237 kg, the US gallon
 * 3.785411784 l; ounces, cups and fluid ounces follow from them. Temperatures are offsets, not factors.
 */
const FACTORS = {
  mm: ['length', 0.001],
  cm: ['length', 0.01],
  m: ['length', 1],
  km: ['length', 1000],
  in: ['length', 0.0254],
  ft: ['length', 0.3048],
  yd: ['length', 0.9144],
  mi: ['length', 1609.344],
  g: ['mass', 0.001],
  kg: ['mass', 1],
  oz: ['mass', 0.45359237 / 16],
  lb: ['mass', 0.45359237],
  ml: ['volume', 0.001],
  l: ['volume', 1],
  fl_oz: ['volume', 3.785411784 / 128],
  cup: ['volume', 3.785411784 / 16],
  gal: ['volume', 3.785411784],
} as const satisfies Record<string, readonly [string, number]>;

const TEMPERATURES = ['c', 'f', 'k'] as const;

export const UNIT_IDS = [...(Object.keys(FACTORS) as (keyof typeof FACTORS)[]), ...TEMPERATURES];
export type Unit = (typeof UNIT_IDS)[number];
type Temperature = (typeof TEMPERATURES)[number];

const isTemperature = (unit: Unit): unit is Temperature => (TEMPERATURES as readonly string[]).includes(unit);
const dimension = (unit: Unit) => (isTemperature(unit) ? 'temperature' : FACTORS[unit][0]);

const toKelvin = { c: (v: number) => v + 273.15, f: (v: number) => ((v - 32) * 5) / 9 + 273.15, k: (v: number) => v };
const fromKelvin = { c: (v: number) => v - 273.15, f: (v: number) => ((v - 273.15) * 9) / 5 + 32, k: (v: number) => v };

/**
 * Six significant digits, no float noise: 26.2 mi is 42.1648 km, 100 c is 212 f. A whole part longer than six
 * digits keeps them all (up to 15), since a rounded one reads as exact: 1 mi is 1609344 mm, not 1609340.
 */
export function roundForPeople(value: number): number {
  const wholeDigits = Math.abs(value) < 1 ? 1 : Math.floor(Math.log10(Math.abs(value))) + 1;
  return Number(value.toPrecision(Math.min(15, Math.max(6, wholeDigits))));
}

/** The value in the other unit, rounded as roundForPeople does; throws for units of two dimensions. */
export function convertUnits(value: number, from: Unit, to: Unit): number {
  if (dimension(from) !== dimension(to)) {
    throw new Error(`cannot convert ${from} (${dimension(from)}) to ${to} (${dimension(to)})`);
  }
  if (isTemperature(from) && isTemperature(to)) return roundForPeople(fromKelvin[to](toKelvin[from](value)));
  if (isTemperature(from) || isTemperature(to)) throw new Error('unreachable: dimensions differ');
  return roundForPeople((value * FACTORS[from][1]) / FACTORS[to][1]);
}
