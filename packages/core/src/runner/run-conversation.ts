import { findCacheMiss } from '../cache/model-calls.ts';
import { InfrastructureError } from '../errors/infrastructure-error.ts';
import { InputError } from '../errors/input-error.ts';
import type { Gate } from '../judge/judge-item.ts';
import type { AgentPort, AgentRequest, UserSimulatorPort, UserTurn } from '../ports/backend-ports.ts';
import { redactUrls } from '../redact/redact-url.ts';
import type { ConversationEnd, ConversationTurn, TokenUsage, Transcript } from '../schema/transcript.ts';
import type { UserBlock } from '../schema/user-block.ts';
import { errorMessage, failedAgentTranscript } from './failed-transcript.ts';

/** A case with a simulated user run without a user simulator: a usage error (exit 2), never a one-turn run. */
export class MissingUserSimulatorError extends InputError {
  override name = 'MissingUserSimulatorError';
  constructor(caseId: string) {
    super(
      `case "${caseId}" has a simulated user but the run has no user simulator: give the run a userSimulator ` +
        '(the CLI makes one from the user model)',
    );
  }
}

export interface ConversationRequest {
  agent: AgentPort;
  /** The first turn's request: `input` is the case's input, the user's first message. */
  first: Omit<AgentRequest, 'conversation' | 'onCallSent'>;
  /** The agent's answer to `first`, made by the caller in its own slot of the pool (where it asks shouldStart). */
  opening: Transcript;
  /**
   * The run's pool: every later model call (each agent turn, each simulated-user turn) takes a slot of its
   * own and gives it back, so `--concurrency 1` never has two calls in flight and a long conversation does not
   * hold a slot while another role talks. A script's lines are no model call and take none.
   */
  gate: Gate;
  user: UserBlock;
  userSimulator?: UserSimulatorPort;
  /** Characters kept of each agent reply (the run's answer cap), so a runaway turn cannot bloat the store. */
  maxReplyChars: number;
}

const add = (a: TokenUsage, b: TokenUsage): TokenUsage => ({ input: a.input + b.input, output: a.output + b.output });

/**
 * The agent's turns put together as one transcript, as CONV-SPEC.md says: every turn in order, the last
 * reply as the answer, every tool call across turns (so trajectory checks see the whole conversation), the
 * agent's tokens, model turns, latency and retries summed, and the user simulator's tokens apart.
 */
class ConversationTranscript {
  readonly conversation: ConversationTurn[];
  private readonly parts: Transcript[] = [];
  private userUsage: TokenUsage | undefined;

  constructor(
    private readonly input: string,
    private readonly maxReplyChars: number,
    /** A script costs nothing: only a simulated user's tokens are counted (userUsage). */
    private readonly simulated: boolean,
  ) {
    this.conversation = [{ role: 'user', text: input }];
  }

  agentReplied(turn: Transcript): void {
    this.parts.push(turn);
    const text = turn.answer.slice(0, this.maxReplyChars);
    this.conversation.push({ role: 'agent', text, ...(turn.toolCalls.length > 0 && { toolCalls: turn.toolCalls }) });
  }

  userSpoke(turn: Pick<UserTurn, 'usage'>, text?: string): void {
    if (this.simulated) this.userUsage = add(this.userUsage ?? { input: 0, output: 0 }, turn.usage);
    if (text !== undefined) this.conversation.push({ role: 'user', text });
  }

  replies(): number {
    return this.parts.length;
  }

  finish(end: ConversationEnd, extra: Partial<Transcript> = {}): Transcript {
    const last = this.parts.at(-1);
    const thinking = this.parts.flatMap((part) => (part.thinking ? [part.thinking] : []));
    const retries = this.parts.reduce((sum, part) => sum + (part.retries ?? 0), 0);
    return {
      input: this.input,
      answer: last?.answer ?? '',
      toolCalls: this.parts.flatMap((part) => part.toolCalls),
      turns: this.parts.reduce((sum, part) => sum + part.turns, 0),
      usage: this.parts.reduce((sum, part) => add(sum, part.usage), { input: 0, output: 0 }),
      latencyMs: this.parts.reduce((sum, part) => sum + part.latencyMs, 0),
      model: last?.model ?? '',
      ...(retries > 0 && { retries }),
      ...(last?.stopReason && { stopReason: last.stopReason }),
      ...(last?.turnLimitReached && { turnLimitReached: true }),
      ...(last?.promptTruncatedTo !== undefined && { promptTruncatedTo: last.promptTruncatedTo }),
      ...(last?.sample && { sample: true }),
      ...(thinking.length > 0 && { thinking: thinking.join('\n\n') }),
      ...(last?.error !== undefined && { error: last.error }),
      ...(last?.endState !== undefined && { endState: last.endState }),
      conversation: this.conversation.map((turn) => ({ ...turn })),
      conversationEnd: end,
      ...(this.userUsage && { userUsage: this.userUsage }),
      ...extra,
    };
  }
}

