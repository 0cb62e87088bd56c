import { seriesOf } from '@evalpacks/core/stats';
import { type EvalStore, gradeNow, type LabelBook, type RunRecord, StoreError } from '@evalpacks/store';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { compareStored, type GradedSide, unpaired } from '../grading/compare-stored.ts';
import { keptComparisons } from '../grading/kept-comparisons.ts';
import { labelQueues } from '../labelling/label-queue.ts';
import { queuePages } from '../labelling/queue-pages.ts';
import { saveLabel } from '../labelling/save-label.ts';
import { labelsByKey, stateOf, verdictKey } from '../labelling/verdict-labels.ts';
import { type CaseLabelling, casePage } from '../pages/case-page.ts';
import { comparePage } from '../pages/compare-page.ts';
import { historyPage } from '../pages/history-page.ts';
import { runPage, SUGGESTIONS_SHOWN } from '../pages/run-page.ts';
import { runsPage } from '../pages/runs-page.ts';
import { toLabelPage } from '../pages/to-label-page.ts';
import { reasonOf, shownEpochs } from '../views/case-status.ts';
import { html } from '../views/html.ts';
import { layout } from '../views/layout.ts';
import { ASSETS } from './assets.ts';
import { hostsOf, type Listening } from './bound-hosts.ts';
import {
  CompareQuerySchema,
  LiveQuerySchema,
  QueueQuerySchema,
  RunIdSchema,
  RunQuerySchema,
  RunsQuerySchema,
} from './query.ts';
import { shownStatus } from './shown-status.ts';
import { INLINE_RESULTS, runSummaries } from './summaries.ts';

const RUNS_PER_PAGE = 50;
const CASES_PER_PAGE = 100;

/**
 * Model output is shown on these pages, so scripts may only come from the viewer's own files: no inline
 * script, no inline handler, no eval, nothing fetched from elsewhere.
 */
const CSP = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

export interface AppOptions {
  /** Runs with more results than this get their summary after the page (default 1,000). */
  inlineSummaryResults?: number;
  /** The store's labels table, open for writing: with it the case pages offer labelling. */
  labels?: LabelBook;
  /**
   * Where the server listens; undefined until it does. Requests are answered only when their Host names
   * this address (see hostsOf), and every request is refused while it is unknown.
   */
  listening: () => Listening | undefined;
}

/**
 * The viewer's pages over a store opened read-only; with a label book, labelling too, which writes the
 * store's labels table and nothing else.
 */
