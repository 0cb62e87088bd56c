import type { Pack } from '@evalpacks/core';
import { type AgentPort, createPackAgent } from '@evalpacks/core/runner';

/**
 * The pack's own agent when it brings one, else undefined and the command runs a backend's agent. The
 * command's --timeout (seconds) bounds an HTTP agent's request when the pack sets no limit itself.
 */
export function packOwnAgent(pack: Pack, timeoutSeconds: number): AgentPort | undefined {
  return pack.agent ? createPackAgent(pack.agent, { timeoutMs: timeoutSeconds * 1000 }) : undefined;
}