/** An agent turn that ended the conversation: it failed, or stopped at its own loop's turn limit. */
const agentFailed = (turn: Transcript) => turn.error !== undefined || turn.turnLimitReached === true;

/** The user's next message: the script's next line, or the simulator's answer; undefined once a script ran out. */
async function nextUserTurn(
  request: ConversationRequest,
  conversation: ConversationTurn[],
  scripted: number,
): Promise<UserTurn | undefined> {
  const { user, first } = request;
  if (user.script) {
    const text = user.script[scripted];
    return text === undefined ? undefined : { text, stop: false, usage: { input: 0, output: 0 }, latencyMs: 0 };
  }
  // Checked before the first agent call too (startConversation); kept here so the type narrows honestly.
  if (!request.userSimulator || !user.simulated) throw new MissingUserSimulatorError(first.caseId);
  const { userSimulator } = request;
  const simulated = user.simulated;
  const so = conversation.map((turn) => ({ ...turn }));
  return request.gate(() =>
    userSimulator.next({ caseId: first.caseId, epoch: first.epoch, user: simulated, conversation: so }),
  );
}

/** An agent turn after the first, with the turns so far; a failure becomes that turn's error, the conversation kept. */
async function agentTurn(request: ConversationRequest, input: string, so: ConversationTurn[]): Promise<Transcript> {
  try {
    const conversation = so.map((turn) => ({ ...turn }));
    return await request.gate(() => request.agent.run({ ...request.first, input, conversation }));
  } catch (error) {
    if (error instanceof InfrastructureError) throw error;
    const miss = findCacheMiss(error);
    const message = miss ? `${miss.message} (a later turn of the conversation)` : errorMessage(error);
    return failedAgentTranscript(input, request.agent.model, message);
  }
}

/**
 * Runs a conversation case on from the agent's answer to the case's input (`opening`): the user (the script's next line, or
 * the simulated user) and the agent take turns until the script runs out ('script-end'), the user says
 * ###STOP### ('user-stop'), the agent has given `maxTurns` replies and the user still goes on
 * ('turn-limit'), the user breaks the protocol ('user-error') or the agent fails ('agent-error'). The
 * tools in `first` are the case run's own, so the environment carries over from turn to turn.
 *
 * A first reply that already holds a whole conversation (a stored transcript being re-judged, a sample
 * written for the case) is that conversation: nothing more is asked of anyone.
 */
export async function runConversation(request: ConversationRequest): Promise<Transcript> {
  const { first, user, opening } = request;
  if (opening.conversation !== undefined) return opening;
  const run = new ConversationTranscript(first.input, request.maxReplyChars, user.simulated !== undefined);
  run.agentReplied(opening);
  if (agentFailed(opening)) return run.finish('agent-error');
  for (let scripted = 0; ; ) {
    let said: UserTurn | undefined;
    try {
      said = await nextUserTurn(request, run.conversation, scripted);
    } catch (error) {
      if (error instanceof InfrastructureError || error instanceof MissingUserSimulatorError) throw error;
      return run.finish('user-error', { userError: redactUrls(errorMessage(error)) });
    }
    if (said === undefined) return run.finish('script-end');
    scripted += 1;
    if (said.error !== undefined) {
      run.userSpoke(said);
      return run.finish('user-error', { userError: said.error });
    }
    if (said.stop) {
      run.userSpoke(said);
      return run.finish('user-stop');
    }
    // The user's unanswered message stays in the conversation: it shows the user was not done.
    run.userSpoke(said, said.text);
    if (run.replies() >= user.maxTurns) return run.finish('turn-limit');
    const reply = await agentTurn(request, said.text, run.conversation.slice(0, -1));
    run.agentReplied(reply);
    if (agentFailed(reply)) return run.finish('agent-error');
  }
}
