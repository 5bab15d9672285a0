// The HTML page's sections that are not findings: vulnerable dependencies by reachability (with the call sites that
// reach them), the threat model's flows as a table beside the diagram, and coverage (what was not read, and why).
// Pure; every repository string goes through `html`.
import type { ScanReport } from '../../../artifacts/schemas/scan-report.ts';
import type { ThreatModel } from '../../../artifacts/schemas/threat-model.ts';
import { compareText } from '../../../foundations/text/compare.ts';
import { diagramEdges, edgeLabel } from '../threat-markdown.ts';
import { location, plural } from '../text.ts';
import { html, type Html } from './escape.ts';

const MAX_ROWS = 1000;
/** A table longer than this is folded in a closed <details> (not laid out until opened: a 1,000-row table costs a
 * large page's load more than its findings do). */
export const FOLD_ROWS = 50;

function folded(rows: number, what: string, table: Html): Html {
  return rows > FOLD_ROWS ? html`<details class="fold"><summary>Show all ${rows} ${what}</summary>${table}</details>` : table;
}

const REACHABILITY: [string, string][] = [
  ['reachable', 'Reachable: a call to the vulnerable function was found'],
  ['imported', 'Imported: the vulnerable function was not seen'],
  ['unknown', 'Reachability unknown'],
  ['not-imported', 'Not imported by any source file'],
];

export function dependencySection(report: ScanReport): Html {
  const d = report.dependencies;
  if (!d) return html``;
  const groups = REACHABILITY.map(([r, title]) => {
    const group = d.findings.filter((f) => f.reachability === r);
    if (group.length === 0) return html``;
    return html`<h3>${title} (${group.length})</h3><table><thead><tr><th scope="col">package</th><th scope="col">advisory</th><th scope="col">severity</th><th scope="col">scope</th><th scope="col">lockfile</th><th scope="col">why / call sites</th></tr></thead><tbody>${group.map(
      (f) =>
        html`<tr id="${f.id}"><td><code>${f.package}@${f.version}</code></td><td>${f.advisory.id}${f.advisory.aliases.length ? ` (${f.advisory.aliases.join(', ')})` : ''}: ${f.advisory.summary}</td><td>${f.severity}${f.advisory.cvss ? ` · CVSS ${f.advisory.cvss.baseScore.toFixed(1)}` : ''}</td><td>${f.dev ? 'dev only' : 'production'}, ${f.direct ? 'direct' : `via ${f.path.slice(0, -1).join(' › ')}`}</td><td><code>${location(f.lockfile, f.line, f.line)}</code></td><td>${f.reachabilityReason}${
          f.callSites.length ? html`<ul>${f.callSites.map((c) => html`<li><code>${location(c.file, c.startLine, c.endLine)}</code> <code>${c.quote}</code></li>`)}</ul>` : ''
        }</td></tr>`,
    )}</tbody></table>`;
  });
  const source = d.advisories.source === 'none' ? 'none given' : `${d.advisories.source} ${d.advisories.location}, ${plural(d.advisories.count, 'advisory', 'advisories')}`;
  return html`<section aria-labelledby="deps-h"><h2 id="deps-h">Vulnerable dependencies (${d.findings.length})</h2><p>Advisories: ${source}. Lockfiles: ${
    d.lockfiles.map((l) => `${l.path} ${l.status}`).join(', ') || 'none found'
  }. Only a reachable production dependency at or above --fail-on ${report.options.failOn} fails the scan.</p>${
    d.findings.length === 0 ? html`<p class="empty">None found.</p>` : groups
  }${d.notes.length ? html`<h3>Not fully checked</h3><ul>${d.notes.map((n) => html`<li>${n}</li>`)}</ul>` : ''}</section>`;
}

/** The diagram's arrows as a table (for a screen reader and for text search), then the flows with no mitigation seen. */
export function threatTable(model: ThreatModel): Html {
  const names = new Map<string, string>([['P0', 'Application'], ...model.actors.map((a) => [a.id, a.name] as [string, string]), ...model.assets.map((a) => [a.id, a.name] as [string, string])]);
  const edges = diagramEdges(model);
  const open = model.flows.flatMap((f) => f.threats.filter((t) => t.mitigation.status === 'absent').map((t) => ({ f, t })));
  return html`${
    edges.length
      ? html`<table><caption>Arrows of the diagram</caption><thead><tr><th scope="col">from</th><th scope="col">to</th><th scope="col">boundary and flows</th></tr></thead><tbody>${edges.map((e) => html`<tr><td>${names.get(e.from) ?? e.from}</td><td>${names.get(e.to) ?? e.to}</td><td>${edgeLabel(model, e)}</td></tr>`)}</tbody></table>`
      : ''
  }${
    open.length
      ? html`<h3>Threats with no mitigation seen (${open.length})</h3>${folded(open.length, 'threats', html`<table><thead><tr><th scope="col">flow</th><th scope="col">STRIDE</th><th scope="col">where</th><th scope="col">entry</th><th scope="col">threat</th><th scope="col">what is missing</th></tr></thead><tbody>${open.map(
          ({ f, t }) => html`<tr><td>${f.id}</td><td>${t.stride}</td><td><code>${(t.mitigation.at ?? f.at).file}:${(t.mitigation.at ?? f.at).line}</code></td><td>${f.entry?.name ?? ''}</td><td>${t.threat}</td><td>${t.mitigation.detail}</td></tr>`,
        )}</tbody></table>`)}`
      : ''
  }`;
}

export function coverageSection(report: ScanReport): Html {
  const cov = report.coverage;
  const gaps = cov.notCovered.filter((n) => n.status !== 'skipped');
  const skipped = Object.entries(cov.skippedCounts).filter(([, n]) => n > 0).sort(([a], [b]) => compareText(a, b));
  const lead =
    cov.filesInScope === 0
      ? html`<p>No in-scope source files were found; nothing was checked.</p>`
      : gaps.length === 0
        ? html`<p>Every in-scope file (${cov.filesInScope}) was scanned.</p>`
        : html`<p>${plural(gaps.length, 'in-scope file')} ${gaps.length === 1 ? 'was' : 'were'} not scanned:</p>${folded(Math.min(gaps.length, MAX_ROWS), 'files', html`<table><thead><tr><th scope="col">file</th><th scope="col">status</th><th scope="col">why</th></tr></thead><tbody>${gaps
            .slice(0, MAX_ROWS)
            .map((g) => html`<tr><td><code>${g.path}</code></td><td>${g.status}</td><td>${g.reason}</td></tr>`)}</tbody></table>`)}${gaps.length > MAX_ROWS ? html`<p>…and ${gaps.length - MAX_ROWS} more; see coverage.json.</p>` : ''}`;
  return html`<section aria-labelledby="coverage-h"><h2 id="coverage-h">Coverage</h2><p>${cov.filesScanned}/${cov.filesInScope} in-scope files scanned${cov.complete ? '' : ' — INCOMPLETE'}.</p>${lead}${
    skipped.length ? html`<p>Left out of scope by triage: ${skipped.map(([k, n]) => `${k} ${n}`).join(', ')} (files listed in coverage.json).</p>` : ''
  }</section>`;
}