export function createApp(store: EvalStore, options: AppOptions): Hono {
  const book = options.labels;
  const app = new Hono();
  const summaries = runSummaries(store, options.inlineSummaryResults);
  const queues = labelQueues(store, INLINE_RESULTS);
  const queuePaging = queuePages(store);
  const comparisons = keptComparisons();
  app.use('*', secureHeaders({ contentSecurityPolicy: CSP, referrerPolicy: 'no-referrer' }));

  let known: { listening: Listening; hosts: Set<string>; origins: Set<string> } | undefined;
  /** The Host values (and the origins they make) of the address the server listens on: none until it does. */
  const bound = () => {
    const listening = options.listening();
    if (!listening) return undefined;
    if (known?.listening !== listening) {
      const hosts = hostsOf(listening);
      known = { listening, hosts, origins: new Set([...hosts].map((host) => `http://${host}`)) };
    }
    return known;
  };
  // DNS rebinding: a page of any site whose name resolves to this address is same-origin with itself, not
  // with the viewer, and its requests carry its own name as the Host. So a request whose Host (or, in an
  // absolute request line, URL) names anything but the viewer's address is refused before any route reads
  // the store. @hono/node-server builds c.req.url from the Host header, so the URL alone proves nothing.
  app.use('*', async (c, next) => {
    const own = bound();
    const host = c.req.header('host')?.toLowerCase();
    if (!own || !host || !own.hosts.has(host) || !own.hosts.has(new URL(c.req.url).host)) {
      const first = own && [...own.hosts][0];
      return c.text(first ? `this viewer answers only at http://${first}/` : 'this viewer is not listening yet', 403);
    }
    await next();
  });

  const notFound = (what: string) =>
    layout({ title: 'Not found', body: html`<h1>Not found</h1><p>${what}</p><p><a href="/">All runs</a></p>` });
  app.notFound((c) => c.html(notFound(`nothing at ${new URL(c.req.url).pathname}`), 404));
  // A store that fails mid-read (a damaged page, a row that no longer parses) says so on the page, in the
  // store's own words, instead of a bare 500.
  app.onError((error, c) => {
    const fix = error instanceof StoreError ? error.fix : undefined;
    const body = html`<h1>The store could not be read</h1><p class="problem">${error.message}</p>${fix ? html`<p>${fix}</p>` : ''}`;
    return c.html(layout({ title: 'Store error', body }), 500);
  });

  app.get('/assets/:name', (c) => {
    const asset = ASSETS.get(c.req.param('name'));
    return asset ? c.body(asset.body, 200, { 'content-type': asset.type }) : c.notFound();
  });

  app.get('/', (c) => {
    const query = RunsQuerySchema.parse(c.req.query());
    const filter = { ...query, limit: RUNS_PER_PAGE };
    const page = store.runPage(filter);
    const shown = { ...page, runs: page.runs.map((run) => shownStatus(store, run)) };
    return c.html(runsPage(shown, store.runFacets(), filter, new URL(c.req.url)));
  });

  app.get('/runs/:id', (c) => {
    const stored = store.run(RunIdSchema.catch(0).parse(c.req.param('id')));
    if (!stored) return c.html(notFound(`no run ${c.req.param('id')} in this store`), 404);
    const run = shownStatus(store, stored);
    const query = RunQuerySchema.parse(c.req.query());
    const cases = store.casePage(run.id, {
      filter: query.status,
      search: query.q,
      limit: CASES_PER_PAGE,
      offset: query.offset,
    });
    const results = store.runPage({ id: run.id, limit: 1, offset: 0 }).runs[0]?.total ?? 0;
    const summary = summaries.forPage(run, results);
    return c.html(
      runPage({
        run,
        ...(summary && { summary }),
        results,
        cases,
        filter: query.status,
        search: query.q,
        offset: query.offset,
        limit: CASES_PER_PAGE,
        url: new URL(c.req.url),
      }),
    );
  });

  app.get('/runs/:id/summary.json', async (c) => {
    const run = store.run(RunIdSchema.catch(0).parse(c.req.param('id')));
    if (!run) return c.json({ error: 'no such run' }, 404);
    const { text, suggestions, note } = await summaries.compute(run);
    return c.json({
      text,
      ...(note && { note }),
      total: suggestions.length,
      suggestions: suggestions
        .slice(0, SUGGESTIONS_SHOWN)
        .map((s) => ({ ...s, href: `/runs/${run.id}/cases/${encodeURIComponent(s.caseId)}` })),
    });
  });

  app.get('/runs/:id/live.json', (c) => {
    const run = store.run(RunIdSchema.catch(0).parse(c.req.param('id')));
    if (!run) return c.json({ error: 'no such run' }, 404);
    const { after } = LiveQuerySchema.parse(c.req.query());
    const cases = store.casesSavedAfter(run.id, after).map((listing) => {
      const reason = reasonOf(listing);
      return {
        ...listing,
        epochs: shownEpochs(listing),
        ...(reason && { reason }),
        href: `/runs/${run.id}/cases/${encodeURIComponent(listing.caseId)}`,
      };
    });
    return c.json({
      status: shownStatus(store, run).status,
      cursor: Math.max(after, ...cases.map((x) => x.savedOrder)),
      cases,
    });
  });

  app.get('/runs/:id/cases/:caseId', (c) => {
    const run = store.run(RunIdSchema.catch(0).parse(c.req.param('id')));
    const caseId = c.req.param('caseId');
    const results = run ? store.caseResults(run.id, caseId) : [];
    if (!run || results.length === 0) return c.html(notFound(`no case ${caseId} in run ${c.req.param('id')}`), 404);
    return c.html(casePage(run, results, store.caseCosts(run.id, caseId), book && caseLabelling(run, caseId, book)));
  });

  const caseLabelling = (run: RunRecord, caseId: string, labelBook: LabelBook): CaseLabelling => {
    const labels = labelsByKey(labelBook, run.pack);
    // The run's verdicts as label keys, read once per run (in the background for a large one).
    const queue = queues.entries(run)?.filter((entry) => !labels.has(entry.key));
    const next = queue?.find((entry) => entry.caseId !== caseId)?.caseId;
    return {
      ...(queue && { toLabel: queue.length }),
      ...(next && { next: `/runs/${run.id}/cases/${encodeURIComponent(next)}` }),
      spotOf: (result, verdict) => {
        const label = labels.get(verdictKey(result, verdict));
        return {
          runId: run.id,
          caseId: result.case.id,
          state: stateOf(label),
          ...(label?.note && { note: label.note }),
        };
      },
    };
  };

  app.get('/runs/:id/to-label', (c) => {
    const run = store.run(RunIdSchema.catch(0).parse(c.req.param('id')));
    if (!run || !book) return c.html(notFound(`no run ${c.req.param('id')} to label in this store`), 404);
    const { page } = QueueQuerySchema.parse(c.req.query());
    return c.html(toLabelPage(run, queuePaging.page(run, page)));
  });

  app.post('/labels', async (c) => {
    if (!book) return c.json({ error: 'this viewer does not label' }, 405);
    // Only this viewer's own pages may label: another site's page cannot send JSON here without a preflight,
    // and its Origin is none of the viewer's (compared with the bound address, never the request's URL,
    // which the client's Host header makes).
    const origin = c.req.header('origin');
    if (origin && !bound()?.origins.has(origin)) return c.json({ error: 'cross-origin label refused' }, 403);
    if (!c.req.header('content-type')?.startsWith('application/json')) return c.json({ error: 'send JSON' }, 415);
    const body = await c.req.json().catch(() => undefined);
    const saved = saveLabel(store, book, body);
    return 'error' in saved ? c.json(saved, 400) : c.json(saved);
  });

  app.get('/compare', (c) => {
    const { a, b } = CompareQuerySchema.parse(c.req.query());
    const runs = store.runPage({ limit: 500, offset: 0 }).runs;
    const pair = a && b ? ([store.run(a), store.run(b)] as const) : undefined;
    if (!pair) return c.html(comparePage({ runs, chosen: [a, b] }));
    const [left, right] = pair;
    if (!left || !right) return c.html(comparePage({ runs, chosen: [a, b], problem: 'no such run' }), 404);
    if (left.pack !== right.pack) {
      const problem = `run #${left.id} is of ${left.pack} and run #${right.id} of ${right.pack}: compare two runs of one pack`;
      return c.html(comparePage({ runs, chosen: [a, b], problem }), 400);
    }
    const known = comparisons.get(left, right);
    if (known) return c.html(comparePage({ runs, chosen: [a, b], pair: [left, right], result: known }));
    // Each side by the grade it finished with; a run without one is graded now (and the page says so).
    const graded = (run: RunRecord): GradedSide => {
      const stored = store.gradeTallies(run.id);
      return [run, stored ? { grade: stored } : gradeNow(store, run)];
    };
    const [baseline, variant] = [graded(left), graded(right)];
    const problem = unpaired(baseline, variant);
    if (problem) return c.html(comparePage({ runs, chosen: [a, b], problem }), 400);
    const corrected = [left, right].map((run) => store.gradeSummary(run.id)?.corrected);
    const result = compareStored(baseline, variant, corrected);
    comparisons.keep(baseline, variant, result);
    return c.html(comparePage({ runs, chosen: [a, b], pair: [left, right], result }));
  });

  app.get('/history', (c) => {
    const packs = store.runFacets().packs;
    const pack = c.req.query('pack') ?? packs[0];
    const series = pack ? seriesOf(store.runOutcomes(pack)) : [];
    return c.html(historyPage(packs, pack, series));
  });

  return app;
}
