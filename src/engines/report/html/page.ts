// report.html, rendered from the gathered inputs only (pure): one self-contained page with a Content-Security-Policy
// of `default-src 'none'` and only its own hashed style and script. Top to bottom: the verdict (exit code and why),
// counts, the filter bar, the findings (confirmed T1/T2, then suspected T3, manual review, unreviewed, dismissed and
// suppressed, each its own section), dependencies by reachability, the threat model's data-flow diagram, checks and
// coverage. The filter bar's data is a JSON block no string can close; a large page's finding bodies travel packed
// (gzip, base64) and are drawn when a finding is opened; long tables are folded.
import { gunzipSync, gzipSync } from 'node:zlib';
import { SEVERITY_ORDER } from '../../../artifacts/schemas/common.ts';
import type { ReportedFinding, ScanReport } from '../../../artifacts/schemas/scan-report.ts';
import { compareText } from '../../../foundations/text/compare.ts';
import { TOOL_NAME } from '../../../foundations/version.ts';
import { verdictOf } from '../clean.ts';
import { dependencySummary } from '../dependency-markdown.ts';
import { baselineNote, diffNote } from '../diff-marks.ts';
import { decideExit } from '../exit-decision.ts';
import { shardNote } from '../markdown.ts';
import { CSP, SCRIPT, STYLE } from './assets.ts';
import { dataFlowSvg } from './diagram.ts';
import { html, join, jsonScript, raw, type Html } from './escape.ts';
import { changeOf, findingBody, findingCard } from './finding.ts';
import type { HtmlInputs } from './inputs.ts';
import { printableDeep } from '../printable.ts';
import { coverageSection, dependencySection, threatTable } from './sections.ts';

interface Group {
  id: string;
  title: string;
  note: string;
  findings: ReportedFinding[];
}

function groupsOf(report: ScanReport): Group[] {
  const live = report.findings.filter((f) => !f.suppressed);
  const confirmed = live.filter((f) => f.verdict === 'confirmed');
  return [
    { id: 'confirmed', title: 'Confirmed findings', note: 'Reproduced (T1) or verified by adversarial review (T2).', findings: confirmed.filter((f) => f.tier !== 'T3') },
    { id: 'suspected', title: 'Suspected (T3)', note: 'Confirmed by the referee but neither reproduced nor verified; hidden from report.md unless --show-suspected.', findings: confirmed.filter((f) => f.tier === 'T3') },
    { id: 'manual-review', title: "Waiting for a person's decision (manual review)", note: 'The referee could not decide; a person must.', findings: live.filter((f) => f.verdict === 'manual-review') },
    { id: 'unreviewed', title: 'Unreviewed', note: 'Review did not finish for these findings.', findings: live.filter((f) => f.verdict === 'unreviewed') },
    { id: 'dismissed', title: 'Dismissed by review', note: 'The evidence disproved them; the reasoning says why.', findings: live.filter((f) => f.verdict === 'dismissed') },
    { id: 'suppressed', title: 'Suppressed', note: "Hidden by a dismissal, the repository's suppressions.json or an inline comment; never counted.", findings: report.findings.filter((f) => f.suppressed) },
  ];
}

function verdictBlock(report: ScanReport): Html {
  const v = verdictOf(report);
  const exit = decideExit(report, { failOn: report.options.failOn });
  return html`<div class="verdict ${v.clean ? 'clean' : 'not-clean'}" id="verdict" role="status"><strong>${v.clean ? 'Clean' : 'Not clean'}</strong> — exit ${exit.code}: ${exit.reason}<br><span>${v.headline}</span></div>`;
}

function countTable(caption: string, rows: [string, number | string][]): Html {
  return html`<table><caption>${caption}</caption><tbody>${rows.map(([k, n]) => html`<tr><th scope="row">${k}</th><td>${n}</td></tr>`)}</tbody></table>`;
}

