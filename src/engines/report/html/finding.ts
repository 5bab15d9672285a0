// One finding on the HTML page: a <details> element whose summary line is what the list shows (severity, tier, id,
// claim, place) and whose body is everything known about it: the facts (CWE, CVSS, STRIDE, fingerprint, change),
// the proof panel of a T1 finding, each evidence quote with the lines around it, the source-to-sink path, and the
// skeptics' and referee's reasoning. Pure; every repository or model string goes through `html`.
import type { Evidence } from '../../../artifacts/schemas/common.ts';
import type { ReportedFinding } from '../../../artifacts/schemas/scan-report.ts';
import { scoreLabel } from '../../security/by-stride.ts';
import { HOST_RUN_WARNING } from '../../repro/host-warning.ts';
import { location } from '../text.ts';
import { html, join, type Html } from './escape.ts';
import { contextKey, type HtmlInputs } from './inputs.ts';
import { copyNote } from '../../findings/related.ts';

export const TIER_NAME = { T1: 'T1 reproduced', T2: 'T2 verified', T3: 'T3 suspected' } as const;

/** new / baseline / '' (no baseline given): the "Change" filter's value. */
export function changeOf(f: ReportedFinding): string {
  return f.baseline === undefined ? '' : f.baseline ? 'baseline' : 'new';
}

