// The proof of a fix as the queue records it, read from the fixer's proof lines ("repro BH-…: FAIL",
// "test: PASS (…)"): the reproduction before and after, how many of the repository's checks pass after, and the
// two proof gates (red → green when there is a reproduction; the suite green). Pure.
import type { WorkGateRecord } from '../../artifacts/schemas/work-report.ts';
import type { FixProof } from './pr-body.ts';

type Light = FixProof['before']['outcome'];

const REPRO = /^repro (\S+): (\S+)/;
const CHECK = /^(.+?): (PASS|FAIL|ERROR|TIMEOUT|UNAVAILABLE|SKIPPED_BUDGET|SKIPPED)\b/;

function reproLight(lines: readonly string[], findingId: string): { outcome: Light; detail: string } {
  const line = lines.find((l) => REPRO.exec(l)?.[1] === findingId);
  const status = line ? REPRO.exec(line)![2] : undefined;
  const outcome: Light = status === 'PASS' ? 'passed' : status === 'FAIL' ? 'failed' : 'none';
  return { outcome, detail: line ?? 'no reproduction was run' };
}

export function proofOf(before: readonly string[], after: readonly string[], findingId: string): FixProof {
  const checks = after.filter((l) => !REPRO.test(l)).map((l) => CHECK.exec(l)).filter((m) => m !== null);
  return {
    before: reproLight(before, findingId),
    after: after.length ? reproLight(after, findingId) : { outcome: 'none', detail: 'the fix was not run' },
    suite: { command: checks.map((m) => m[1]).join(', ') || 'none detected', passed: checks.filter((m) => m[2] === 'PASS').length, total: checks.length },
  };
}

export function proofGates(proof: FixProof, hasRepro: boolean, success: 'proven' | 'unproven'): WorkGateRecord[] {
  const redGreen = proof.before.outcome === 'failed' && proof.after.outcome === 'passed';
  const red: WorkGateRecord = hasRepro
    ? { gate: 'red-green', passed: redGreen && success === 'proven', figure: redGreen ? 1 : 0, limit: null, detail: `reproduction ${proof.before.outcome} before the fix, ${proof.after.outcome} after` }
    : { gate: 'red-green', passed: true, figure: 0, limit: null, detail: 'the finding has no reproduction', waived: 'no reproduction to take red → green' };
  const suiteGreen = proof.suite.total > 0 && proof.suite.passed === proof.suite.total;
  return [red, { gate: 'suite', passed: suiteGreen, figure: proof.suite.passed, limit: proof.suite.total, detail: `${proof.suite.passed} of ${proof.suite.total} checks pass after the fix (${proof.suite.command})` }];
}
