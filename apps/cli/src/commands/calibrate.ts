import { runCalibration } from '../engine/calibrate.ts';
import type { CommandIo } from '../output/command-io.ts';

/**
 * `calibrate --domain X`: the engine's calibration of the judge against people's labels, printed. Exit 0,
 * or 1 when kappa is below --min-kappa; 2 for usage errors and no labels.
 */
export async function calibrateCommand(raw: Record<string, unknown>, terminal: CommandIo): Promise<number> {
  return (await runCalibration(raw, terminal)).exitCode;
}
