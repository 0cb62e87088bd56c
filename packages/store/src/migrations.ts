/**
 * The schema, one step per version: `PRAGMA user_version` holds the number of steps applied. Steps are
 * only ever appended; a released step never changes, so any older file can be brought up to date.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE runs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT NOT NULL CHECK (kind IN ('eval', 'rejudge')),
    parent_run_id INTEGER REFERENCES runs(id),
    pack          TEXT NOT NULL,
    variant       TEXT NOT NULL,
    prompt_hash   TEXT NOT NULL,
    agent_backend TEXT NOT NULL,
    agent_model   TEXT NOT NULL,
    judge_backend TEXT,
    judge_model   TEXT,
    epochs        INTEGER NOT NULL,
    offline       INTEGER NOT NULL DEFAULT 0,
    git_commit    TEXT,
    config_json   TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('running', 'interrupted', 'completed')),
    started_at    TEXT NOT NULL,
    finished_at   TEXT
  );
  CREATE INDEX runs_by_pack ON runs (pack, id);

  CREATE TABLE case_results (
    run_id              INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    case_id             TEXT NOT NULL,
    epoch               INTEGER NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('passed', 'failed', 'error')),
    case_json           TEXT NOT NULL,
    checks_json         TEXT NOT NULL,
    reasons_json        TEXT NOT NULL,
    judge_input_tokens  INTEGER NOT NULL,
    judge_output_tokens INTEGER NOT NULL,
    saved_at            TEXT NOT NULL,
    PRIMARY KEY (run_id, case_id, epoch)
  );

  CREATE TABLE transcripts (
    run_id          INTEGER NOT NULL,
    case_id         TEXT NOT NULL,
    epoch           INTEGER NOT NULL,
    model           TEXT NOT NULL,
    input           TEXT NOT NULL,
    answer          TEXT NOT NULL,
    tool_calls_json TEXT NOT NULL,
    turns           INTEGER NOT NULL,
    input_tokens    INTEGER NOT NULL,
    output_tokens   INTEGER NOT NULL,
    latency_ms      REAL NOT NULL,
    cost_usd        REAL,
    error           TEXT,
    sample          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, case_id, epoch),
    FOREIGN KEY (run_id, case_id, epoch) REFERENCES case_results(run_id, case_id, epoch) ON DELETE CASCADE
  );

  CREATE TABLE verdicts (
    run_id        INTEGER NOT NULL,
    case_id       TEXT NOT NULL,
    epoch         INTEGER NOT NULL,
    position      INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    item_id       TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('ok', 'error', 'skipped')),
    passed        INTEGER,
    reasoning     TEXT,
    error         TEXT,
    raw           TEXT,
    skip_reason   TEXT,
    model         TEXT NOT NULL,
    input_tokens  INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    latency_ms    REAL NOT NULL,
    cost_usd      REAL,
    PRIMARY KEY (run_id, case_id, epoch, position),
    FOREIGN KEY (run_id, case_id, epoch) REFERENCES case_results(run_id, case_id, epoch) ON DELETE CASCADE
  );

  CREATE TABLE call_cache (
    key        TEXT PRIMARY KEY,
    role       TEXT NOT NULL,
    backend    TEXT NOT NULL,
    model      TEXT NOT NULL,
    value_json TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // 2: transcript and verdict fields the first schema dropped, so a re-judged or resumed run keeps them.
  `
  ALTER TABLE transcripts ADD COLUMN retries INTEGER;
  ALTER TABLE transcripts ADD COLUMN turn_limit_reached INTEGER;
  ALTER TABLE verdicts ADD COLUMN retries INTEGER;
  `,
  // 3: calibration. People's labels on judged items, keyed by what was judged (input, answer, item) so a
  // label follows the answer across runs; and the judge prompt version behind each verdict.
  `
  ALTER TABLE verdicts ADD COLUMN prompt_version TEXT;

  CREATE TABLE labels (
    pack                   TEXT NOT NULL,
    key                    TEXT NOT NULL,
    case_id                TEXT NOT NULL,
    kind                   TEXT NOT NULL CHECK (kind IN ('finding', 'absent', 'rubric')),
    item_id                TEXT NOT NULL,
    label                  TEXT NOT NULL CHECK (label IN ('agree', 'disagree')),
    wrong                  TEXT CHECK (wrong IN ('judge', 'agent', 'case')),
    note                   TEXT,
    verdict_passed         INTEGER NOT NULL,
    verdict_reasoning      TEXT NOT NULL,
    verdict_model          TEXT NOT NULL,
    verdict_prompt_version TEXT,
    input_sha256           TEXT NOT NULL,
    answer                 TEXT NOT NULL,
    tool_calls_json        TEXT NOT NULL,
    labelled_at            TEXT NOT NULL,
    PRIMARY KEY (pack, key)
  );
  `,
  // 4: shards. A run of one part of the cases (--shard I/N) says which part, so merge can join them.
  `
  ALTER TABLE runs ADD COLUMN shard_index INTEGER;
  ALTER TABLE runs ADD COLUMN shard_count INTEGER;
  `,
  // 5: the viewer's counts. A run's statuses and costs are read from these covering indexes instead of
  // the wide rows that hold case JSON and answers, so a page of runs costs milliseconds in a large store.
  `
  CREATE INDEX case_results_by_status ON case_results (run_id, status, case_id);
  CREATE INDEX transcripts_by_cost ON transcripts (run_id, cost_usd);
  CREATE INDEX verdicts_by_cost ON verdicts (run_id, cost_usd);
  `,
  // 6: untrusted sizes and owners. How long an answer was before it was cut to the run's cap; which
  // process owns a running run (pid, host, last heartbeat), so --resume never takes over a live one.
  `
  ALTER TABLE transcripts ADD COLUMN answer_cut INTEGER;
  ALTER TABLE runs ADD COLUMN owner_pid INTEGER;
  ALTER TABLE runs ADD COLUMN owner_host TEXT;
  ALTER TABLE runs ADD COLUMN heartbeat_at TEXT;
  `,
  // 7: why each answer stopped (a cut-off one is 'length'), the agent's thinking, and a prompt the server cut.
  `
  ALTER TABLE transcripts ADD COLUMN stop_reason TEXT;
  ALTER TABLE transcripts ADD COLUMN thinking TEXT;
  ALTER TABLE transcripts ADD COLUMN prompt_truncated_to INTEGER;
  ALTER TABLE verdicts ADD COLUMN stop_reason TEXT;
  `,
  // 8: the pack's environment as the run left it (JSON), for end-state checks and people to read.
  `
  ALTER TABLE transcripts ADD COLUMN end_state_json TEXT;
  `,
  // 9: the grade a run finished with (core's RunGradeSchema, as JSON), so no reader grades it again under
  // other rules: its summary in one row (the case counts and policy also as columns, for history's series),
  // its per-case tallies a row each, so a summary is read without them and they are written and read in
  // small pieces (they are megabytes for a run of 10,000 cases).
  `
  CREATE TABLE run_grades (
    run_id       INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    policy       TEXT NOT NULL,
    cases_passed INTEGER NOT NULL,
    cases_total  INTEGER NOT NULL,
    passed       INTEGER NOT NULL,
    summary_json TEXT NOT NULL,
    graded_at    TEXT NOT NULL
  );
  CREATE TABLE run_grade_cases (
    run_id     INTEGER NOT NULL REFERENCES run_grades(run_id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    tally_json TEXT NOT NULL,
    PRIMARY KEY (run_id, position)
  );
  `,
  // 10: the probability of the token that carried a verdict's decision, where the backend returned it.
  `
  ALTER TABLE verdicts ADD COLUMN confidence REAL;
  `,
  // 11: a conversation case's turns, how it ended, the user simulator's error and tokens (JSON), in order.
  `
  ALTER TABLE transcripts ADD COLUMN conversation_json TEXT;
  `,
  // 12: each result's text in results.json (UTF-8), made when it is saved, so the file reports of a large
  // run copy it instead of reading the result back and writing it out again. Results saved before have none.
  `
  CREATE TABLE result_texts (
    run_id   INTEGER NOT NULL,
    case_id  TEXT NOT NULL,
    epoch    INTEGER NOT NULL,
    text     BLOB NOT NULL,
    PRIMARY KEY (run_id, case_id, epoch),
    FOREIGN KEY (run_id, case_id, epoch) REFERENCES case_results(run_id, case_id, epoch) ON DELETE CASCADE
  );
  `,
  // 13: the label queue's order, stored when a run completes. Each ok verdict of a completed run gets its
  // place in the order the run's results were saved (case_results.rowid, then the verdict's position), 0 up,
  // so a page of the queue is read by these indexes (low-confidence ones by confidence, the rest by place)
  // instead of reading and ordering all of a run's verdicts. A result's save places its ok verdicts after those
  // saved before; when a run becomes completed, a trigger places them all anew only where that left a gap (a
  // result saved again) or a verdict without a place (saved before this step); completed runs of older stores
  // here. Renumbering 60,000 verdicts cost 0.5 s of CPU at every run's end. And the
  // key a label on each ok verdict gets (core's labelKey), worked out as the result is saved, so the labelled
  // verdicts of a run are found by key (verdicts saved before this have none: their labels are looked up by
  // answer as before).
  `
  ALTER TABLE verdicts ADD COLUMN queue_rank INTEGER;
  ALTER TABLE verdicts ADD COLUMN label_key TEXT;
  CREATE INDEX verdicts_by_label_key ON verdicts (run_id, label_key, queue_rank);
  CREATE INDEX verdicts_by_queue_rank ON verdicts (run_id, queue_rank, confidence) WHERE queue_rank IS NOT NULL;
  CREATE INDEX verdicts_by_confidence ON verdicts (run_id, confidence, queue_rank) WHERE queue_rank IS NOT NULL;
  CREATE TRIGGER verdicts_ranked_when_completed AFTER UPDATE OF status ON runs WHEN NEW.status = 'completed'
    AND (SELECT count(*) FROM verdicts WHERE run_id = NEW.id AND status = 'ok')
      IS NOT (SELECT coalesce(max(queue_rank) + 1, 0) FROM verdicts WHERE run_id = NEW.id AND queue_rank IS NOT NULL)
  BEGIN
    UPDATE verdicts SET queue_rank = placed.rank
    FROM (
      SELECT v.rowid AS id, row_number() OVER (ORDER BY c.rowid, v.position) - 1 AS rank
      FROM case_results c JOIN verdicts v ON v.run_id = c.run_id AND v.case_id = c.case_id AND v.epoch = c.epoch
      WHERE c.run_id = NEW.id AND v.status = 'ok'
    ) AS placed
    WHERE verdicts.rowid = placed.id;
  END;
  UPDATE verdicts SET queue_rank = placed.rank
  FROM (
    SELECT v.rowid AS id, row_number() OVER (PARTITION BY c.run_id ORDER BY c.rowid, v.position) - 1 AS rank
    FROM runs r
      JOIN case_results c ON c.run_id = r.id
      JOIN verdicts v ON v.run_id = c.run_id AND v.case_id = c.case_id AND v.epoch = c.epoch
    WHERE r.status = 'completed' AND v.status = 'ok'
  ) AS placed
  WHERE verdicts.rowid = placed.id;
  `,
  // 14: on a conversation, the turn a verdict rests on (1-based over all turns, an agent's), and why a turn
  // the judge named was dropped.
  `
  ALTER TABLE verdicts ADD COLUMN turn INTEGER;
  ALTER TABLE verdicts ADD COLUMN turn_note TEXT;
  `,
  // 15: a label on a conversation case keeps the conversation its answer ends (core's ConversationTurn[], as
  // JSON): its key holds it, and calibrate shows it to the judge. Null for a one-message case's label. The label
  // keys step 13 gave a conversation's verdicts were worked out without the turns, so no label matches them now:
  // they are dropped, and such a run's labelled verdicts are looked up by answer (with the turns) as before 13.
  `
  ALTER TABLE labels ADD COLUMN conversation_json TEXT;
  UPDATE verdicts SET label_key = NULL
  WHERE label_key IS NOT NULL AND EXISTS (
    SELECT 1 FROM transcripts t
    WHERE t.run_id = verdicts.run_id AND t.case_id = verdicts.case_id AND t.epoch = verdicts.epoch
      AND t.conversation_json IS NOT NULL
  );
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** 'EVLP' as a 32-bit integer in the SQLite header: tells our files from any other SQLite database. */
export const APPLICATION_ID = 0x45564c50;
