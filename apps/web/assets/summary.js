// A large run without a stored grade takes a while to grade: the page arrives first and this fills it in.
// Everything from the store is set as text, never as markup.
const pre = document.getElementById('summary');

function suggestionList(suggestions) {
  const list = document.createElement('ul');
  list.className = 'suggestions';
  for (const s of suggestions) {
    const item = document.createElement('li');
    const part = document.createElement('span');
    part.className = 'part';
    part.textContent = s.target;
    const link = document.createElement('a');
    link.href = s.href;
    link.textContent = s.caseId;
    item.append(part, ' ', link, `: ${s.text}`);
    list.append(item);
  }
  return list;
}

async function fill() {
  const response = await fetch(`/runs/${pre.dataset.summaryOf}/summary.json`);
  if (!response.ok) {
    pre.textContent = `the summary could not be computed (${response.status})`;
    return;
  }
  const summary = await response.json();
  pre.textContent = summary.text;
  if (summary.note) {
    const note = document.createElement('p');
    note.className = 'graded-now';
    note.textContent = summary.note;
    pre.before(note);
  }
  const section = document.getElementById('suggestions');
  if (!section || summary.suggestions.length === 0) return;
  const heading = document.createElement('h2');
  heading.textContent = 'Suggestions';
  section.append(heading, suggestionList(summary.suggestions));
  if (summary.total > summary.suggestions.length) {
    const more = document.createElement('p');
    more.className = 'dim';
    more.textContent = `and ${summary.total - summary.suggestions.length} more: see the failed and errors filters below`;
    section.append(more);
  }
}

if (pre) void fill();
