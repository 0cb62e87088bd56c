import { OllamaUnavailableError } from './errors.ts';
import type { OllamaHost } from './host.ts';

/** What a role asks of its model beyond plain chat. */
export interface ModelNeeds {
  model: string;
  /** The pack gives the agent tools. */
  tools?: boolean;
  /** --think / --judge-think turns thinking on (or sets a level). */
  think?: boolean;
  /** The flag that asked for thinking, for the message. */
  thinkFlag?: string;
}

/**
 * Checks, from /api/show, that each model can do what the run asks of it, so that a tool pack on a
 * model without tools, or --think on a model that cannot think, stops before any case with one line
 * instead of failing every case with Ollama's 400. A server that lists no capabilities is trusted.
 */
export async function checkOllamaCapabilities(host: OllamaHost, needs: ModelNeeds[]): Promise<void> {
  for (const need of needs) {
    const { capabilities } = await host.facts(need.model);
    if (capabilities.length === 0) continue;
    const listed = capabilities.join(', ');
    if (need.tools && !capabilities.includes('tools')) {
      throw new OllamaUnavailableError(
        'missing-capability',
        `${need.model} cannot call tools (Ollama lists its capabilities as: ${listed}), and this pack's agent needs them`,
        'Pass a --model whose `ollama show` lists tools (qwen3.5:4b, llama3.1:8b, ...).',
        undefined,
      );
    }
    if (need.think && !capabilities.includes('thinking')) {
      const flag = need.thinkFlag ?? '--think';
      throw new OllamaUnavailableError(
        'missing-capability',
        `${flag} needs a thinking model, and ${need.model} has no thinking capability (Ollama lists: ${listed})`,
        `Drop ${flag}, or pick a model whose \`ollama show\` lists thinking (qwen3.5:4b, deepseek-r1:8b, ...).`,
        undefined,
      );
    }
  }
}
