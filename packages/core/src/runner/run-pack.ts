import pLimit from 'p-limit';
import { trajectoryChecks } from '../checks/case-checks.ts';
import { runChecks } from '../checks/define-check.ts';
import { InfrastructureError } from '../errors/infrastructure-error.ts';
import { caseOutcome } from '../grade/case-outcome.ts';
import { type CaseRecord, type CompactRun, caseRecord, recordSharing, type Share } from '../grade/case-record.ts';
import { ungradedConversation } from '../grade/failures.ts';
import { judgeDecision } from '../grade/judge-skip.ts';
import { judgeItems, judgeRequests, skippedVerdicts } from '../judge/judge-case.ts';
import type { Gate, JudgeItemRequest } from '../judge/judge-item.ts';
import { type JudgeTuning, loadPackJudgeTuning } from '../judge/judge-prompt.ts';
import type { JudgeStyle } from '../judge/verdict.ts';
import type { Pack } from '../pack/define-pack.ts';
import type { Variant } from '../pack/prompt.ts';
import type { AgentPort, JudgePort, UserSimulatorPort } from '../ports/backend-ports.ts';
import type { Case } from '../schema/case.ts';
import type { CaseResult } from '../schema/result.ts';
import type { Transcript } from '../schema/transcript.ts';
import { type Environment, snapshotOf } from '../tools/environment.ts';
import type { AdaptiveConcurrency } from './adaptive-concurrency.ts';
import { type AgentPhase, CASE_WINDOW, runInWindows } from './case-window.ts';
import { errorMessage, failedAgentTranscript } from './failed-transcript.ts';
import { type ConversationRequest, MissingUserSimulatorError, runConversation } from './run-conversation.ts';

export interface RunOptions {
  pack: Pack;
  variant: Variant;
  cases: Case[];
  agent: AgentPort;
  /**
   * The simulated user of conversation cases (`user.simulated`); a run with such a case and none is a usage
   * error. Scripted conversations need none.
   */
  userSimulator?: UserSimulatorPort;
  /** Omit for a structural-only run: no judge call is made. */
  judge?: JudgePort;
  /**
   * Model calls in flight at once, shared by every call across all cases: each agent turn, each simulated-user
   * turn and each judge call takes a slot while it is in flight (a conversation holds none between its turns).
   */
  concurrency: number;
  /** When given, the pool follows its limit (lowered on throttling, raised as calls succeed) up to `concurrency`. */
  adaptive?: AdaptiveConcurrency;
  /** Run the pack's structural checks (default true). */
  structural?: boolean;
  /** Judge even when structural checks failed (default false: the case fails anyway, save the cost). */
  judgeAlways?: boolean;
  maxTurns?: number;
  /** How the judge is asked (default 'structured'; 'yes-no' suits small local models). */
  judgeStyle?: JudgeStyle;
  /** The judge's tuning: default the pack's judge.md (if any); null for core's judge prompt as it is. */
  judgeTuning?: JudgeTuning | null;
  /** Independent repeats of every case (default 1); each epoch is a fresh sample. */
  epochs?: number;
  onCaseResult?: (result: CaseResult) => void;
  /**
   * Results saved by an earlier, interrupted attempt: their case and epoch are not run again. Read once,
   * at the start, each made a record as it comes, so an iterable that reads them from a store one at a
   * time never holds them all.
   */
  completed?: Iterable<CaseResult>;
  /**
   * Asked as each case is about to start (when its agent call gets a slot in the pool); false leaves
   * the case out and lists it in the run's `notStarted`. Cases already running finish. Budgets use it.
   */
  shouldStart?: () => boolean;
  /** Characters of an answer kept (default MAX_ANSWER_CHARS); a longer one is cut and the case says so. */
  maxAnswerChars?: number;
  /**
   * Judge only once every agent call has left (default false: a case is judged as soon as its answer
   * exists): once every agent run has ended, or, for runs without tools whose backend reports its call
   * leaving (AgentRequest.onCallSent), once the last of those calls has left. With a different agent and
   * judge model on one small GPU, the server then loads each once instead of switching at every case.
   */
  phased?: boolean;
  /** Case runs in progress at once (default CASE_WINDOW); phased, the cases are judged a window at a time. */
  window?: number;
}

