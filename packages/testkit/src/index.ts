export { NO_MATCH as BEDROCK_NO_MATCH } from './bedrock/converse.ts';
export { SERVICE_ERRORS as BEDROCK_SERVICE_ERRORS } from './bedrock/faults.ts';
export { startBedrockStandIn } from './bedrock/server.ts';
export { bedrockSimulatedUser } from './bedrock/simulated-user.ts';
export type {
  AuthOutcome,
  BedrockStandIn,
  BedrockStandInOptions,
  CallRecord as BedrockCallRecord,
  ConverseRequest,
  Fault as BedrockFault,
  Matcher as BedrockMatcher,
  MatchSpec as BedrockMatchSpec,
  Reply as BedrockReply,
  Rule as BedrockRule,
} from './bedrock/types.ts';
export {
  readConversation,
  SimulatedUserScript,
  USER_NO_MATCH,
  USER_PROMPT_MARK,
  type UserAnswer,
  type UserMatchSpec,
  type UserRule,
  type UserTurnSeen,
} from './common/simulated-user.ts';
export { NO_MATCH } from './ollama/chat.ts';
export { PROMPT_TOO_LONG, type SeenPrompt } from './ollama/context.ts';
export { BUSY } from './ollama/faults.ts';
export { startOllamaStandIn } from './ollama/server.ts';
export { ollamaSimulatedUser } from './ollama/simulated-user.ts';
export type {
  CallRecord,
  Capability,
  ChatMessage,
  ChatRequest,
  ChatToolCall,
  Fault,
  LoadRecord,
  Matcher,
  MatchSpec,
  MessageRole,
  ModelSpec,
  OllamaStandIn,
  Reply,
  ReplyFn,
  ReplyToolCall,
  Rule,
  StandInOptions,
} from './ollama/types.ts';
export { NO_MATCH as OPENAI_NO_MATCH } from './openai/chat.ts';
export { SERVICE_ERRORS as OPENAI_SERVICE_ERRORS } from './openai/faults.ts';
export { startOpenAIStandIn } from './openai/server.ts';
export { openAISimulatedUser } from './openai/simulated-user.ts';
export type {
  CallRecord as OpenAICallRecord,
  CompletionRequest,
  Fault as OpenAIFault,
  JsonSchemaSupport,
  Matcher as OpenAIMatcher,
  MatchSpec as OpenAIMatchSpec,
  OpenAIStandIn,
  OpenAIStandInOptions,
  Quota,
  Reply as OpenAIReply,
  Rule as OpenAIRule,
  WireMessage,
} from './openai/types.ts';