function summary(report: ScanReport): Html {
  const live = report.findings.filter((f) => !f.suppressed);
  const v = report.counts.byVerdict;
  const byTier = (['T1', 'T2', 'T3'] as const).map((t) => [t, live.filter((f) => f.verdict === 'confirmed' && f.tier === t).length] as [string, number]);
  const bySeverity = SEVERITY_ORDER.map((s) => [s, report.counts.bySeverity[s] ?? 0] as [string, number]);
  const cov = report.coverage;
  const facts: [string, string][] = [
    ['Run status', report.status],
    ['Coverage', `${cov.filesScanned}/${cov.filesInScope} in-scope files scanned${cov.complete ? '' : ' — INCOMPLETE'}`],
    ['Chunks', `${report.chunks.done} done, ${report.chunks.failed} failed, ${report.chunks.unreviewed} unreviewed, of ${report.chunks.total}`],
    ['Fail on', `${report.options.failOn} (${report.counts.failing} failing)`],
    ['Engines', report.engines.join(', ') || '—'],
    ['Models', report.models.join(', ') || '—'],
    ['Profile / mode', `${report.profile} / ${report.mode}`],
    ['Duration', `${(report.durationMs / 1000).toFixed(1)} s`],
    ['Run', `${report.run.runId} · commit ${report.run.baseCommit?.slice(0, 12) ?? 'none (not git)'} · ${TOOL_NAME} ${report.run.toolVersion}`],
  ];
  const extra = [diffNote(report) && ['Diff scope', diffNote(report)!], baselineNote(report) && ['Baseline', baselineNote(report)!], shardNote(report) && ['Shard', shardNote(report)!]].filter(
    (x): x is [string, string] => Boolean(x),
  );
  if (report.dependencies) extra.push(['Vulnerable dependencies', dependencySummary(report.dependencies, report.generatedAt)]);
  return html`<section aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2><div class="counts">${countTable('By verdict', [
    ['confirmed', v.confirmed ?? 0],
    ['manual review', v['manual-review'] ?? 0],
    ['unreviewed', v.unreviewed ?? 0],
    ['dismissed', v.dismissed ?? 0],
    ['suppressed', report.counts.suppressed],
  ])}${countTable('Confirmed by tier', byTier)}${countTable('Confirmed by severity', bySeverity)}${countTable('Run', [...facts, ...extra])}</div></section>`;
}

function options(values: readonly string[], label: (v: string) => string = (v) => v): Html {
  return join(values.map((v) => html`<option value="${v}">${label(v)}</option>`));
}

function filterBar(report: ScanReport): Html {
  const cats = [...new Set(report.findings.map((f) => f.finding.category))].sort(compareText);
  const hasBaseline = report.findings.some((f) => f.baseline !== undefined);
  return html`<form class="filters" id="filters" hidden aria-label="Filter and sort findings">
<label for="f-sev">Severity<select id="f-sev"><option value="">any</option>${options(SEVERITY_ORDER)}</select></label>
<label for="f-cat">Class<select id="f-cat"><option value="">any</option>${options(cats)}</select></label>
<label for="f-tier">Tier<select id="f-tier"><option value="">any</option>${options(['T1', 'T2', 'T3'])}</select></label>
${hasBaseline ? html`<label for="f-change">New or baseline<select id="f-change"><option value="">any</option><option value="new">new</option><option value="baseline">pre-existing</option></select></label>` : ''}
<label for="f-file">File contains<input id="f-file" type="search" autocomplete="off"></label>
<label for="f-sort">Sort by<select id="f-sort">${options(['severity', 'file', 'class', 'tier', 'confidence'])}</select></label>
<output id="f-count" aria-live="polite" for="f-sev f-cat f-tier f-file"></output>
</form>`;
}

/** Up to this many findings, every body is in the page's markup (searchable, readable without the script); above it,
 * bodies travel in a packed data block and are drawn when a finding is opened, so a 1,000-finding page opens quickly. */
export const INLINE_BODIES = 200;

/** Finding id → body markup as gzip'd JSON in base64 (no `<`, so it cannot close its block); the script unpacks it.
 * Megabytes of escaped markup in a JSON block cost the parser half a second at load; the packed block is ~1/20. */
export function packBodies(bodies: Record<string, string>): string {
  return gzipSync(JSON.stringify(bodies), { level: 9 }).toString('base64');
}

/** The inverse of packBodies (for tests and tools that read a page). */
export function unpackBodies(packed: string): Record<string, string> {
  return packed.trim() ? (JSON.parse(gunzipSync(Buffer.from(packed.trim(), 'base64')).toString('utf8')) as Record<string, string>) : {};
}

function groupSection(g: Group, inputs: HtmlInputs, inline: boolean): Html {
  if (g.findings.length === 0 && g.id !== 'confirmed') return html``;
  return html`<section aria-labelledby="${g.id}-h"><h2 id="${g.id}-h">${g.title} (${g.findings.length}) <span class="muted" id="list-${g.id}-shown"></span></h2><p class="muted">${g.note}</p>${
    g.findings.length ? html`<div class="findings" id="list-${g.id}">${g.findings.map((f) => findingCard(f, inline ? findingBody(f, inputs) : undefined))}</div>` : html`<p class="empty">None.</p>`
  }</section>`;
}

