/**
 * Default Bedrock models, importable alone (`@evalpacks/models/defaults`) without loading any client.
 * The defaults: Claude Sonnet 4.5 as the agent, the cheaper Claude Haiku 4.5 as the judge, both as US
 * cross-region inference profiles (the Claude 4.5 models are not served on-demand by their bare ids),
 * so the default region is a US one.
 */
export const DEFAULT_BEDROCK_AGENT_MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
export const DEFAULT_BEDROCK_JUDGE_MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
export const DEFAULT_BEDROCK_REGION = 'us-east-1';
