import { join } from 'node:path';
import type { ModelRef } from '@evalpacks/core';
import { describeShard } from '@evalpacks/core/runner';
import { describeModel } from '@evalpacks/core/stats';
import { roleLines } from '../backends/header.ts';
import { shortPath } from '../output/file-reports.ts';
import { repeatsLabel } from '../output/finish-run.ts';
import type { HeaderFacts } from '../output/run-header.ts';
import type { Session } from '../persistence/session.ts';
import type { PreparedRun } from './execute.ts';

/** The agent and judge lines of a re-judge: the stored answers, then the judge that grades them again. */
function rejudgeRoles(prepared: PreparedRun, sourceId: number, style: string): string {
  const { plan, judge, backends } = prepared;
  const agent = plan.agent.kind === 'stored' ? plan.agent.run.agent : undefined;
  const where = plan.judge ? (backends.where[plan.judge.backend] ?? '') : '';
  return (
    `agent  ${describeModel(agent)} · the answers stored in run ${sourceId}, no agent calls\n` +
    `judge  ${judge ? `${describeModel(judge)}${where}${style}` : 'none (--structural-only)'}\n`
  );
}

/** What the header of a run says, from its plan and its stored run. */
export function headerFacts(prepared: PreparedRun, session: Session, storePath: string): HeaderFacts {
  const { plan, backends, ownAgent } = prepared;
  const style = plan.grading.judgeStyle === 'yes-no' ? ' (yes-no questions)' : '';
  const total = plan.cases.length * plan.epochs;
  const { resume, parentRunId } = plan.record;
  const roles =
    plan.agent.kind === 'stored'
      ? rejudgeRoles(prepared, plan.agent.run.id, style)
      : roleLines(
          {
            agent: plan.agent.kind === 'backend' ? plan.agent.role : { own: ownAgent as ModelRef },
            judge: plan.judge,
            user: plan.user,
          },
          backends.where,
          style,
        );
  return {
    pack: plan.pack.name,
    variant: plan.variant.name,
    cases: plan.cases.length,
    split: plan.split,
    repeats: repeatsLabel(plan.policy, plan.epochs),
    roles,
    ...(plan.offline && plan.agent.kind !== 'stored' && { samples: shortPath(join(plan.pack.root, 'fixtures')) }),
    runId: session.run.id,
    runNote: [
      plan.shard && `shard ${describeShard(plan.shard.part)} of ${plan.shard.allCases.length} cases`,
      resume && `resumed with ${session.savedBefore} of ${total} results saved`,
      parentRunId !== undefined && `re-judging run ${parentRunId}`,
    ]
      .filter(Boolean)
      .join(' · '),
    storePath: shortPath(storePath),
  };
}
