import { afterAll } from 'vitest';
import { endChildren } from './run-cli.ts';

// Every test file: a command a timed-out test or hook started is ended with the file, never left running.
afterAll(endChildren);
