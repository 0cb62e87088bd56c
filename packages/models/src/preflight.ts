/**
 * The start-up checks alone (`@evalpacks/models/preflight`): they load the model clients but not
 * the agent runtime (Strands, over a second to import), so a run that cannot start says so fast.
 */
export { resolveBedrockRegion } from './bedrock/client-config.ts';
export { preflightBedrock } from './bedrock/preflight.ts';
export { resolveOllamaHost } from './ollama/client.ts';
export { preflightOllama } from './ollama/preflight.ts';
