import type { Message as StrandsMessage, SystemPrompt, ToolSpec } from '@strands-agents/sdk';
import type { Message as OllamaMessage, Tool as OllamaTool } from 'ollama';
import { toolResultText } from '../strands/tool-result.ts';

/** Strands' conversation as Ollama chat messages, system prompt first. */
export function toOllamaMessages(messages: StrandsMessage[], systemPrompt?: SystemPrompt): OllamaMessage[] {
  const out: OllamaMessage[] = [];
  const system = systemText(systemPrompt);
  if (system) out.push({ role: 'system', content: system });

  // Ollama names a tool result by tool name, Strands by toolUseId: remember which is which.
  const toolNames = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      out.push(assistantMessage(message, toolNames));
      continue;
    }
    // Tool results must directly follow the assistant turn that asked for them, so they go
    // before any text the same user message carries.
    const texts: string[] = [];
    for (const block of message.content) {
      if (block.type === 'toolResultBlock') {
        out.push({ role: 'tool', content: toolResultText(block), tool_name: toolNames.get(block.toolUseId) ?? '' });
      } else if (block.type === 'textBlock') {
        texts.push(block.text);
      }
    }
    if (texts.length > 0) out.push({ role: 'user', content: texts.join('\n') });
  }
  return out;
}

function assistantMessage(message: StrandsMessage, toolNames: Map<string, string>): OllamaMessage {
  const texts: string[] = [];
  const toolCalls: NonNullable<OllamaMessage['tool_calls']> = [];
  for (const block of message.content) {
    if (block.type === 'textBlock') texts.push(block.text);
    if (block.type === 'toolUseBlock') {
      toolNames.set(block.toolUseId, block.name);
      toolCalls.push({ function: { name: block.name, arguments: asArguments(block.input) } });
    }
  }
  const out: OllamaMessage = { role: 'assistant', content: texts.join('\n') };
  if (toolCalls.length > 0) out.tool_calls = toolCalls;
  return out;
}

function systemText(prompt: SystemPrompt | undefined): string {
  if (prompt === undefined) return '';
  if (typeof prompt === 'string') return prompt;
  return prompt.flatMap((block) => (block.type === 'textBlock' ? [block.text] : [])).join('\n');
}

function asArguments(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : { value: input };
}

export function toOllamaTools(specs: ToolSpec[] | undefined): OllamaTool[] | undefined {
  if (!specs || specs.length === 0) return undefined;
  return specs.map((spec) => ({
    type: 'function',
    function: {
      name: spec.name,
      description: spec.description,
      // ollama-js types `parameters` narrowly; any JSON schema object is what the server takes.
      parameters: (spec.inputSchema ?? { type: 'object', properties: {} }) as OllamaTool['function']['parameters'],
    },
  }));
}
