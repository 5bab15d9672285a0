// What a model hunter must answer: candidate findings without ids or fingerprints (those are computed here,
// never taken from a model), and the conversion into Finding records.
import { Type, type Static } from '@sinclair/typebox';
import { Category, Evidence, Finding, Severity, Confidence } from '../../artifacts/schemas/common.ts';
import { findingIdOf, fingerprintOf } from '../../engines/static/fingerprint.ts';
import { formerModelFingerprint } from '../../engines/findings/former-fingerprint.ts';

export const HunterCandidate = Type.Object(
  {
    file: Finding.properties.file,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    symbol: Type.String({ description: 'Enclosing function or class; empty string when top-level.' }),
    category: Category,
    severity: Severity,
    confidence: Confidence,
    claim: Type.String({ minLength: 1, maxLength: 2000 }),
    evidence: Type.Array(Evidence, { minItems: 1, maxItems: 10 }),
    runtimeTrigger: Type.String({ minLength: 1, maxLength: 2000 }),
    cwe: Type.String({ description: 'CWE id like CWE-78 for security findings; empty string otherwise.' }),
  },
  { additionalProperties: false },
);
export type HunterCandidate = Static<typeof HunterCandidate>;

export const HunterAnswer = Type.Object({ findings: Type.Array(HunterCandidate, { maxItems: 50 }) }, { additionalProperties: false });
export type HunterAnswer = Static<typeof HunterAnswer>;

/** Problems with an answer beyond its schema: files outside the chunk. */
export function answerProblems(answer: HunterAnswer, assigned: ReadonlySet<string>): string[] {
  return answer.findings.flatMap((f, i) =>
    [f.file, ...f.evidence.map((e) => e.file)].filter((file) => !assigned.has(file)).map((file) => `/findings/${i}: ${file} is not one of the files in <source> blocks`),
  );
}

/** `lines` is the content of the candidate's file as sent to the model (the identity is computed from the source). */
export function toFinding(candidate: HunterCandidate, lens: string, model: string, lines: readonly string[]): Finding {
  const cwe = /^CWE-\d+$/.test(candidate.cwe) ? candidate.cwe : undefined;
  const fingerprint = fingerprintOf({ file: candidate.file, startLine: candidate.startLine, category: candidate.category, cwe }, lines);
  const former = formerModelFingerprint(candidate.file, candidate.symbol, candidate.category, candidate.evidence[0]?.quote ?? candidate.claim);
  const finding: Finding = {
    id: findingIdOf(fingerprint),
    fingerprint,
    formerFingerprints: [former],
    file: candidate.file,
    startLine: candidate.startLine,
    endLine: Math.max(candidate.startLine, candidate.endLine),
    category: candidate.category,
    severity: candidate.severity,
    confidence: candidate.confidence,
    claim: candidate.claim,
    evidence: candidate.evidence,
    runtimeTrigger: candidate.runtimeTrigger,
    lens,
    engine: 'model',
    model,
  };
  if (candidate.symbol) finding.symbol = candidate.symbol;
  if (cwe) finding.cwe = cwe;
  return finding;
}
