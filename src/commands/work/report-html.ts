// work-report.html: the fix queue's morning summary as one self-contained page beside work-report.md — what needs a
// person first, then every issue's outcome with its pull request, gates (figure and limit), proof (failed before,
// passes after, the suite's count), attempts, review panel, self-review and suite runs, then issues not taken, the
// halt and the wave promotion. No script; a CSP of `default-src 'none'` with only the report page's hashed stylesheet.
// Issue titles, reasons, branch names, model remarks and suite output are repository or model text: they pass the
// reports' secret redaction, control characters are made visible, and every one goes through the report page's `html`
// template, so it can only be text. Pull request links are drawn only for http(s) URLs. Pure.
import type { WorkGateRecord, WorkIssueEntry, WorkReport } from '../../artifacts/schemas/work-report.ts';
import { STATIC_CSP, STYLE } from '../../engines/report/html/assets.ts';
import { html, raw, type Html } from '../../engines/report/html/escape.ts';
import { printableDeep } from '../../engines/report/printable.ts';
import { redactDeep } from '../../engines/report/redact.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import { personNeeded } from './report.ts';

export const WORK_HTML_FILE = 'work-report.html';

const BADGE: Record<WorkIssueEntry['outcome'], string> = {
  'pr-opened': 'sev-low',
  'would-open-pr': 'sev-low',
  'empty-diff': 'sev-low',
  'already-open': 'sev-medium',
  halted: 'sev-medium',
  gated: 'sev-high',
  'review-failed': 'sev-high',
  failed: 'sev-high',
};

const outcomeBadge = (i: WorkIssueEntry) => html`<span class="badge ${BADGE[i.outcome]}">${i.outcome}</span>`;
const short = (sha: string | null) => (sha ? html`<code>${sha.slice(0, 12)}</code>` : '—');
const anchor = (i: WorkIssueEntry) => `issue-${i.issue}`;

function pullLink(i: WorkIssueEntry): Html | string {
  const pr = i.pullRequest;
  if (!pr) return '—';
  return /^https?:\/\//i.test(pr.url) ? html`<a href="${pr.url}" rel="noreferrer">#${pr.number}</a>` : `#${pr.number}`;
}

const gateText = (g: WorkGateRecord) => `${g.gate} ${g.figure}${g.limit === null ? '' : `/${g.limit}`}${g.passed ? '' : ' FAILED'}`;

function gatesTable(i: WorkIssueEntry): Html | '' {
  if (i.gates.length === 0) return '';
  return html`<table><caption>Gates</caption><thead><tr><th scope="col">gate</th><th scope="col">result</th><th scope="col">figure / limit</th><th scope="col">detail</th></tr></thead><tbody>${i.gates.map(
    (g) =>
      html`<tr><td>${g.gate}</td><td>${g.passed ? 'passed' : html`<strong>FAILED</strong>`}</td><td>${g.figure}${g.limit === null ? '' : ` / ${g.limit}`}</td><td>${g.detail}${g.waived ? html`<br><span class="muted">waived: ${g.waived}</span>` : ''}</td></tr>`,
  )}</tbody></table>`;
}

function proofPanel(i: WorkIssueEntry): Html | '' {
  const p = i.proof;
  if (!p) return '';
  return html`<section class="proof" aria-label="Proof of the fix for #${i.issue}"><h4>Proof</h4><ul><li>Before the fix: <strong>${p.before.outcome}</strong> — ${p.before.detail}</li><li>After the fix: <strong>${p.after.outcome}</strong> — ${p.after.detail}</li><li>The suite: ${p.suite.passed} of ${p.suite.total} passing (<code>${p.suite.command}</code>)</li></ul></section>`;
}

