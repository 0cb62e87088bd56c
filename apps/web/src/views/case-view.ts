import type { CaseResult, ToolCall, Verdict } from '@evalpacks/core';
import { resultStanding } from '@evalpacks/core/grade';
import { turnOf } from '@evalpacks/core/report';
import { standingBadge } from './case-status.ts';
import { conversationChat, hiddenUserPanel } from './conversation-view.ts';
import { milliseconds, pretty, usd } from './format.ts';
import { type Html, html } from './html.ts';
import type { LabelSpot } from './label-controls.ts';
import { renderMarkdown } from './markdown.ts';
import { verdictBlock } from './verdict-block.ts';

/** Where each verdict can be labelled, when the page offers labelling. */
export type SpotOf = (result: CaseResult, verdict: Verdict) => LabelSpot | undefined;

function toolCall(call: ToolCall): Html {
  return html`<li class="tool-call"><code>${call.name}</code>
    <pre class="args">${pretty(call.arguments)}</pre>
    ${call.error !== undefined ? html`<p class="tool-error">tool error: ${call.error}</p>` : ''}
    ${call.result !== undefined ? html`<pre class="result">${pretty(call.result)}</pre>` : ''}</li>`;
}

/** Recorded reasoning, where the backend gave it (transcripts without it have nothing to show). */
function thinking(result: CaseResult): Html | '' {
  const text = (result.transcript as { thinking?: unknown }).thinking;
  return typeof text === 'string' && text !== ''
    ? html`<details class="thinking"><summary>thinking</summary><div class="md">${renderMarkdown(text)}</div></details>`
    : '';
}

/** JSON a pack's environment or case holds, folded away: it can be long, and only some pages need it. */
function jsonDetails(kind: string, label: string, value: unknown): Html | '' {
  return value === undefined
    ? ''
    : html`<details class="${kind}"><summary>${label}</summary><pre>${JSON.stringify(value, null, 2)}</pre></details>`;
}

/** A single-message case's answer and tool calls (a conversation shows them turn by turn instead). */
function answerAndTools(result: CaseResult): Html {
  const { transcript } = result;
  return html`<h4>Answer</h4><div class="answer md">${renderMarkdown(transcript.answer)}</div>
    ${transcript.answerCut ? html`<p class="dim">cut to the run's cap from ${transcript.answerCut} characters</p>` : ''}
    ${thinking(result)}
    <h4>Tool calls</h4>${
      transcript.toolCalls.length
        ? html`<ol class="tool-calls">${transcript.toolCalls.map(toolCall)}</ol>`
        : html`<p class="dim">none</p>`
    }`;
}

/** `cost` is undefined when unknown, null when there is no record of costs at all (a report file). */
function epochColumn(result: CaseResult, cost: number | undefined | null, spotOf?: SpotOf): Html {
  const { transcript } = result;
  const block = (v: Verdict) => verdictBlock(result.case, v, result.epoch, spotOf?.(result, v));
  // On a conversation, a verdict that rests on one turn is shown at that turn; the rest after the conversation.
  const atTurn = (turn: number) => result.verdicts.filter((v) => turnOf(v) === turn).map(block);
  const after = transcript.conversation ? result.verdicts.filter((v) => turnOf(v) === undefined) : result.verdicts;
  return html`<section class="epoch" data-epoch="${result.epoch}">
    <h3>epoch ${result.epoch + 1} ${standingBadge(resultStanding(result))}</h3>
    ${result.reasons.length ? html`<ul class="reasons">${result.reasons.map((r) => html`<li>${r}</li>`)}</ul>` : ''}
    ${transcript.error ? html`<p class="agent-error">agent error: ${transcript.error}</p>` : ''}
    ${transcript.turnLimitReached ? html`<p class="agent-error">stopped at the turn limit after ${transcript.turns} turns</p>` : ''}
    ${transcript.sample ? html`<p class="dim">a hand-written sample answer from the pack fixtures, not a model's</p>` : ''}
    ${transcript.conversation ? conversationChat(result, atTurn) : answerAndTools(result)}
    ${jsonDetails('end-state', "end state (the environment's snapshot after the run)", transcript.endState)}
    <h4>Checks</h4>${
      result.checks.length
        ? html`<ul class="checks">${result.checks.map(
            (check) =>
              html`<li class="check check-${check.passed ? 'pass' : 'fail'}" data-check="${check.id}"><strong>${check.passed ? 'PASS' : 'FAIL'}</strong> ${check.name} <span class="risen" data-part="${check.part}">${check.part}</span> — ${check.detail}</li>`,
          )}</ul>`
        : html`<p class="dim">none</p>`
    }
    <h4>Verdicts${transcript.conversation ? html` <span class="dim">on the whole conversation, given after turn ${transcript.conversation.length}</span>` : ''}</h4>${
      after.length
        ? html`<div class="verdicts">${after.map(block)}</div>`
        : html`<p class="dim">${result.verdicts.length ? 'none: each verdict is at its turn' : 'none'}</p>`
    }
    <h4>Usage</h4>
    <dl class="usage">
      <dt>model</dt><dd>${transcript.model}</dd>
      <dt>agent tokens</dt><dd>${transcript.usage.input} in / ${transcript.usage.output} out</dd>
      <dt>judge tokens</dt><dd>${result.judgeUsage.input} in / ${result.judgeUsage.output} out</dd>
      <dt>turns</dt><dd>${transcript.turns}</dd>
      <dt>latency</dt><dd>${milliseconds(transcript.latencyMs)}</dd>
      ${cost === null ? '' : html`<dt>cost</dt><dd>${usd(cost)}</dd>`}
      ${transcript.retries ? html`<dt>retries</dt><dd>${transcript.retries}</dd>` : ''}
    </dl>
  </section>`;
}

/** A case: its input and expectations once, then each epoch's answer, tools, checks and verdicts side by side. */
export function caseView(saved: CaseResult[], costs?: ReadonlyMap<number, number>, spotOf?: SpotOf): Html {
  const results = [...saved].sort((a, b) => a.epoch - b.epoch);
  const first = results[0];
  if (!first) return html`<p>no results</p>`;
  const testCase = first.case;
  return html`<section class="case-input">
    ${testCase.description ? html`<p>${testCase.description}</p>` : ''}
    <h4>Input</h4><pre class="input">${first.transcript.input}</pre>
    ${
      testCase.expectedFindings.length
        ? html`<h4>Expected findings</h4><ul>${testCase.expectedFindings.map(
            (f) => html`<li><code>${f.id}</code> (${f.severity}) ${f.description}</li>`,
          )}</ul>`
        : ''
    }
    ${jsonDetails('expected-end-state', 'expected end state', testCase.expectedEndState)}
    ${hiddenUserPanel(testCase)}
  </section>
  <div class="epochs">${results.map((r) => epochColumn(r, costs ? costs.get(r.epoch) : null, spotOf))}</div>`;
}