function suppressionNotes(report: ScanReport): Html {
  const v = verdictOf(report);
  const list = (title: string, lines: string[], note: string) =>
    lines.length ? html`<h3>${title} (${lines.length})</h3><p class="muted">${note}</p><ul>${lines.map((l) => html`<li>${l}</li>`)}</ul>` : '';
  const body = [
    list('Suppressions not applied', v.notApplied, 'These match a finding, which is reported anyway.'),
    list('Unused suppressions', v.unused, 'These match no finding of this run: remove them.'),
  ].filter(Boolean);
  return body.length ? html`<section aria-labelledby="supp-notes-h"><h2 id="supp-notes-h">Suppression notes</h2>${body}</section>` : html``;
}

function checksSection(report: ScanReport): Html {
  const checks = report.checks ?? [];
  if (checks.length === 0) return html``;
  return html`<section aria-labelledby="checks-h"><h2 id="checks-h">Checks asked for</h2>${checks.map(
    (c) =>
      html`<h3>${c.check}: ${c.ran ? 'ran' : 'did not run'}</h3><p>${c.detail}</p>${
        c.items?.length ? html`<table><thead><tr><th scope="col">check</th><th scope="col">status</th><th scope="col">detail</th></tr></thead><tbody>${c.items.map((i) => html`<tr><td>${i.name}${i.command ? html`<br><code>${i.command}</code>` : ''}</td><td>${i.status}</td><td>${i.detail}</td></tr>`)}</tbody></table>` : ''
      }`,
  )}</section>`;
}

/** The data the page's script filters and sorts by (one entry per finding card). */
function pageData(report: ScanReport): unknown {
  return {
    runId: report.run.runId,
    findings: report.findings.map((f) => ({
      id: f.finding.id,
      sev: f.severity,
      tier: f.tier,
      cat: f.finding.category,
      file: f.finding.file,
      line: f.finding.startLine,
      conf: f.confidence,
      change: changeOf(f),
      verdict: f.verdict,
    })),
  };
}

export function renderHtml(gathered: HtmlInputs, options: { inlineBodies?: number } = {}): string {
  // Control characters and bidirectional overrides from the repository or a model are shown as \uXXXX, as in report.md.
  const inputs: HtmlInputs = {
    ...gathered,
    report: printableDeep(gathered.report),
    threatModel: printableDeep(gathered.threatModel),
    reproductions: printableDeep(gathered.reproductions),
    fixReport: printableDeep(gathered.fixReport),
  };
  const { report } = inputs;
  const groups = groupsOf(report);
  const inline = report.findings.length <= (options.inlineBodies ?? INLINE_BODIES);
  const bodies = inline ? '' : packBodies(Object.fromEntries(report.findings.map((f) => [f.finding.id, findingBody(f, inputs).toString()])));
  const svg = inputs.threatModel ? dataFlowSvg(inputs.threatModel) : null;
  const nav = [
    ...groups.filter((g) => g.findings.length || g.id === 'confirmed').map((g) => [`${g.id}-h`, `${g.title} (${g.findings.length})`]),
    ...(report.dependencies ? [['deps-h', 'Dependencies']] : []),
    ...(inputs.threatModel ? [['threat-h', 'Threat model']] : []),
    ['coverage-h', 'Coverage'],
  ];
  const page = html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${raw(CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${TOOL_NAME} report — ${report.run.runId}</title>
<style>${raw(STYLE)}</style>
</head><body>
<header><h1>${TOOL_NAME} report</h1><p class="muted"><code>${report.run.repoRoot}</code> · generated ${report.generatedAt}</p>${verdictBlock(report)}
<nav aria-label="Sections"><ul class="counts">${nav.map(([id, label]) => html`<li><a href="#${id!}">${label!}</a></li>`)}</ul></nav></header>
<main>${summary(report)}
${filterBar(report)}
${groups.map((g) => groupSection(g, inputs, inline))}
${suppressionNotes(report)}
${dependencySection(report)}
${inputs.threatModel ? html`<section aria-labelledby="threat-h"><h2 id="threat-h">Threat model: data-flow diagram</h2>${svg ? html`<div class="diagram" tabindex="0" role="region" aria-label="Data-flow diagram (scrolls sideways)">${svg}</div>` : html`<p class="empty">No data flows were found.</p>`}${threatTable(inputs.threatModel)}</section>` : ''}
${checksSection(report)}
${coverageSection(report)}
</main>
<footer><p class="muted">Written by ${TOOL_NAME} ${report.run.toolVersion}. This page loads nothing and runs only its own script.</p></footer>
<script type="application/json" id="bh-data">${raw(jsonScript(pageData(report)))}</script>
<script type="text/plain" id="bh-bodies">${raw(bodies)}</script>
<script>${raw(SCRIPT)}</script>
</body></html>
`;
  return page.toString();
}
