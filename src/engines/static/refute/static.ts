// The static skeptic: deterministic attempts to disprove a finding — test/fixture/example code, an
// inline suppression with a reason, a literal or configuration value, a guard that dominates the sink.
import type { Finding } from '../../../artifacts/schemas/common.ts';
import { analyse, type AnalysisStore } from '../engine.ts';
import { normalisePath } from '../fingerprint.ts';
import { getRule } from '../rules.ts';
import { appliedVoteReason, setAsideVoteReason, suppressionFor } from '../suppress.ts';
import type { SourceFile } from '../types.ts';
import { AT_SINK, guardVote, noGuardVote, sourceVote, staticVote as vote, testCodeVote, type Refutation } from './votes.ts';

export type { Refutation };
export interface RefuteOptions {
  /** Review test, fixture, example and benchmark code too (refuted by default). */
  includeTests?: boolean;
  /** Earlier analyses (the evidence cache), so a file is not parsed again to be re-checked. */
  store?: AnalysisStore;
  /** Why an inline suppression at `commentLine` must not hide this finding (--no-repo-suppressions, or the change
   * under review adds it); null to honour it. Absent: every reasoned inline suppression is honoured. */
  setAsideInline?: (finding: Finding, commentLine: number) => string | null;
}

export const NON_PRODUCTION_PATH =
  /(^|\/)(test|tests|__tests__|spec|specs|fixtures?|__fixtures__|__mocks__|mocks?|examples?|benchmarks?|bench|e2e|cypress|playwright)(\/|$)|\.(test|spec|bench|e2e)\.[cm]?[jt]sx?$/i;

/** Test, fixture, example or benchmark code: by triage, or by its path unless production code imports it. */
export function isNonProduction(file: Pick<SourceFile, 'path' | 'isTest' | 'requiredBy'>): boolean {
  return file.isTest || (file.requiredBy === undefined && NON_PRODUCTION_PATH.test(normalisePath(file.path)));
}

export function refuteStatic(finding: Finding, file: SourceFile, options: RefuteOptions = {}): Refutation[] {
  const out: Refutation[] = [];
  const nonProduction = isNonProduction(file);
  if (nonProduction && !options.includeTests) {
    out.push(testCodeVote(file.path));
  }
  const analysis = analyse(file, options.store);
  const ruleId = finding.ruleId ?? '';
  const suppression = ruleId ? suppressionFor(analysis.suppressions, ruleId, finding.startLine) : null;
  if (suppression) {
    const aside = options.setAsideInline?.(finding, suppression.line) ?? null;
    out.push(aside ? vote('suppression', 'abstained', setAsideVoteReason(suppression, aside)) : vote('suppression', 'refuted', appliedVoteReason(suppression)));
  }

  // Two rules of one bug class on one line share a fingerprint: the rule says which candidate this is.
  const entry = analysis.entries.find((e) => e.finding.fingerprint === finding.fingerprint && e.finding.ruleId === finding.ruleId);
  if (!entry) {
    out.push(vote('static-recheck', 'abstained', 'No static rule reproduces this finding in the current file content.'));
    return out;
  }
  const c = entry.candidate;
  const rule = getRule(c.ruleId);
  if (rule?.taint && c.source) {
    const s = c.source;
    // A library's parameter the caller controls upholds like input (for a rule that counts it); else the shared verdict.
    if (s.kind === 'param' && s.api && (rule.librarySource === 'any' || (rule.librarySource === 'built' && (s.built || c.interprets)))) {
      const how = rule.librarySource === 'any' ? '' : s.built ? ', and the library builds it into a larger string' : ', and the library hands it as given to a shell, which runs it whole as a script';
      out.push(vote('source', 'upheld', `The value is reachable from the exported API \`${s.api}\`: the library's caller controls it${how}.`));
    } else if (s.kind === 'param' && s.internal) {
      out.push(vote('source', 'upheld', `The value is ${s.via}, a function of the library's own that its callers reach untraced; the rule counts it only where a short string from any caller is enough.`));
    } else out.push(sourceVote(s, AT_SINK));
    out.push(c.guard ? guardVote(c.guard, AT_SINK.place) : noGuardVote(AT_SINK.place));
  } else if (c.guard) {
    out.push(guardVote(c.guard, 'the site'));
  }
  if (!rule?.taint) {
    if (c.structural) out.push(vote('pattern', 'upheld', `The syntax alone shows the defect: ${c.structural}.`));
    else out.push(vote('pattern', 'abstained', `The match needs a person to decide: ${c.detail}`));
  }
  return out;
}
