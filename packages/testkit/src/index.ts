export { NO_MATCH } from './ollama/chat.ts';
export { startOllamaStandIn } from './ollama/server.ts';
export type {
  CallRecord,
  ChatMessage,
  ChatRequest,
  ChatToolCall,
  Fault,
  Matcher,
  MatchSpec,
  MessageRole,
  OllamaStandIn,
  Reply,
  ReplyFn,
  ReplyToolCall,
  Rule,
  StandInOptions,
} from './ollama/types.ts';
