import type { Case, Pack, RepeatPolicy, SplitChoice, Variant } from '@evalpacks/core';
import type { CacheMode, JudgeStyle, Shard, StoredTranscript } from '@evalpacks/core/runner';
import type { RunKind, RunRecord } from '@evalpacks/store';
import type { BackendOptions } from '../backends/registry.ts';
import type { RoleChoice } from '../backends/roles.ts';

/** Where a run's answers come from. */
export type AgentSource =
  /** A backend's agent on a model. */
  | { kind: 'backend'; role: RoleChoice }
  /** The agent the pack brings itself. */
  | { kind: 'own' }
  /** The answers a stored run saved (a re-judge), each read as its case runs: the agent is never called. */
  | { kind: 'stored'; run: RunRecord; transcripts: StoredTranscript };

/** The repeat policy, worked out once: the flag, else the pack's, else majority; a case may set its own. */
export interface PlanPolicy {
  /** The policy of every case that sets none, as the header names it. */
  name: RepeatPolicy;
  of: (testCase: Case) => RepeatPolicy;
}

/** What the run reports and how its exit code is decided. */
export interface ReportPlan {
  /** The console reporter prints case results and the summary; false: silent (compare prints its own). */
  console: boolean;
  /** --quiet: of the console's output, only the summary (no header, case blocks or progress). */
  quiet?: boolean;
  color: boolean;
  /** File reporters (json, junit, markdown) written at the end. */
  files: readonly string[];
  /** Where file reporters write; default .evalpacks/reports/run-N beside the store. */
  out?: string;
  minPassRate?: number;
  /** --low-confidence: verdicts whose decision token is less probable are marked and counted. */
  lowConfidence?: number;
  /** --gate corrected: --min-pass-rate holds the judge-corrected findings rate instead of the raw pass rate. */
  gateOn?: 'corrected';
  /** --max-flaky: the most items that may flip between epochs before the run fails. */
  maxFlaky?: number;
}

/**
 * Everything one run needs, resolved from a command's options once. Commands build plans; one executor
 * (execute.ts) runs them; the stored run record is derived from the plan (stored-run.ts).
 */
export interface RunPlan {
  kind: RunKind;
  pack: Pack;
  variant: Variant;
  /** The cases this run runs: all of them, or its shard's part. */
  cases: Case[];
  /** --split: the cases of one split (dev, test) or all; a shard is a part of the split's cases. */
  split: SplitChoice;
  /** --tag: the name the run is stored with, for compare --baseline-run latest:NAME. */
  tag?: string;
  /** --shard I/N: the part, and every case of the configuration (the shards of one run agree on them). */
  shard?: { part: Shard; allCases: Case[] };
  epochs: number;
  policy: PlanPolicy;
  agent: AgentSource;
  /** Absent for a structural-only run. */
  judge?: RoleChoice;
  /** The simulated user's backend and model: only for a run with a case that has a simulated user. */
  user?: RoleChoice;
  grading: { structural: boolean; judgeAlways: boolean; judgeStyle: JudgeStyle; maxTurns: number };
  calls: {
    concurrency: number;
    /** Seconds for one model request. */
    timeout: number;
    cache: CacheMode;
    /** Every backend's own options (--ollama-host, --region, ...). */
    backends: BackendOptions;
  };
  /** Contact no model: answers from the cache, else the pack's sample transcripts. */
  offline: boolean;
  /** --max-cost in US dollars. */
  maxCost?: number;
  /** The stored run: an interrupted one to complete, or a new one; `flags` are what a later --resume reuses. */
  record: { resume?: RunRecord; parentRunId?: number; flags: Record<string, unknown> };
  report: ReportPlan;
}
