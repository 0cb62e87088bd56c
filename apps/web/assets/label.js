// Labelling on a case page: buttons beside each verdict, and keys for a fast review pass
// (n next, p previous, a agree, d judge wrong, g agent wrong, c case wrong). Labels go to the viewer,
// which saves them in the store's labels table; the answer's text is set as text, never as markup.
const WORDS = {
  agree: 'agreed',
  judge: 'disagreed: the judge was wrong',
  agent: 'disagreed: the agent was wrong',
  case: 'disagreed: the case was wrong',
  none: 'not labelled',
};
const KEYS = { a: ['agree', ''], d: ['disagree', 'judge'], g: ['disagree', 'agent'], c: ['disagree', 'case'] };

const verdicts = [...document.querySelectorAll('article.verdict')].filter((a) => a.querySelector('.labelling'));
const bar = document.querySelector('.label-bar');
let current = Math.max(
  0,
  verdicts.findIndex((a) => a.dataset.labelState === 'none'),
);
// Labels are posted one after another, in the order they were given, however fast the keys come.
let pending = Promise.resolve();

function focus(index) {
  if (verdicts.length === 0) return;
  current = Math.min(Math.max(index, 0), verdicts.length - 1);
  for (const [i, article] of verdicts.entries()) article.classList.toggle('current', i === current);
  verdicts[current].scrollIntoView({ block: 'nearest' });
}

async function save(article, label, wrong) {
  const box = article.querySelector('.labelling');
  const state = box.querySelector('.label-state');
  const body = {
    run: Number(box.dataset.run),
    caseId: box.dataset.case,
    epoch: Number(article.dataset.epoch),
    kind: article.dataset.kind,
    itemId: article.dataset.item,
    label,
    ...(wrong && { wrong }),
    note: box.querySelector('.label-note').value,
  };
  try {
    const response = await fetch('/labels', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error);
    article.dataset.labelState = answer.state;
    state.dataset.state = answer.state;
    state.textContent = WORDS[answer.state];
  } catch (error) {
    state.dataset.state = 'error';
    state.textContent = `not saved: ${error.message}`;
  }
}

function label(article, label, wrong) {
  pending = pending.then(() => save(article, label, wrong));
}

for (const [i, article] of verdicts.entries()) {
  for (const button of article.querySelectorAll('.labelling button')) {
    button.addEventListener('click', () => {
      focus(i);
      label(article, button.dataset.label, button.dataset.wrong);
    });
  }
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  const key = event.key.toLowerCase();
  if (key === 'n') {
    if (current === verdicts.length - 1 && bar?.dataset.next) window.location.href = bar.dataset.next;
    else focus(current + 1);
  } else if (key === 'p') {
    focus(current - 1);
  } else if (KEYS[key] && verdicts[current]) {
    label(verdicts[current], ...KEYS[key]);
    focus(current + 1);
  } else {
    return;
  }
  event.preventDefault();
});

focus(current);
