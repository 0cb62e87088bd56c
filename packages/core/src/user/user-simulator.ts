import { findCacheMiss } from '../cache/model-calls.ts';
import { InfrastructureError } from '../errors/infrastructure-error.ts';
import type { JudgePort, UserSimulatorPort, UserTurn, UserTurnRequest } from '../ports/backend-ports.ts';
import { redactUrls } from '../redact/redact-url.ts';
import { readUserReply } from './read-user-reply.ts';
import { USER_PROMPT_VERSION, USER_REPLY_SCHEMA, userTurnPrompt } from './user-prompt.ts';

export interface UserSimulatorOptions {
  /** Runs each model call through the run's shared pool of call slots; default: straight away. */
  gate?: <T>(call: () => Promise<T>) => Promise<T>;
}

/**
 * The simulated user over any backend's structured call (the judge's kind of call, with its own model):
 * one schema-constrained call per turn, `{"message": string}`, which every backend and stand-in answers
 * alike (a JSON mode, a forced tool). The call carries the user prompt's version and the case's epoch, so
 * a backend's call cache keys each turn on them and on the conversation so far (in the prompt).
 *
 * A reply that breaks the protocol, or a call that fails, is a turn with `error` (the case becomes a user
 * error). What no other case could get past either is thrown: an infrastructure error, and the cache miss
 * of an offline run, which the runner treats as it does an agent's.
 */
export function createUserSimulator(port: JudgePort, options: UserSimulatorOptions = {}): UserSimulatorPort {
  const gate = options.gate ?? ((call) => call());
  return {
    backend: port.backend,
    model: port.model,
    promptVersion: USER_PROMPT_VERSION,
    async next(request: UserTurnRequest): Promise<UserTurn> {
      request.signal?.throwIfAborted();
      const { system, prompt } = userTurnPrompt(request.user, request.conversation);
      const call = {
        system,
        prompt,
        jsonSchema: USER_REPLY_SCHEMA,
        epoch: request.epoch,
        promptVersion: USER_PROMPT_VERSION,
      };
      let response: Awaited<ReturnType<JudgePort['call']>>;
      try {
        response = await gate(() => port.call(call));
      } catch (error) {
        if (error instanceof InfrastructureError || findCacheMiss(error)) throw error;
        const message = `user model call failed: ${redactUrls((error as Error).message)}`;
        return { text: '', stop: false, usage: { input: 0, output: 0 }, latencyMs: 0, error: message };
      }
      const spent = { usage: response.usage, latencyMs: response.latencyMs };
      if (response.stopReason === 'length') {
        const error = `the simulated user's answer was cut off at its output limit: ${JSON.stringify(response.text.slice(0, 500))}`;
        return { text: response.text, stop: false, ...spent, error };
      }
      const reply = readUserReply(response.text);
      if (reply.kind === 'stop') return { text: reply.text, stop: true, ...spent };
      if (reply.kind === 'error') return { text: response.text, stop: false, ...spent, error: reply.error };
      return { text: reply.text, stop: false, ...spent };
    },
  };
}
