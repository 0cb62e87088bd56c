/** What every judge call sends unless a caller asks otherwise: repeatable, with room for the reasoning. */
export const JUDGE_SAMPLING = { temperature: 0, maxTokens: 2048 } as const;

/** One judge question to a backend whose client the caller holds (Bedrock's, OpenAI's). */
export interface StructuredCallOptions<Client> {
  client: Client;
  model: string;
  system: string;
  prompt: string;
  /** The answer's JSON schema, which each backend puts to the model its own way (see its call). */
  jsonSchema: Record<string, unknown>;
  /** 0 unless a caller deliberately wants a less repeatable judge. */
  temperature?: number;
  maxTokens?: number;
}

/** A backend's answer to one judge question. */
export interface StructuredCallResult {
  /** The answer unparsed: core validates it, so a garbled answer gets core's repair, then a judge error. */
  text: string;
  usage: { input: number; output: number };
  latencyMs: number;
  model: string;
  retries: number;
}
