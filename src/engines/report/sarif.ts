// report.sarif, rendered from scan-report.json only: SARIF 2.1.0 that GitHub code scanning accepts.
// Repository-relative URIs under %SRCROOT%, partialFingerprints from the finding fingerprint, level from tier,
// baselineState new/unchanged after --baseline, and absent for each base finding gone at the head (sarif-absent.ts);
// a taint finding's path as codeFlows; the bundle copies of a finding as its relatedLocations.
import { pathToFileURL } from 'node:url';
import type { Evidence } from '../../artifacts/schemas/common.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { TOOL_NAME, TOOL_VERSION } from '../../foundations/version.ts';
import { isListed } from './findings.ts';
import { verdictOf } from './clean.ts';
import { SUPPRESSIONS_WHERE } from '../suppress/apply.ts';
import { dependencySarif } from './dependency-sarif.ts';
import { absentSarif } from './sarif-absent.ts';
import { buildRules, FINGERPRINT_KEY, isManualReview, levelOf, ruleIdOf } from './sarif-rules.ts';
import { verificationLines } from './verification-markdown.ts';
import { redactDeep } from './redact.ts';
import { analysedCopy } from '../findings/related.ts';

export { FINGERPRINT_KEY };

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const INFORMATION_URI = 'https://bug-hunter.dev/';
const SRCROOT = '%SRCROOT%';
const MAX_NOTIFICATIONS = 100;

