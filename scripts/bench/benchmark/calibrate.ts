// Per-rule true/false positive counts of the static engine on the benchmark cases, for calibrating each rule's
// confidence from its measured precision. Findings are matched to labels exactly as the scorer matches them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { upheldFindings } from '../../../src/engines/static/score.ts';
import { loadCases } from './cases.ts';
import { matchCase, type ScoredFinding } from './match.ts';
import { tallyByRule, type RuleTally } from './rule-precision.ts';

export type RuleCounts = RuleTally;

const LANGUAGE: Record<string, string> = { js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', ts: 'typescript', tsx: 'tsx' };

function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name.startsWith('.') ? [] : sourceFiles(root, path);
    return LANGUAGE[name.split('.').pop() ?? ''] ? [relative(root, path).split(sep).join('/')] : [];
  });
}

export function staticCountsOnCases(casesDir: string, labelsDir: string): Map<string, RuleCounts> {
  const counts = new Map<string, RuleCounts>();
  for (const truth of loadCases(casesDir, labelsDir)) {
    const root = join(casesDir, truth.name);
    const findings: ScoredFinding[] = sourceFiles(root).flatMap((path) => {
      const file = { path, content: readFileSync(join(root, path), 'utf8'), language: LANGUAGE[path.split('.').pop()!]!, isTest: /(^|\/)(test|tests|__tests__)\/|\.(test|spec)\./.test(path) };
      return upheldFindings(file).map((f) => ({ fingerprint: f.fingerprint, file: f.file, startLine: f.startLine, endLine: f.endLine, category: f.category, severity: f.severity, confidence: f.confidence, lens: f.lens, ...(f.ruleId ? { ruleId: f.ruleId } : {}) }));
    });
    const match = matchCase(findings, truth.bugs, truth.decoys);
    tallyByRule(match.matched.map((m) => m.finding), match.falsePositives.map((f) => f.finding), counts);
  }
  return counts;
}
