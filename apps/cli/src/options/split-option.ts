import { SPLIT_CHOICES } from '@evalpacks/core';
import { z } from 'zod';

/** `--split dev|test|all`: which cases a command takes (see docs/writing-cases.md); absent means all. */
export const SplitOptionSchema = z
  .enum(SPLIT_CHOICES, { error: `--split must be one of: ${SPLIT_CHOICES.join(', ')}` })
  .optional();
