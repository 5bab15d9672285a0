// SARIF results for the dependency scan: one per vulnerable dependency, located at its lockfile entry, with the
// calls to the vulnerable function as related locations; one rule per advisory. Level from reachability:
// reachable production code → error (critical/high) or warning; imported or unknown → warning; the rest note.
import type { DepFinding } from '../../artifacts/schemas/dep-findings.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { SarifRule } from './sarif-rules.ts';
import type { SarifResultLevel } from '../../artifacts/schemas/literals.ts';

export const DEPENDENCY_FINGERPRINT_KEY = 'bugHunterDependency/v1';

function levelOf(f: DepFinding): SarifResultLevel {
  if (f.dev || f.reachability === 'not-imported') return 'note';
  if (f.reachability === 'reachable') return f.severity === 'critical' || f.severity === 'high' ? 'error' : 'warning';
  return 'warning';
}

export function dependencyRuleId(f: DepFinding): string {
  return `bug-hunter.dependency.${f.advisory.id.replace(/[^A-Za-z0-9-]+/g, '-')}`;
}

type Location = (path: string) => { uri: string; uriBaseId: string };
type Sentence = (text: string) => string;

export function dependencySarif(report: ScanReport, firstRuleIndex: number, artifactLocation: Location, sentence: Sentence): { rules: SarifRule[]; results: Record<string, unknown>[] } {
  const findings = report.dependencies?.findings ?? [];
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  for (const f of findings) {
    const id = dependencyRuleId(f);
    if (index.has(id)) continue;
    index.set(id, firstRuleIndex + rules.length);
    const text = sentence(`${f.package}: ${f.advisory.summary} (${[f.advisory.id, ...f.advisory.aliases].join(', ')})`);
    rules.push({
      id,
      name: `Dependency${f.advisory.id.replace(/[^A-Za-z0-9]+/g, '')}`,
      shortDescription: { text },
      fullDescription: { text },
      help: {
        text: sentence(`Upgrade ${f.package} past the advisory's affected range${f.advisory.url ? `; see ${f.advisory.url}` : ''}`),
        markdown: `Upgrade \`${f.package}\` past the advisory's affected range${f.advisory.url ? `; see ${f.advisory.url}` : ''}.`,
      },
      defaultConfiguration: { level: 'warning' },
      properties: {
        tags: ['security', 'dependency', ...f.advisory.cwe.map((c) => `external/cwe/${c.toLowerCase()}`)],
        precision: 'high',
        // GitHub ranks security alerts by it; only from the advisory's own CVSS vector, never made up from a label.
        ...(f.advisory.cvss ? { 'security-severity': f.advisory.cvss.baseScore.toFixed(1) } : {}),
      },
    });
  }
  const results = findings.map((f) => ({
    ruleId: dependencyRuleId(f),
    ruleIndex: index.get(dependencyRuleId(f))!,
    kind: 'fail',
    level: levelOf(f),
    message: { text: sentence(`${f.package}@${f.version} (${f.dev ? 'dev only' : 'production'}) is affected by ${f.advisory.id}: ${f.advisory.summary.replace(/[.\s]+$/, '')}. Reachability: ${f.reachability} — ${f.reachabilityReason}`) },
    locations: [{ physicalLocation: { artifactLocation: artifactLocation(f.lockfile), region: { startLine: f.line } } }],
    relatedLocations: f.callSites.map((c, i) => ({
      id: i + 1,
      message: { text: sentence(`Call to a vulnerable function of ${f.package}`) },
      physicalLocation: { artifactLocation: artifactLocation(c.file), region: { startLine: c.startLine, endLine: c.endLine, snippet: { text: c.quote } } },
    })),
    partialFingerprints: { [DEPENDENCY_FINGERPRINT_KEY]: f.fingerprint },
    properties: { findingId: f.id, package: f.package, version: f.version, advisory: f.advisory.id, severity: f.severity, reachability: f.reachability, dev: f.dev, direct: f.direct, path: f.path },
  }));
  return { rules, results };
}
