import type { Case, CaseResult, ConversationTurn, ToolCall } from '@evalpacks/core';
import { CONVERSATION_END_WORDS } from '@evalpacks/core/report';
import { pretty } from './format.ts';
import { type Html, html } from './html.ts';

/**
 * A conversation case as a chat: each turn a bubble (the user's on one side, the agent's on the other), the
 * agent's tool calls folded under its reply, and how the conversation ended. Every text is the model's or
 * the simulated user's, so it is escaped as plain text (no Markdown, no link): a payload stays inert.
 */

function toolCalls(calls: readonly ToolCall[]): Html | '' {
  if (calls.length === 0) return '';
  return html`<details class="turn-tools"><summary>${calls.length} tool call${calls.length === 1 ? '' : 's'}</summary>
    <ol>${calls.map(
      (call) => html`<li class="tool-call"><code>${call.name}</code><pre class="args">${pretty(call.arguments)}</pre>
        ${call.error !== undefined ? html`<p class="tool-error">tool error: ${call.error}</p>` : ''}
        ${call.result !== undefined ? html`<pre class="result">${pretty(call.result)}</pre>` : ''}</li>`,
    )}</ol></details>`;
}

/** The verdicts that rest on one turn, rendered by the page (with its labelling, where it labels). */
export type VerdictsAt = (turn: number) => Html[];

function turn(entry: ConversationTurn, index: number, verdictsAt: VerdictsAt): Html {
  const who = entry.role === 'user' ? 'user' : 'agent';
  const verdicts = verdictsAt(index + 1);
  return html`<li class="turn turn-${who}" data-turn="${index + 1}">
    <span class="who">${who} · turn ${index + 1}</span>
    <div class="bubble">${entry.text}</div>
    ${entry.role === 'agent' ? toolCalls(entry.toolCalls ?? []) : ''}
    ${verdicts.length ? html`<div class="turn-verdicts" aria-label="verdicts on turn ${index + 1}">${verdicts}</div>` : ''}</li>`;
}

/**
 * The chat of one epoch, or nothing for a single-message case; each verdict that rests on a turn sits under
 * that turn (`verdictsAt`), the others follow the conversation on the page.
 */
export function conversationChat(result: CaseResult, verdictsAt: VerdictsAt = () => []): Html | '' {
  const { conversation, conversationEnd, userError } = result.transcript;
  if (!conversation) return '';
  const end = conversationEnd ? CONVERSATION_END_WORDS[conversationEnd] : undefined;
  return html`<h4>Conversation</h4>
    <ol class="chat">${conversation.map((entry, index) => turn(entry, index, verdictsAt))}</ol>
    ${
      conversationEnd
        ? html`<p class="conversation-end end-${conversationEnd}" data-end="${conversationEnd}">ended: ${end ?? conversationEnd}</p>`
        : ''
    }
    ${userError ? html`<p class="user-error">user-simulator error: ${userError}</p>` : ''}`;
}

/**
 * What the simulated user was told, shown apart from the chat and labelled as hidden from the agent: its
 * persona, goal and facts (or the script). The agent never saw any of it.
 */
export function hiddenUserPanel(testCase: Case): Html | '' {
  const user = testCase.user;
  if (!user) return '';
  const simulated = user.simulated;
  return html`<aside class="hidden-user" aria-label="simulated user, hidden from the agent">
    <h4>Simulated user <span class="dim">hidden from the agent</span></h4>
    ${
      simulated
        ? html`<dl>
        <dt>persona</dt><dd class="persona">${simulated.persona}</dd>
        <dt>goal</dt><dd class="goal">${simulated.goal}</dd>
        <dt>facts</dt><dd>${
          simulated.facts.length
            ? html`<ul class="facts">${simulated.facts.map((fact) => html`<li>${fact}</li>`)}</ul>`
            : html`<span class="dim">none</span>`
        }</dd>
        <dt>behaviour</dt><dd>${simulated.behaviour}</dd>
        ${simulated.instructions ? html`<dt>instructions</dt><dd>${simulated.instructions}</dd>` : ''}
      </dl>`
        : html`<p>scripted turns, in order:</p><ol class="script">${(user.script ?? []).map((line) => html`<li>${line}</li>`)}</ol>`
    }
    <p class="dim">at most ${user.maxTurns} agent replies</p>
  </aside>`;
}
