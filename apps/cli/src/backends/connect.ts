import type { AgentPort, JudgePort } from '@evalpacks/core';
import type { EvalOptions } from '../commands/eval-options.ts';
import { type Backend, type BackendPlan, modelsOn, type RoleChoice } from './plan.ts';

export interface ConnectedBackends {
  agent: AgentPort;
  judge?: JudgePort;
  /** The run header's `agent` and `judge` lines and any note, each ending in a newline. */
  header: string;
}

type Checks = typeof import('@evalpacks/models/preflight');
type Models = typeof import('@evalpacks/models');

interface Connection {
  /** How the header says where the backend is, e.g. ` @ http://127.0.0.1:11434` or ` · us-east-1`. */
  where: string;
  agent: (model: string) => AgentPort;
  judge: (model: string) => JudgePort;
}

/** Checks the Ollama server and its models; returns how to build ports once the full backend is loaded. */
async function checkOllama(checks: Checks, plan: BackendPlan, options: EvalOptions, timeoutMs: number) {
  const host = checks.resolveOllamaHost(options.ollamaHost);
  await checks.preflightOllama(host, modelsOn(plan, 'ollama'));
  return (models: Models): Connection => ({
    where: ` @ ${host}`,
    agent: (model) => models.createOllamaAgent({ host, model, timeoutMs }),
    judge: (model) => models.createOllamaJudge({ host, model, timeoutMs }),
  });
}

/** Checks credentials, region and model access on Bedrock; returns how to build ports afterwards. */
async function checkBedrock(checks: Checks, plan: BackendPlan, options: EvalOptions, timeoutMs: number) {
  // The SDK's Node 22 notice is for its maintainers' schedule; it would break the one-line error contract.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const region = await checks.resolveBedrockRegion(options.region, options.profile);
  const connection = {
    region,
    timeoutMs,
    ...(options.profile && { profile: options.profile }),
    ...(options.bedrockEndpoint && { endpoint: options.bedrockEndpoint }),
  };
  await checks.preflightBedrock(connection, modelsOn(plan, 'bedrock'));
  const profile = options.profile ? ` · profile ${options.profile}` : '';
  return (models: Models): Connection => ({
    where: ` · ${region}${profile}${options.bedrockEndpoint ? ` @ ${options.bedrockEndpoint}` : ''}`,
    agent: (model) => models.createBedrockAgent({ ...connection, model }),
    judge: (model) => models.createBedrockJudge({ ...connection, model }),
  });
}

/**
 * Checks each backend the plan uses once, before any case starts (server and models for Ollama;
 * credentials, region and model access for Bedrock), then builds the agent and judge ports. The
 * checks load without the agent runtime, so a run that cannot start fails fast.
 */
export async function connectBackends(plan: BackendPlan, options: EvalOptions): Promise<ConnectedBackends> {
  const timeoutMs = options.timeout * 1000;
  const checks = await import('@evalpacks/models/preflight');
  const ollama = modelsOn(plan, 'ollama').length > 0 ? await checkOllama(checks, plan, options, timeoutMs) : undefined;
  const bedrock =
    modelsOn(plan, 'bedrock').length > 0 ? await checkBedrock(checks, plan, options, timeoutMs) : undefined;
  const models = await import('@evalpacks/models');
  const connections: Partial<Record<Backend, Connection>> = {
    ...(ollama && { ollama: ollama(models) }),
    ...(bedrock && { bedrock: bedrock(models) }),
  };
  const connection = (role: RoleChoice): Connection => {
    const found = connections[role.backend];
    if (!found) throw new Error(`backend ${role.backend} was not connected`);
    return found;
  };

  // Where a backend lives is said once, on the first line that uses it.
  const said = new Set<Backend>();
  const line = (label: string, role: RoleChoice) => {
    const where = said.has(role.backend) ? '' : connection(role).where;
    said.add(role.backend);
    return `${label}  ${role.backend} ${role.model}${where}\n`;
  };
  const { agent, judge } = plan;
  let header = line('agent', agent) + (judge ? line('judge', judge) : 'judge  none (--structural-only)\n');
  if (judge?.backend === agent.backend && judge.model === agent.model) {
    header += 'note   the judge is the agent model; a different --judge-model avoids self-preference\n';
  }
  return {
    agent: connection(agent).agent(agent.model),
    ...(judge && { judge: connection(judge).judge(judge.model) }),
    header,
  };
}
