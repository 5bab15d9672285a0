// SARIF rule descriptors: one per rule id (or lens, for model findings), with help text from the defect category.
import type { Category } from '../../artifacts/schemas/common.ts';
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import type { SarifResultLevel } from '../../artifacts/schemas/literals.ts';

// Keyed by every Category; the Category type is a plain string after TypeBox's mapped union, hence the fallback below.
export const CATEGORY_HELP: Record<Category, string> = {
  injection: 'Untrusted input reaches a command, query, template or code interpreter without being escaped or parameterised.',
  'path-traversal': 'A file path built from untrusted input can leave the folder it was meant to stay in.',
  'prototype-pollution': 'Untrusted keys can write to Object.prototype or another shared prototype.',
  redos: 'A regular expression can take exponential or polynomial time on crafted input.',
  secrets: 'A credential or key is stored in the source or leaks into logs or responses.',
  async: 'A promise, callback or event is mishandled: unawaited, raced, or its rejection lost.',
  'error-handling': 'An error is swallowed, mis-reported or leaves state half-changed.',
  logic: 'The code computes the wrong result for some reachable input.',
  'resource-leak': 'A handle, connection, timer or listener is acquired and not released on some path.',
  concurrency: 'Concurrent access can interleave so that data is lost or corrupted.',
  'nil-safety': 'A value that can be null or undefined is dereferenced.',
  boundary: 'An index, length, range or numeric limit is off by one or unchecked.',
  'api-contract': 'A library or internal API is called against its documented contract.',
  'data-integrity': 'Data can be written, parsed or persisted in a corrupt or partial state.',
  'type-safety': 'A value of the wrong type flows where a specific type is assumed.',
  'cross-file': 'Two modules disagree about a contract between them.',
  other: 'A defect that fits none of the other categories.',
};

/** The partialFingerprints key of a finding: the same for a result at the head and its absent twin from the base. */
export const FINGERPRINT_KEY = 'bugHunterFingerprint/v1';

/** The MITRE page of a CWE: where a rule's helpUri points. */
export function cweUri(cwe: string): string {
  return `https://cwe.mitre.org/data/definitions/${cwe.replace(/^CWE-/, '')}.html`;
}

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri?: string;
  help: { text: string; markdown: string };
  defaultConfiguration: { level: SarifResultLevel };
  properties: Record<string, unknown>;
}

/** The suffix of the rule a manual-review finding is listed under, apart from the confirmed ones of its kind. */
export const REVIEW_RULE_SUFFIX = '.manual-review';
export const REVIEW_TAG = 'manual-review';

export function isManualReview(f: ReportedFinding): boolean {
  return f.verdict === 'manual-review';
}

export function ruleIdOf(f: ReportedFinding): string {
  // A lens id without '/': the validator reads a slash as a hierarchical sub-rule.
  const base = f.finding.ruleId ?? `bug-hunter.lens.${f.finding.lens}`;
  return isManualReview(f) ? `${base}${REVIEW_RULE_SUFFIX}` : base;
}

/** PascalCase name from the id: "js/sql-injection" → "JsSqlInjection". */
export function ruleName(id: string): string {
  const name = id.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(name) ? name : `Rule${name}`;
}

export function levelOf(f: ReportedFinding): SarifResultLevel {
  if (f.tier === 'T3' || isManualReview(f)) return 'note';
  return f.severity === 'critical' || f.severity === 'high' ? 'error' : 'warning';
}

/** One descriptor per rule id, in first-seen order; level and score follow the worst finding under it. */
export function buildRules(findings: readonly ReportedFinding[]): { rules: SarifRule[]; index: Map<string, number> } {
  const groups = new Map<string, ReportedFinding[]>();
  for (const f of findings) groups.set(ruleIdOf(f), [...(groups.get(ruleIdOf(f)) ?? []), f]);
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  for (const [id, group] of groups) {
    const first = group[0]!.finding;
    const worst = [...group].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))[0]!;
    const help = CATEGORY_HELP[first.category] ?? 'A defect that fits none of the other categories.';
    const origin = first.ruleId ? `the ${first.engine} engine's rule ${first.ruleId}` : `the ${first.lens} hunting lens`;
    const review = isManualReview(group[0]!);
    const standing = review
      ? "Results under this rule wait for a person's decision: the referee could neither confirm nor dismiss them (properties.bugHunter.review is manual)."
      : 'Results at level error or warning survived an adversarial skeptic panel and were confirmed by the referee; note-level results are suspected only.';
    const text = `${help} Reported by ${origin}. ${standing} Each result's properties hold the full reasoning trace. Fix the code at the location, or dismiss it with 'bug-hunter dismiss <id> --reason ...'.`;
    // GitHub ranks security alerts by the rule's security-severity: the highest CVSS base score under the rule.
    const classified = group.flatMap((f) => (f.security ? [f.security] : [])).sort((a, b) => b.cvss.baseScore - a.cvss.baseScore);
    const security = classified[0];
    const cwe = security?.cwe ?? first.cwe;
    const tags = ['bug-hunter', ...(review ? [REVIEW_TAG] : []), first.category, first.lens, ...(security ? ['security', `external/stride/${security.stride}`] : []), ...(cwe ? [`external/cwe/${cwe.toLowerCase()}`] : [])];
    const properties: Record<string, unknown> = { tags: [...new Set(tags)], precision: first.engine === 'static' ? 'high' : 'medium', 'problem.severity': levelOf(worst) === 'note' ? 'recommendation' : levelOf(worst) };
    if (security) properties['security-severity'] = security.cvss.baseScore.toFixed(1);
    index.set(id, rules.length);
    rules.push({
      id,
      name: ruleName(id),
      shortDescription: { text: `${first.category.replace(/-/g, ' ')} defect (${first.lens})${review ? ', for manual review' : ''}.` },
      fullDescription: { text: help },
      ...(cwe ? { helpUri: cweUri(cwe) } : {}),
      help: { text, markdown: `**${first.category}** — ${help}\n\nReported by ${origin}. ${standing}\n\nFix the code at the location, or dismiss it with \`bug-hunter dismiss <id> --reason "…"\`.` },
      defaultConfiguration: { level: levelOf(worst) },
      properties,
    });
  }
  return { rules, index };
}