function reviewPart(i: WorkIssueEntry): Html | '' {
  const r = i.review;
  if (!r) return '';
  return html`<h4>Review panel: ${r.passed ? 'passed' : 'FAILED'}</h4><ul>${r.reviewers.map(
    (v) => html`<li>${v.reviewer}: <strong>${v.passed ? 'pass' : 'fail'}</strong>${v.remarks.length ? html`<ul>${v.remarks.map((m) => html`<li>${m}</li>`)}</ul>` : ''}</li>`,
  )}${r.notRun.map((n) => html`<li>${n.reviewer}: did not run — ${n.why}</li>`)}</ul>`;
}

function selfReviewPart(i: WorkIssueEntry): Html | '' {
  const s = i.selfReview;
  if (!s) return '';
  return html`<h4>Self-review: ${s.outcome}</h4><p>${s.why}${s.rounds ? ` (${s.rounds} fix round${s.rounds === 1 ? '' : 's'})` : ''}${s.commented ? '; remarks posted on the pull request' : ''}</p>${
    s.remarks.length ? html`<ul>${s.remarks.map((m) => html`<li><span class="badge tag">${m.tag}</span>${m.file ? html` <code>${m.file}${m.line ? `:${m.line}` : ''}</code>` : ''} ${m.remark}</li>`)}</ul>` : ''
  }`;
}

function suiteRuns(i: WorkIssueEntry): Html | '' {
  const runs = i.suiteRuns ?? [];
  if (runs.length === 0) return '';
  return html`<h4>Suite runs (${runs.length})</h4>${runs.map(
    (r) => html`<details class="fold"><summary>${r.when}: ${r.lines.length} line${r.lines.length === 1 ? '' : 's'}</summary><ul>${r.lines.map((l) => html`<li>${l}</li>`)}</ul>${
      r.output ? html`<pre tabindex="0"><code>${r.output}</code></pre>` : ''
    }</details>`,
  )}`;
}

function issueArticle(i: WorkIssueEntry): Html {
  const person = personNeeded(i);
  const facts: [string, Html | string][] = [
    ['Outcome', html`${outcomeBadge(i)}${i.failure ? ` (${i.failure})` : ''}`],
    ['Why', i.reason],
    ['Needs a person', person ?? 'nothing'],
    ['Pull request', pullLink(i)],
    ['Branch', i.branch ? html`<code>${i.branch}</code>${i.pushed ? ' (pushed)' : ' (not pushed)'}` : '—'],
    ['Base / fix commit', html`${short(i.baseCommit)} → ${short(i.commit)}`],
    ['Finding', i.findingId ? html`<code>${i.findingId}</code>${i.fingerprint ? html` · fingerprint <code>${i.fingerprint}</code>` : ''}` : '—'],
    ['On the issue', `${i.labelled.length ? `labelled ${i.labelled.join(', ')}` : 'no label added'}${i.commented ? '; outcome commented' : ''}`],
  ];
  return html`<article class="work-issue" id="${anchor(i)}" aria-labelledby="${anchor(i)}-h"><h3 id="${anchor(i)}-h">#${i.issue} ${i.title}</h3><dl class="facts">${facts.map(
    ([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`,
  )}</dl>${proofPanel(i)}${gatesTable(i)}${
    i.attempts.length ? html`<h4>Attempts (${i.attempts.length})</h4><ol>${i.attempts.map((a) => html`<li><strong>${a.outcome}</strong> — ${a.reason}</li>`)}</ol>` : ''
  }${reviewPart(i)}${selfReviewPart(i)}${suiteRuns(i)}</article>`;
}

function headline(report: WorkReport, people: number): Html {
  const counts = Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`)
    .join(', ');
  const what = report.issues.length === 0 ? 'No issue was worked.' : people ? `${people} issue${people === 1 ? ' needs' : 's need'} a person.` : 'Nothing needs a person.';
  return html`<div class="verdict ${people || report.status !== 'complete' ? 'not-clean' : 'clean'}" id="verdict" role="status"><strong>${what}</strong> Status ${report.status}${
    report.issues.length ? ` — ${report.issues.length} issue${report.issues.length === 1 ? '' : 's'}: ${counts}` : ''
  }.${report.error ? html`<br>Stopped: ${report.error}` : ''}${report.halt.halted ? html`<br>Halted after ${report.halt.streak} systemic failures in a row: ${report.halt.causes.join(' | ')}` : ''}</div>`;
}