/**
 * The default cap on an answer's length: far above any answer a person or a judge reads, far below what
 * a runaway model can send (a 20 MB answer made a 126 MB store and a 63 MB results.json).
 */
export const MAX_ANSWER_CHARS = 200_000;

/** The transcript with its answer cut to `max` characters, the original length kept on it. */
function capAnswer(transcript: Transcript, max: number): Transcript {
  if (transcript.answer.length <= max) return transcript;
  return { ...transcript, answer: transcript.answer.slice(0, max), answerCut: transcript.answer.length };
}

async function runCase(
  options: RunOptions,
  testCase: Case,
  epoch: number,
  gate: Gate,
  tuning: JudgeTuning | undefined | null,
  phase: AgentPhase,
): Promise<CaseResult | undefined> {
  const { pack, agent, judge } = options;
  let transcript: Transcript | undefined;
  let environment: Environment | undefined;
  try {
    let first: ConversationRequest['first'] | undefined;
    const started = await gate(async () => {
      if (options.shouldStart?.() === false) return undefined;
      // Made here, per case run and once it has a slot, so no two cases or epochs share tool state and
      // a 30,000-result run does not hold 30,000 sets of tools while it waits.
      environment = pack.environment?.();
      const tools = environment ? environment.tools : pack.tools?.();
      first = {
        caseId: testCase.id,
        epoch,
        systemPrompt: options.variant.text,
        input: testCase.input,
        maxTurns: options.maxTurns ?? 6,
        ...(tools && tools.length > 0 && { tools }),
      };
      // A conversation's opening turn is one call like any case's; its later turns queue for slots of their own.
      if (testCase.user) return agent.run({ ...first });
      return agent.run({ ...first, ...(!first.tools && { onCallSent: phase.agentOver }) });
    });
    if (started !== undefined && testCase.user && first) {
      // One environment for the whole conversation: its tools' state carries over from turn to turn.
      const { userSimulator } = options;
      const maxReplyChars = options.maxAnswerChars ?? MAX_ANSWER_CHARS;
      transcript = await runConversation({
        agent,
        first,
        opening: started,
        gate,
        user: testCase.user,
        maxReplyChars,
        ...(userSimulator && { userSimulator }),
      });
    }
    if (started === undefined) {
      phase.agentOver();
      return undefined;
    }
    transcript = capAnswer(transcript ?? started, options.maxAnswerChars ?? MAX_ANSWER_CHARS);
  } catch (error) {
    if (error instanceof InfrastructureError || error instanceof MissingUserSimulatorError) throw error;
    transcript = failedAgentTranscript(testCase.input, agent.model, errorMessage(error));
  }
  // The world as the agent left it, for end-state checks. An end state the transcript already carries (a
  // sample's, computed from its calls; a stored one; one a pack's own agent returned) is kept; a pack's own
  // agent that returns none has none: its world is its own, not this environment.
  if (environment && transcript.endState === undefined && !pack.agent) {
    const endState = snapshotOf(environment, pack.name);
    if (endState !== undefined) transcript = { ...transcript, endState };
  }
  // The checks and the judge's questions need no model: worked out before the phased barrier, while other
  // cases' agents still run, so when it opens the judge calls leave at once instead of after every case's
  // checks (200 cases' worth was ~40 ms of a run's critical path).
  let checks: CaseResult['checks'] = [];
  let questions: JudgeItemRequest[] = [];
  let decision: ReturnType<typeof judgeDecision>;
  try {
    if (options.structural !== false && !transcript.error && ungradedConversation(transcript) === undefined) {
      checks = runChecks([...pack.checks, ...trajectoryChecks(pack, testCase)], transcript, testCase);
    }
    decision = judgeDecision(transcript, checks, options.judgeAlways);
    if (judge && decision.judge === 'all') {
      questions = judgeRequests(pack, testCase, transcript, options.judgeStyle, tuning);
    }
  } finally {
    // Every case arrives at the barrier, whatever happened, or the phased run would wait for it forever.
    phase.agentOver();
    await phase.judgingMayStart();
  }
  let verdicts: CaseResult['verdicts'] = [];
  if (judge && decision.judge === 'skip') verdicts = skippedVerdicts(pack, testCase, transcript, decision.reason);
  if (judge && decision.judge === 'all') verdicts = await judgeItems(judge, questions, gate, epoch);
  const judgeUsage = { input: 0, output: 0 };
  for (const verdict of verdicts) {
    judgeUsage.input += verdict.usage.input;
    judgeUsage.output += verdict.usage.output;
  }
  return {
    case: testCase,
    epoch,
    transcript,
    checks,
    verdicts,
    judgeUsage,
    ...caseOutcome({ case: testCase, transcript, checks, verdicts }),
  };
}

