// `watch status --html <file>`: the watch summary as one self-contained page (no script; a CSP of `default-src 'none'`
// with only its hashed stylesheet): what is open now by severity, findings opened and closed per commit in the window,
// every change with its claim, failed and partly reviewed commits, and the budget. Every string from watch.db (claims,
// file names, commit details) goes through the report page's `html` template, so it can only be text.
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import { STATIC_CSP, STYLE } from '../../engines/report/html/assets.ts';
import { html, raw } from '../../engines/report/html/escape.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import type { WatchStatus } from './status.ts';

/** Per commit, in the order first seen: how many findings it opened (new) and closed (fixed or closed). */
export function perCommit(changes: WatchStatus['changes']): { commit: string; opened: number; closed: number; other: number }[] {
  const rows = new Map<string, { commit: string; opened: number; closed: number; other: number }>();
  for (const c of changes) {
    const row = rows.get(c.commit) ?? { commit: c.commit, opened: 0, closed: 0, other: 0 };
    if (c.kind === 'new') row.opened += 1;
    else if (c.kind === 'closed' || c.kind === 'fixed') row.closed += 1;
    else row.other += 1;
    rows.set(c.commit, row);
  }
  return [...rows.values()];
}

export function renderStatusHtml(s: WatchStatus): string {
  const rows = perCommit(s.changes);
  const b = s.budget;
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${raw(STATIC_CSP)}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${TOOL_NAME} watch status</title>
<style>${raw(STYLE)}</style>
</head><body><header><h1>${TOOL_NAME} watch status</h1><p class="muted">Branch ${s.branch ?? '(detached)'} · ${s.commitsProcessed} commits processed · last ${
    s.lastCommit ? html`<code>${s.lastCommit.sha.slice(0, 12)}</code> ${s.lastCommit.status} at ${s.lastCommit.processedAt}` : 'none yet'
  }</p></header>
<main><section aria-labelledby="open-h"><h2 id="open-h">Open now: ${s.open.total}</h2><table><caption>Open findings by severity</caption><tbody>${SEVERITY_ORDER.map(
    (sev) => html`<tr><th scope="row">${sev}</th><td>${s.open.bySeverity[sev] ?? 0}</td></tr>`,
  )}</tbody></table></section>
<section aria-labelledby="commits-h"><h2 id="commits-h">Opened and closed per commit since ${s.since}</h2>${
    rows.length
      ? html`<table><thead><tr><th scope="col">commit</th><th scope="col">opened</th><th scope="col">closed</th><th scope="col">re-verified or other</th></tr></thead><tbody>${rows.map(
          (r) => html`<tr><td><code>${r.commit.slice(0, 12)}</code></td><td>${r.opened}</td><td>${r.closed}</td><td>${r.other}</td></tr>`,
        )}</tbody></table>`
      : html`<p class="empty">Nothing new, fixed, closed or re-verified.</p>`
  }</section>
<section aria-labelledby="changes-h"><h2 id="changes-h">Changes (${s.changes.length})</h2>${
    s.changes.length
      ? html`<table><thead><tr><th scope="col">what</th><th scope="col">finding</th><th scope="col">severity</th><th scope="col">where</th><th scope="col">commit</th><th scope="col">claim</th></tr></thead><tbody>${s.changes.map(
          (c) => html`<tr><td>${c.kind}</td><td>${c.findingId}</td><td>${c.severity}</td><td><code>${c.file}:${c.startLine}</code></td><td><code>${c.commit.slice(0, 12)}</code></td><td>${c.claim}</td></tr>`,
        )}</tbody></table>`
      : ''
  }</section>
${
  s.failedCommits.length || s.partialCommits.length
    ? html`<section aria-labelledby="failed-h"><h2 id="failed-h">Commits that need a look</h2><ul>${s.failedCommits.map((f) => html`<li>failed <code>${f.sha.slice(0, 12)}</code>: ${f.detail ?? 'no detail'}</li>`)}${s.partialCommits.map(
        (f) => html`<li>partly reviewed <code>${f.sha.slice(0, 12)}</code>: ${f.detail ?? 'no detail'}</li>`,
      )}</ul></section>`
    : ''
}
<section aria-labelledby="budget-h"><h2 id="budget-h">Budget today (${b.day}, UTC)</h2><p>${b.tokens} tokens, ${b.cpuSeconds} CPU seconds over ${b.cycles} cycles; level ${b.level}.${b.note ? ` ${b.note}` : ''}</p>${
    s.lastFailure ? html`<p>Last systemic failure: ${s.lastFailure.at}: ${s.lastFailure.detail ?? ''}</p>` : ''
  }</section></main></body></html>
`.toString();
}
