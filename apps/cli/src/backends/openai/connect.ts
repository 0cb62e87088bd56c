import { redactUrl } from '@evalpacks/core/report';
import { UsageError } from '../../usage-error.ts';
import type { Connection, ConnectRequest } from '../backend-entry.ts';

/** The server and its models are checked by one GET /v1/models (preflight): no tokens spent. */
export async function connectOpenAI({
  options,
  models,
  timeoutMs,
  calls,
  signals,
}: ConnectRequest<{ baseUrl?: string }>): Promise<Connection> {
  if (!options.baseUrl) {
    throw new UsageError('--backend openai needs --base-url URL, the server API root (e.g. http://127.0.0.1:8000/v1)');
  }
  if (models.includes('')) {
    throw new UsageError(
      'the openai backend has no default model: pass --model (and --judge-model for a judge there) with an id the server serves',
    );
  }
  const openai = await import('@evalpacks/models/openai');
  const connection = { baseURL: options.baseUrl.replace(/\/+$/, ''), timeoutMs, ...(signals && { signals }) };
  return {
    where: ` @ ${redactUrl(connection.baseURL)}`,
    agent: (model) => openai.createOpenAIAgent({ ...connection, model, calls }),
    judge: (model, role) => openai.createOpenAIJudge({ ...connection, model, calls, role }),
    preflight: () => openai.preflightOpenAI(connection, models),
  };
}
