import { JUDGE_STYLES } from '@evalpacks/core/runner';
import { z } from 'zod';
import { REPORTERS } from '../output/file-reports.ts';

/** Flag values several commands read the same way; their flags are declared in the tables (see flag-table.ts). */

/** `--judge-style`, shared by eval, compare and calibrate. */
export const JudgeStyleSchema = z
  .enum(JUDGE_STYLES, { error: `--judge-style must be one of: ${JUDGE_STYLES.join(', ')}` })
  .default('structured');

/** `--reporter json,junit --reporter markdown`: every name, each once, in the order given. */
export const reporterList = z
  // The command line collects a list; code may pass one string as well (the engine API).
  .union([z.array(z.string()), z.string()], { error: '--reporter takes names such as console or json,junit' })
  .transform((given) => {
    const values = typeof given === 'string' ? [given] : given;
    return [...new Set(values.flatMap((value) => value.split(',')).map((name) => name.trim()))];
  })
  .pipe(
    z.array(
      z.enum(REPORTERS, { error: (issue) => `unknown --reporter "${issue.input}" (known: ${REPORTERS.join(', ')})` }),
    ),
  );

/** 0.8 or 80%: the share of case results that must pass for exit code 0. */
export const passRate = z
  // A string as typed; a number as code passes it (the engine API).
  .union([z.string(), z.number()], { error: '--min-pass-rate must be a number such as 0.8 or 80%' })
  .transform((given) => {
    const text = String(given).trim();
    return text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  })
  .pipe(
    z
      .number({ error: '--min-pass-rate must be a number such as 0.8 or 80%' })
      .min(0, '--min-pass-rate must be between 0 and 1 (or 0% and 100%)')
      .max(1, '--min-pass-rate must be between 0 and 1 (or 0% and 100%)'),
  );

/** `eval --tag NAME`: a branch or release name, as a marker and a --baseline-run can hold it. */
export const TagSchema = z
  .string()
  .regex(/^[\w./@+-]{1,100}$/, '--tag takes a name of letters, digits and . / @ + - _ (such as main or v1.2)');
