/** Input a person gave us is wrong (a case file, a prompt, a variant name): say what and where, no stack. */
export class InputError extends Error {
  override name = 'InputError';
}
