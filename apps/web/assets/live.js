// Live view of a running run: polls the viewer for cases saved since the page was drawn and adds them
// to the table. Everything from the store is set as text, never as markup.
const body = document.getElementById('cases');
const runId = body?.dataset.liveRun;

function cell(text) {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

function row(listing) {
  const tr = document.createElement('tr');
  tr.dataset.case = listing.caseId;
  const link = document.createElement('a');
  link.href = listing.href;
  link.textContent = listing.caseId;
  const id = document.createElement('td');
  id.append(link);
  const epochs = document.createElement('td');
  for (const epoch of listing.epochs) {
    const mark = document.createElement('span');
    mark.className = `badge badge-${epoch.status}`;
    mark.dataset.epoch = String(epoch.epoch);
    mark.dataset.status = epoch.status;
    mark.textContent = epoch.label;
    epochs.append(mark, ' ');
  }
  const reason = cell(listing.reason ?? '');
  reason.className = 'reason';
  tr.append(id, cell(listing.name), epochs, reason);
  return tr;
}

function showStatus(status) {
  for (const badge of document.querySelectorAll('h1 .badge')) {
    badge.textContent = status;
    badge.className = `badge badge-${status}`;
    badge.dataset.status = status;
  }
  const note = document.getElementById('live-note');
  if (note && status !== 'running') {
    note.textContent = `${status}: `;
    const link = document.createElement('a');
    link.href = window.location.pathname;
    link.textContent = 'reload for the final summary';
    note.append(link);
  }
}

async function poll() {
  const after = body.dataset.cursor ?? '0';
  const response = await fetch(`/runs/${runId}/live.json?after=${after}`);
  if (!response.ok) return;
  const update = await response.json();
  for (const listing of update.cases) {
    const fresh = row(listing);
    const old = [...body.rows].find((tr) => tr.dataset.case === listing.caseId);
    if (old) old.replaceWith(fresh);
    else body.append(fresh);
  }
  body.dataset.cursor = String(update.cursor);
  if (update.status === 'running') setTimeout(poll, 1000);
  else showStatus(update.status);
}

if (body && runId) setTimeout(poll, 1000);