/** A sentence ends with a period: the SARIF validator asks for it in every message. */
function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function artifactLocation(path: string) {
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function region(e: Pick<Evidence, 'startLine' | 'endLine'>, snippet?: string) {
  return { startLine: e.startLine, endLine: Math.max(e.startLine, e.endLine), ...(snippet ? { snippet: { text: snippet } } : {}) };
}

function result(f: ReportedFinding, ruleIndex: number) {
  const x = f.finding;
  // The primary region's snippet is the evidence quote at exactly those lines, when there is one.
  const exact = x.evidence.find((e) => e.file === x.file && e.startLine === x.startLine && e.endLine === x.endLine);
  const related = x.evidence.map((e, i) => ({
    id: i + 1,
    message: { text: sentence(`Evidence ${i + 1} of ${x.evidence.length}`) },
    physicalLocation: { artifactLocation: artifactLocation(e.file), region: region(e, e.quote) },
  }));
  // The same finding in bundles of the file: one result at the source, the copies as its related locations.
  for (const r of f.relatedLocations ?? []) {
    related.push({
      id: related.length + 1,
      message: { text: sentence(analysedCopy(r) ? `The same finding in the bundle ${r.file} (${r.findingId} on its own)` : `The same lines in the build copy ${r.file}, which this scan did not analyse (it read the source)`) },
      physicalLocation: { artifactLocation: artifactLocation(r.file), region: region(r) },
    });
  }
  return {
    ruleId: ruleIdOf(f),
    ruleIndex,
    kind: 'fail',
    level: levelOf(f),
    message: { text: sentence(`${x.claim.replace(/[.\s]+$/, '')}. Trigger: ${x.runtimeTrigger}`) },
    locations: [
      {
        physicalLocation: { artifactLocation: artifactLocation(x.file), region: region(x, exact?.quote) },
        ...(x.symbol ? { logicalLocations: [{ name: x.symbol, kind: 'function' }] } : {}),
      },
    ],
    relatedLocations: related,
    ...(x.flow ? { codeFlows: [codeFlowOf(x.flow)] } : {}),
    partialFingerprints: { [FINGERPRINT_KEY]: x.fingerprint },
    ...(f.suppressed ? { suppressions: [suppressionOf(f.suppressed, x.file)] } : {}),
    // Only a --baseline run compared with a base: new (not at the base) or unchanged (already there).
    ...(f.baseline === undefined ? {} : { baselineState: f.baseline ? 'unchanged' : 'new' }),
    rank: Math.round(f.confidence * 100),
    properties: {
      findingId: x.id,
      tier: f.tier,
      verdict: f.verdict,
      severity: f.severity,
      category: x.category,
      confidence: f.confidence,
      engine: x.engine,
      skepticOutcome: f.skepticOutcome,
      // Waiting for a person: code scanning lists these apart (own rule, tag manual-review); --fail-on-review decides the exit.
      ...(isManualReview(f) ? { bugHunter: { review: 'manual' } } : {}),
      reasoning: [...f.skepticReasoning.map((r) => `skeptic ${r.seat} (${r.engine}): ${r.vote} — ${r.reason}`), `referee: ${f.verdict} — ${f.refereeReasoning}`],
      ...(f.repro ? { repro: f.repro } : {}),
      ...(f.security ? { cwe: f.security.cwe, stride: f.security.stride, cvssVector: f.security.cvss.vector, cvssBaseScore: f.security.cvss.baseScore, cvssMetrics: f.security.cvss.metrics.map((m) => `${m.metric}:${m.value} — ${m.reason}`) } : {}),
    },
  };
}

// The tainted value's path, source first and the sink last: one thread flow whose locations are the steps in order.
function codeFlowOf(flow: NonNullable<ReportedFinding['finding']['flow']>) {
  return {
    message: { text: sentence(`The value's path from its source to the sink, in ${flow.length} steps`) },
    threadFlows: [
      {
        locations: flow.map((s, i) => ({
          location: { physicalLocation: { artifactLocation: artifactLocation(s.file), region: { startLine: s.line } }, message: { text: sentence(s.note) } },
          executionOrder: i + 1,
          nestingLevel: 0,
        })),
      },
    ],
  };
}

// A suppressed result stays in the log, marked: a reviewer (and GitHub code scanning) sees what was hidden and why.
// inSource: a bug-hunter-ignore comment, located at its line; external: an entry of .bug-hunter/suppressions.json.
function suppressionOf(s: NonNullable<ReportedFinding['suppressed']>, file: string) {
  const inline = s.source === 'inline';
  const line = inline ? Number(/:(\d+)$/.exec(s.where ?? '')?.[1] ?? 0) : 0;
  const where = inline ? { artifactLocation: artifactLocation(file), ...(line > 0 ? { region: { startLine: line } } : {}) } : { artifactLocation: artifactLocation(s.where ?? SUPPRESSIONS_WHERE) };
  return {
    kind: inline ? 'inSource' : 'external',
    status: 'accepted',
    justification: s.reason,
    location: { physicalLocation: where },
    properties: { source: s.source ?? 'dismissal', by: s.by, ...(s.at ? { at: s.at } : {}) },
  };
}

// Suppressions that hid nothing, and those set aside, as notes of the run (like ESLint's unused disable directives).
function suppressionNotifications(report: ScanReport) {
  const v = verdictOf(report);
  const note = (text: string) => ({ level: 'note', message: { text: sentence(text) } });
  return [...v.notApplied.map((l) => note(`Suppression not applied: ${l}`)), ...v.unused.map((l) => note(`Unused suppression: ${l}`))].slice(0, MAX_NOTIFICATIONS);
}

export function renderSarif(stored: ScanReport): Record<string, unknown> {
  // What leaves the machine (code scanning, CI, a pull request) never carries a secret quoted in evidence.
  const report = redactDeep(stored);
  const suppressed = report.findings.filter((f) => f.suppressed);
  // Manual-review findings are always listed (as notes for review), suspected ones only with --show-suspected.
  const shown = [...report.findings.filter((f) => isListed(f, report.options.showSuspected)), ...suppressed];
  const verdict = verdictOf(report);
  const { rules, index } = buildRules(shown);
  const deps = dependencySarif(report, rules.length, artifactLocation, sentence);
  const absent = absentSarif(report, index, rules.length + deps.rules.length, artifactLocation, sentence);
  const gaps = report.coverage.notCovered.filter((n) => n.status !== 'skipped');
  const notifications = gaps.slice(0, MAX_NOTIFICATIONS).map((g) => ({
    level: 'warning',
    message: { text: sentence(`Not covered (${g.status}): ${g.reason}`) },
    locations: [{ physicalLocation: { artifactLocation: artifactLocation(g.path) } }],
  }));
  if (gaps.length > MAX_NOTIFICATIONS) {
    notifications.push({ level: 'warning', message: { text: `${gaps.length - MAX_NOTIFICATIONS} more files were not covered; see coverage.json.` }, locations: [] });
  }
  // The checks asked for (--verify, --repro, --dep-scan): whether each ran, each command's status and each reproduction.
  const unusedNotes = [...verificationLines(report).slice(0, MAX_NOTIFICATIONS).map((c) => ({ level: c.level, message: { text: sentence(c.text) } })), ...suppressionNotifications(report)];
  const root = pathToFileURL(report.run.repoRoot).href.replace(/\/?$/, '/');
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: TOOL_NAME, version: TOOL_VERSION, semanticVersion: TOOL_VERSION, informationUri: INFORMATION_URI, rules: [...rules, ...deps.rules, ...absent.rules] } },
        originalUriBaseIds: { [SRCROOT]: { uri: root } },
        invocations: [
          {
            executionSuccessful: report.status === 'complete',
            ...(notifications.length + unusedNotes.length > 0
              ? { toolExecutionNotifications: [...notifications.map((n) => (n.locations.length ? n : { level: n.level, message: n.message })), ...unusedNotes] }
              : {}),
          },
        ],
        results: [...shown.map((f) => result(f, index.get(ruleIdOf(f))!)), ...deps.results, ...absent.results],
        properties: {
          runId: report.run.runId,
          baseCommit: report.run.baseCommit,
          status: report.status,
          clean: verdict.clean,
          notClean: verdict.notClean,
          suppressed: suppressed.length,
          ...(report.suppressions ? { suppressions: report.suppressions } : {}),
          ...(report.checks ? { checks: report.checks } : {}),
          coverage: { filesInScope: report.coverage.filesInScope, filesScanned: report.coverage.filesScanned, complete: report.coverage.complete },
        },
      },
    ],
  };
}
