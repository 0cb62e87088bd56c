/**
 * The language of the handler under review, which decides the language the review's code blocks must be
 * fenced in. The prompts ask for `ts` blocks on a TypeScript handler and `python` blocks on a Python one.
 */
import type { Case } from '@evalpacks/core';

export type HandlerLanguage = 'typescript' | 'python';

/** The fence info strings that name each language; compared in lowercase. */
export const FENCE_LANGUAGES: Record<HandlerLanguage, readonly string[]> = {
  typescript: ['ts', 'typescript'],
  python: ['python', 'py', 'python3'],
};

/** The fence the prompts ask for, for messages. */
export const FENCE_NAME: Record<HandlerLanguage, string> = { typescript: 'ts', python: 'python' };

/** Lines only Python writes: `def f(...):`, `import x` without quotes, `from x import y`, `class X:`. */
const PYTHON_LINE =
  /^\s*(?:async\s+)?def\s+\w+\s*\(.*\)\s*(?:->\s*[^:]+)?:\s*(?:#.*)?$|^import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+)*\s*$|^from\s+[\w.]+\s+import\s|^\s*class\s+\w+(?:\(.*\))?:\s*$/;
/** Lines only TypeScript (or JavaScript) writes: quoted imports, exports, declarations with braces or `;`. */
const TYPESCRIPT_LINE =
  /^\s*import\s.*\sfrom\s+['"]|^\s*import\s+['"]|^\s*export\s|^\s*(?:const|let|var)\s+\w|^\s*(?:interface|type)\s+\w+.*[{=]|=>|;\s*$/;

/**
 * A case file may say its language in `tags` (`typescript`, `python`); a case without one is read:
 * whichever language more of its lines can only be written in. TypeScript wins a tie, being the pack's
 * first language.
 */
export function handlerLanguage(testCase: Case): HandlerLanguage {
  const tags = (testCase as { tags?: unknown }).tags;
  if (Array.isArray(tags)) {
    if (tags.includes('python')) return 'python';
    if (tags.includes('typescript')) return 'typescript';
  }
  return detectLanguage(testCase.input);
}

export function detectLanguage(input: string): HandlerLanguage {
  let python = 0;
  let typescript = 0;
  for (const line of input.split('\n')) {
    if (PYTHON_LINE.test(line)) python++;
    else if (TYPESCRIPT_LINE.test(line)) typescript++;
  }
  return python > typescript ? 'python' : 'typescript';
}

/** Whether a fence's info string (`ts`, `Python`, ...) names the language; any case goes. */
export function fencedIn(lang: string, language: HandlerLanguage): boolean {
  return FENCE_LANGUAGES[language].includes(lang.toLowerCase());
}
