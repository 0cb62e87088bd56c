import type {
  ChatMessage,
  ChatRequest,
  CompletionRequest,
  Matcher,
  OllamaStandIn,
  OpenAIMatcher,
  OpenAIReply,
  OpenAIStandIn,
  Reply,
  Rule,
  WireMessage,
} from '@evalpacks/testkit';

/** A message's text, whether it came as a string or as content parts. */
function text(content: WireMessage['content']): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part) => part.text ?? '').join('') : '';
}

/** The chat as the Ollama scripts read it: string contents, parsed tool-call arguments, tool names on results. */
export function asOllamaRequest(req: CompletionRequest): ChatRequest {
  const names = new Map<string, string>();
  const messages: ChatMessage[] = (req.messages ?? []).map((message) => {
    const out: ChatMessage = { role: message.role, content: text(message.content) };
    if (message.tool_calls?.length) {
      out.tool_calls = message.tool_calls.map((call) => {
        names.set(call.id, call.function.name);
        return { function: { name: call.function.name, arguments: JSON.parse(call.function.arguments) } };
      });
    }
    if (message.role === 'tool') out.tool_name = names.get(message.tool_call_id ?? '') ?? '';
    return out;
  });
  return {
    model: req.model,
    messages,
    ...(req.tools && { tools: req.tools }),
    ...(req.response_format?.json_schema?.schema && { format: req.response_format.json_schema.schema }),
  };
}

function asOpenAIMatcher(matcher: Matcher | undefined): OpenAIMatcher | undefined {
  if (matcher === undefined) return undefined;
  if (typeof matcher === 'function') return (req) => matcher(asOllamaRequest(req));
  const { hasFormat, lastRole, ...same } = matcher;
  return {
    ...same,
    ...(hasFormat !== undefined && { hasJsonSchema: hasFormat }),
    ...(lastRole !== undefined && { afterToolResult: lastRole === 'tool' }),
  };
}

const FAULTS: Record<NonNullable<Reply['fault']>, Pick<OpenAIReply, 'fault' | 'error'>> = {
  'http-500': { fault: 'server-error' },
  'http-502': { error: { status: 502, message: 'Bad Gateway', type: 'BadGateway' } },
  busy: { error: { status: 503, message: 'server busy, please try again', type: 'ServiceUnavailable' } },
  'model-not-found': { error: { status: 404, message: 'The model does not exist.', type: 'NotFoundError' } },
  reset: { fault: 'reset' },
  hang: { fault: 'hang' },
  malformed: { fault: 'malformed' },
};

function asOpenAIReply(reply: Reply): OpenAIReply {
  return {
    ...(reply.content !== undefined && { content: reply.content }),
    ...(reply.toolCalls && { toolCalls: reply.toolCalls }),
    ...(reply.latencyMs !== undefined && { latencyMs: reply.latencyMs }),
    ...(reply.promptTokens !== undefined && { promptTokens: reply.promptTokens }),
    ...(reply.outputTokens !== undefined && { completionTokens: reply.outputTokens }),
    ...(reply.fault && FAULTS[reply.fault]),
  };
}

/**
 * The packs' Ollama scripts (agents, judges, tool-calling plans) played by the OpenAI-compatible
 * stand-in: the same rules, matched on the same things and answering the same words and token counts,
 * so a pack's run on either backend can be held to one expected summary.
 */
export function openAIPlaysOllamaScripts(standIn: OpenAIStandIn): Pick<OllamaStandIn, 'script'> {
  return {
    script: (rule: Rule) =>
      standIn.script({
        ...(rule.times !== undefined && { times: rule.times }),
        ...(rule.match !== undefined && { match: asOpenAIMatcher(rule.match) }),
        reply:
          typeof rule.reply === 'function'
            ? (req, n) => asOpenAIReply((rule.reply as (r: ChatRequest, n: number) => Reply)(asOllamaRequest(req), n))
            : asOpenAIReply(rule.reply),
      }),
  };
}