function promotionPart(report: WorkReport): Html | '' {
  const p = report.promotion;
  if (!p) return '';
  const list = (ns: readonly number[]) => ns.map((n) => `#${n}`).join(', ');
  return html`<section aria-labelledby="promotion-h"><h2 id="promotion-h">Wave promotion</h2><ul><li>${
    p.promoted.length ? `${report.dryRun ? 'Would label' : 'Labelled'} auto-ready: ${list(p.promoted)}` : 'Nothing to promote.'
  }</li>${p.waiting.map((w) => html`<li>#${w.issue} waits on ${list(w.on)}</li>`)}${p.unknown.map((u) => html`<li>#${u.issue} depends on issues not found: ${list(u.missing)}</li>`)}${
    p.cycles.length ? html`<li>Dependency cycle (never promoted): ${list(p.cycles)}</li>` : ''
  }</ul></section>`;
}

/** The page for a work-report.json (as stored: redaction and control characters are handled here). */
export function renderWorkHtml(stored: WorkReport): string {
  const report = printableDeep(redactDeep(stored));
  const people = report.issues.flatMap((i) => {
    const why = personNeeded(i);
    return why ? [{ i, why }] : [];
  });
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${raw(STATIC_CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${TOOL_NAME} fix queue — ${report.repository}</title>
<style>${raw(STYLE)}</style>
</head><body>
<header><h1>${TOOL_NAME} fix queue: ${report.repository}</h1><p class="muted">${report.generatedAt}${report.dryRun ? ' · dry run: nothing pushed or written to GitHub' : ''} · base <code>${report.baseBranch ?? 'unknown'}</code> · run <code>${report.run.runId}</code></p>${headline(report, people.length)}</header>
<main><section aria-labelledby="people-h"><h2 id="people-h">Needs a person (${people.length})</h2>${
    people.length
      ? html`<ul>${people.map(({ i, why }) => html`<li><a href="#${anchor(i)}">#${i.issue}</a> ${outcomeBadge(i)} ${i.title}: ${why}</li>`)}</ul>`
      : html`<p class="empty">${report.issues.length ? 'Nothing: every issue ended without one.' : 'No issue was worked.'}</p>`
  }</section>
<section aria-labelledby="issues-h"><h2 id="issues-h">Issues (${report.issues.length})</h2>${
    report.issues.length
      ? html`<table><thead><tr><th scope="col">issue</th><th scope="col">outcome</th><th scope="col">pull request</th><th scope="col">gates</th><th scope="col">why</th></tr></thead><tbody>${report.issues.map(
          (i) => html`<tr><td><a href="#${anchor(i)}">#${i.issue}</a> ${i.title}</td><td>${outcomeBadge(i)}</td><td>${pullLink(i)}</td><td>${i.gates.map(gateText).join(', ') || '—'}</td><td>${i.reason}</td></tr>`,
        )}</tbody></table>${report.issues.map(issueArticle)}`
      : html`<p class="empty">None.</p>`
  }</section>
${report.refused.length ? html`<section aria-labelledby="refused-h"><h2 id="refused-h">Not taken (${report.refused.length})</h2><ul>${report.refused.map((r) => html`<li>#${r.issue}: ${r.why}</li>`)}</ul></section>` : ''}
${promotionPart(report)}
</main>
<footer><p class="muted">Written by ${TOOL_NAME} ${report.run.toolVersion} beside work-report.md and work-report.json. This page loads nothing and runs no script.</p></footer>
</body></html>
`.toString();
}