/**
 * Runs every case of a pack: agent, then structural checks, then the judge. All model calls share one
 * pool, so a slow case never holds back the others and a case's judge calls start as soon as its answer
 * exists. Results stream out through onCaseResult in completion order and are not kept: the returned run
 * holds a compact record of each (enough to grade and summarise it), in case order, epochs of a case next
 * to each other. Whoever needs the transcripts saves them as they stream (the CLI's store) or collects them.
 */
export function runPack(options: RunOptions): Promise<CompactRun> {
  // Not async, so that nothing holds the earlier results (a resumed run's) once their records exist.
  try {
    const share = recordSharing();
    const done = new Map<string, CaseRecord>();
    for (const result of options.completed ?? []) {
      done.set(`${result.case.id}#${result.epoch}`, caseRecord(result, share));
    }
    return runRemaining({ ...options, completed: undefined }, done, share);
  } catch (error) {
    return Promise.reject(error);
  }
}

async function runRemaining(options: RunOptions, done: Map<string, CaseRecord>, share: Share): Promise<CompactRun> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new Error(`concurrency must be a positive integer, got ${options.concurrency}`);
  }
  const startedAt = new Date().toISOString();
  const limit = pLimit(Math.min(options.concurrency, options.adaptive?.limit ?? options.concurrency));
  options.adaptive?.onChange((next) => {
    limit.concurrency = Math.min(options.concurrency, next);
  });
  const gate: Gate = (call) => limit(call);
  // A case with a simulated user and no simulator fails when its conversation needs the user's turn
  // (MissingUserSimulatorError), not here: a re-judge, a pack's samples and an agent that answers with a
  // whole conversation ask no user anything.
  const epochs = options.epochs ?? 1;
  if (!Number.isInteger(epochs) || epochs < 1) throw new Error(`epochs must be a positive integer, got ${epochs}`);
  const tuning =
    options.judgeTuning !== undefined || !options.judge ? options.judgeTuning : await loadPackJudgeTuning(options.pack);
  const work = options.cases.flatMap((testCase) => Array.from({ length: epochs }, (_, epoch) => ({ testCase, epoch })));
  const key = ({ testCase, epoch }: { testCase: Case; epoch: number }) => `${testCase.id}#${epoch}`;
  const pending = work.filter((item) => !done.has(key(item)));
  const fresh = await runInWindows(
    pending,
    { size: options.window ?? CASE_WINDOW, phased: options.phased === true && options.judge !== undefined },
    async ({ testCase, epoch }, phase) => {
      try {
        const result = await runCase(options, testCase, epoch, gate, tuning, phase);
        if (!result) return undefined;
        options.onCaseResult?.(result);
        return caseRecord(result, share);
      } catch (error) {
        limit.clearQueue(); // nothing queued can succeed after an infrastructure failure
        throw error;
      }
    },
  );
  const ran = new Map(pending.map((item, i) => [key(item), fresh[i]]));
  const results = work.map((item) => done.get(key(item)) ?? ran.get(key(item)));
  return {
    pack: options.pack.name,
    variant: options.variant.name,
    agent: { backend: options.agent.backend, model: options.agent.model },
    ...(options.judge ? { judge: { backend: options.judge.backend, model: options.judge.model } } : {}),
    ...(options.userSimulator && {
      user: { backend: options.userSimulator.backend, model: options.userSimulator.model },
    }),
    startedAt,
    finishedAt: new Date().toISOString(),
    cases: results.filter((result) => result !== undefined),
    ...(results.includes(undefined) && {
      notStarted: work
        .filter((_, i) => results[i] === undefined)
        .map(({ testCase, epoch }) => ({ caseId: testCase.id, epoch })),
    }),
  };
}