const oneLine = (text: string, width: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

/** Numbered lines as one text block, the quoted ones inside a single <mark> (few tags: a large page carries many). */
function numbered(first: number, lines: readonly string[], hitFrom: number, hitTo: number): Html {
  const width = String(first + lines.length - 1).length;
  const text = (from: number, to: number) => lines.slice(from - first, to - first + 1).map((l, i) => `${String(from + i).padStart(width)}  ${l}\n`).join('');
  const last = first + lines.length - 1;
  return html`<pre class="code" tabindex="0"><code>${text(first, hitFrom - 1)}<mark>${text(hitFrom, hitTo)}</mark>${text(hitTo + 1, last)}</code></pre>`;
}

function evidenceBlock(e: Evidence, inputs: HtmlInputs): Html {
  const where = location(e.file, e.startLine, e.endLine);
  const ctx = inputs.context.get(contextKey(e));
  if (!ctx || !ctx.matches) {
    const lines = e.quote.split('\n');
    const note = ctx ? html`<p class="muted">The file no longer holds this quote at these lines; the quote as recorded:</p>` : '';
    return html`<figure class="evidence"><figcaption><code>${where}</code></figcaption>${note}${numbered(e.startLine, lines, e.startLine, e.startLine + lines.length - 1)}</figure>`;
  }
  const after = ctx.first + ctx.lines.length - 1 - e.endLine;
  return html`<figure class="evidence"><figcaption><code>${where}</code> <span class="muted">(with ${e.startLine - ctx.first} lines before and ${after} after; quoted lines marked)</span></figcaption>${numbered(ctx.first, ctx.lines, e.startLine, e.endLine)}</figure>`;
}

function facts(f: ReportedFinding, runId: string): Html {
  const x = f.finding;
  const rows: [string, Html | string][] = [
    ['Where', html`<code>${location(x.file, x.startLine, x.endLine)}</code>${x.symbol ? html` in <code>${x.symbol}</code>` : ''}`],
    ['Verdict', `${f.verdict}${f.suppressed ? ' (suppressed)' : ''}`],
    ['Tier', TIER_NAME[f.tier]],
    ['Severity', f.severity],
    ['Class', `${x.category}${x.cwe ? ` (${x.cwe})` : ''}`],
    ['Confidence', f.confidence.toFixed(2)],
    ['Found by', `${[x.engine, x.ruleId && `rule ${x.ruleId}`, `lens ${x.lens}`, x.model].filter(Boolean).join(', ')}${x.corroboratedBy?.length ? `; also ${x.corroboratedBy.join(', ')}` : ''}`],
    ['Trigger', x.runtimeTrigger],
    ['Fingerprint', html`<code>${x.fingerprint}</code>`],
  ];
  const change = [changeOf(f) === 'baseline' ? 'pre-existing at the baseline' : changeOf(f), f.inDiff === undefined ? '' : f.inDiff ? 'on a changed line' : 'not on a changed line'].filter(Boolean);
  if (change.length) rows.push(['Change', change.join(', ')]);
  if (f.firstSeenRun) rows.push(['First seen', f.firstSeenRun === runId ? 'in this run' : `in run ${f.firstSeenRun}`]);
  if (f.security) {
    const s = f.security;
    rows.push(['CWE', `${s.cwe} (${s.cweSource})`]);
    rows.push(['STRIDE', `${s.stride} — ${s.strideReason}`]);
    rows.push([
      'CVSS 3.1',
      html`${scoreLabel(f)} <code>${s.cvss.vector}</code>${s.cvss.adjusted ? html` (adjusted by the referee from <code>${s.cvss.adjusted.from}</code>: ${s.cvss.adjusted.reason})` : ''}<ul>${s.cvss.metrics.map((m) => html`<li><code>${m.metric}:${m.value}</code> — ${m.reason}</li>`)}</ul>`,
    ]);
  } else if (x.stride?.length) rows.push(['STRIDE', x.stride.join(', ')]);
  if (f.verification?.length) rows.push(['Checks', f.verification.join('; ')]);
  if (f.suppressed) rows.push(['Suppressed', `${f.suppressed.reason} — by ${f.suppressed.by}${f.suppressed.where ? ` in ${f.suppressed.where}` : ''}`]);
  return html`<dl class="facts">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>`;
}

/** The proof of a T1 finding: the reproduction test, what it failed with (on both runs), and a fix's checks if any. */
function proofPanel(f: ReportedFinding, inputs: HtmlInputs): Html | '' {
  if (f.tier !== 'T1' || !f.repro) return '';
  const id = f.finding.id;
  const repro = inputs.reproductions?.find((r) => r.findingId === id);
  const files = inputs.proofs?.get(id);
  const fix = inputs.fixReport?.fixes.find((x) => x.findingId === id);
  const runs = repro?.history?.length ? html`<ol>${repro.history.map((h) => html`<li>attempt ${h.attempt}: <strong>${h.outcome}</strong> — ${h.reason}</li>`)}</ol>` : '';
  const after = fix
    ? html`<h5>After the fix: ${fix.status}</h5><p>Before: ${fix.before.join('; ') || 'no checks recorded'}</p><p>After: ${fix.after.join('; ') || 'no checks recorded'}</p>`
    : html`<p class="muted">No fix yet: <code>bug-hunter fix</code> applies one and re-runs this test and the rest of the suite.</p>`;
  return html`<section class="proof" aria-label="Proof of ${id}"><h4>Proof: reproduced (T1)</h4><p>${f.repro.reason}</p>${
    f.repro.command ? html`<p>Re-run: <code>${f.repro.command}</code>${f.repro.dir ? html` (test in <code>${f.repro.dir}</code>)` : ''}. <strong>Warning:</strong> the script ${HOST_RUN_WARNING}.</p>` : ''
  }${runs}${files?.test ? html`<h5>The reproduction test: <code>${files.test.name}</code></h5><pre tabindex="0"><code>${files.test.text}</code></pre>` : ''}${
    files?.failingOutput ? html`<h5>What it failed with on the unfixed code</h5><pre tabindex="0"><code>${files.failingOutput}</code></pre>` : ''
  }${after}</section>`;
}

function reasoning(f: ReportedFinding): Html {
  const items: Html[] = [];
  if (f.skepticReasoning.length === 0) items.push(html`<li>skeptic panel: ${f.skepticOutcome === 'none' ? 'did not see this finding' : f.skepticOutcome}</li>`);
  for (const r of f.skepticReasoning) items.push(html`<li>skeptic ${r.seat} (${r.engine}): <strong>${r.vote}</strong> — ${r.reason}</li>`);
  if (f.skepticReasoning.length > 0) items.push(html`<li>panel outcome: ${f.skepticOutcome}</li>`);
  items.push(html`<li>referee${f.refereeEngine ? ` (${f.refereeEngine}${f.reread ? ', re-read the source' : ''})` : ''}: <strong>${f.verdict}</strong> — ${f.refereeReasoning}</li>`);
  return html`<h4>Reasoning</h4><ul>${items}</ul>`;
}

/** Everything about the finding below its summary line: the markup of its <div class="body">. */
export function findingBody(f: ReportedFinding, inputs: HtmlInputs): Html {
  const x = f.finding;
  const flow = x.flow ? html`<h4>Path (source to sink)</h4><ol class="flow">${x.flow.map((s) => html`<li><code>${s.file}:${s.line}</code> — ${s.note}</li>`)}</ol>` : '';
  const related = f.relatedLocations?.length
    ? html`<h4>Also in builds and bundles of this file</h4><ul>${f.relatedLocations.map((r) => html`<li><code>${location(r.file, r.startLine, r.endLine)}</code> (${copyNote(r)})</li>`)}</ul>`
    : '';
  return html`<p class="claim-full">${x.claim}</p><p><a href="#${x.id}">Link to this finding</a></p>${facts(f, inputs.report.run.runId)}${proofPanel(f, inputs)}<h4>Evidence</h4>${join(
    x.evidence.map((e) => evidenceBlock(e, inputs)),
  )}${flow}${related}${reasoning(f)}`;
}

/**
 * The finding as a <details> element with id = the finding's id (the page's stable link). `body` undefined: the body
 * is left empty and the page's script fills it from the bodies data block when the finding is opened (large pages).
 */
export function findingCard(f: ReportedFinding, body: Html | undefined): Html {
  const x = f.finding;
  const change = changeOf(f);
  return html`<details class="finding" id="${x.id}"><summary><span class="badge sev-${f.severity}">${f.severity}</span><span class="badge tier">${f.tier}</span>${
    change === 'new' ? html`<span class="badge tag">new</span>` : ''
  } <span class="claim">${oneLine(x.claim, 160)}</span> <span class="muted">— <code>${location(x.file, x.startLine, x.endLine)}</code> · ${x.category} · ${x.id}</span></summary><div class="body"${body ? '' : html` data-lazy="1"`}>${body ?? ''}</div></details>`;
}
