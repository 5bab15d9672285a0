// The static skeptic: deterministic attempts to disprove a finding — test/fixture/example code, an
// inline suppression with a reason, a literal or configuration value, a guard that dominates the sink.
import type { Static } from '@sinclair/typebox';
import type { Finding } from '../../../artifacts/schemas/common.ts';
import type { Refutation as RefutationSchema } from '../../../artifacts/schemas/skeptic.ts';
import { analyse, type AnalysisStore } from '../engine.ts';
import { normalisePath } from '../../findings/fingerprint.ts';
import { getRule } from '../rules.ts';
import { appliedVoteReason, setAsideVoteReason, suppressionFor } from '../suppress.ts';
import type { SourceFile } from '../types.ts';

export type Refutation = Static<typeof RefutationSchema>;
export interface RefuteOptions {
  /** Review test, fixture, example and benchmark code too (refuted by default). */
  includeTests?: boolean;
  /** Earlier analyses (the evidence cache), so a file is not parsed again to be re-checked. */
  store?: AnalysisStore;
  /** Why an inline suppression at `commentLine` must not hide this finding (--no-repo-suppressions, or the change
   * under review adds it); null to honour it. Absent: every reasoned inline suppression is honoured. */
  setAsideInline?: (finding: Finding, commentLine: number) => string | null;
}

const ENGINE = 'static';
export const NON_PRODUCTION_PATH =
  /(^|\/)(test|tests|__tests__|spec|specs|fixtures?|__fixtures__|__mocks__|mocks?|examples?|benchmarks?|bench|e2e|cypress|playwright)(\/|$)|\.(test|spec|bench|e2e)\.[cm]?[jt]sx?$/i;

/** Test, fixture, example or benchmark code: by triage, or by its path unless production code imports it. */
export function isNonProduction(file: Pick<SourceFile, 'path' | 'isTest' | 'requiredBy'>): boolean {
  return file.isTest || (file.requiredBy === undefined && NON_PRODUCTION_PATH.test(normalisePath(file.path)));
}

function vote(seat: string, v: Refutation['vote'], reason: string): Refutation {
  return { seat, engine: ENGINE, vote: v, reason };
}

export function refuteStatic(finding: Finding, file: SourceFile, options: RefuteOptions = {}): Refutation[] {
  const out: Refutation[] = [];
  const nonProduction = isNonProduction(file);
  if (nonProduction && !options.includeTests) {
    out.push(vote('test-code', 'refuted', `${file.path} is test, fixture, example or benchmark code, excluded by default (include it with the include-tests option).`));
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
    if (s.kind === 'literal' || s.kind === 'sanitised') out.push(vote('source', 'refuted', `The value is ${s.via}, not input.`));
    else if (s.kind === 'config') out.push(vote('source', 'refuted', `The value comes from configuration (${s.via}), not from input.`));
    else if (s.kind === 'input') out.push(vote('source', 'upheld', `The value derives from ${s.via}.`));
    else if (s.kind === 'param' && s.api && ((s.built && rule.librarySource === 'built') || rule.librarySource === 'any')) {
      out.push(vote('source', 'upheld', `The value is reachable from the exported API \`${s.api}\`: the library's caller controls it${rule.librarySource === 'built' ? ', and the library builds it into a larger string' : ''}.`));
    }
    else out.push(vote('source', 'abstained', `The value's origin is ${s.via}; it was not traced to request or CLI input.`));
    if (c.guard) out.push(vote('guards', 'refuted', `A ${c.guard.kind} guard precedes the sink on line ${c.guard.line}: \`${c.guard.text}\`.`));
    else out.push(vote('guards', 'upheld', 'No allow-list, containment check, type check or escaping of the value precedes the sink.'));
  } else if (c.guard) {
    out.push(vote('guards', 'refuted', `A ${c.guard.kind} guard precedes the site on line ${c.guard.line}: \`${c.guard.text}\`.`));
  }
  if (!rule?.taint) {
    if (c.structural) out.push(vote('pattern', 'upheld', `The syntax alone shows the defect: ${c.structural}.`));
    else out.push(vote('pattern', 'abstained', `The match needs a person to decide: ${c.detail}`));
  }
  return out;
}
