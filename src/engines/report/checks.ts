// Which of the checks a user asked for (--verify, --repro, --dep-scan) ran, from this run's artifacts: pure.
// A check "ran" only when it checked something: verification with no sandbox, no check found or checks that never
// ran, or reproductions all skipped (no tester model), did not.
import type { CheckItem, CheckRun, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { failingTests } from '../verify/failing-tests.ts';
import type { Reproductions } from '../../artifacts/schemas/reproductions.ts';
import type { VerificationReport } from '../../artifacts/schemas/verification-report.ts';
import { plural } from './text.ts';

export interface CheckInputs {
  requested: { verify: boolean; repro: boolean; depScan: boolean };
  verification?: VerificationReport | undefined;
  reproductions?: Reproductions | undefined;
  dependencies?: ScanReport['dependencies'];
}

const RAN = new Set(['PASS', 'FAIL']);

export function checksRun(inputs: CheckInputs): CheckRun[] {
  const out: CheckRun[] = [];
  if (inputs.requested.verify) out.push({ check: 'verify', ...verifyRun(inputs.verification) });
  if (inputs.requested.repro) out.push({ check: 'repro', ...reproRun(inputs.reproductions) });
  if (inputs.requested.depScan) {
    out.push(inputs.dependencies
      ? { check: 'dep-scan', ran: true, detail: `${plural(inputs.dependencies.lockfiles.length, 'lockfile')} read (${inputs.dependencies.status})` }
      : { check: 'dep-scan', ran: false, detail: 'no dep-findings.json of this run' });
  }
  return out;
}

function verifyRun(v: VerificationReport | undefined): Omit<CheckRun, 'check'> {
  if (!v) return { ran: false, detail: 'no verification-report.json of this run' };
  if (!v.sandbox.available) return { ran: false, detail: `no sandbox (${v.sandbox.backend}: ${v.sandbox.reason ?? 'unavailable'})` };
  if (v.checks.length === 0) return { ran: false, detail: `no check to run was found${v.plan?.unsupported.length ? ` (${v.plan.unsupported.join('; ')})` : ''}` };
  const items = v.checks.map((c) => verifyItem(v, c));
  const notRun = v.checks.filter((c) => !RAN.has(c.status));
  if (notRun.length > 0) return { ran: false, detail: `${notRun.length} of ${plural(v.checks.length, 'check')} did not run (${notRun.map((c) => `${c.name}: ${c.status}${c.reason ? `, ${c.reason}` : ''}`).join('; ')})`, items };
  return { ran: true, detail: `${plural(v.checks.length, 'check')} ran (${v.checks.map((c) => `${c.name}: ${c.status}`).join(', ')})`, items };
}

const MAX_FAILING_NAMED = 10;

// A failed command names its failing tests (the baseline's as the verify phase read them, else read from its output).
function verifyItem(v: VerificationReport, c: VerificationReport['checks'][number]): CheckItem {
  const command = c.argv.join(' ');
  if (c.status === 'PASS') return { name: c.name, command, status: c.status, detail: 'passed' };
  if (c.status !== 'FAIL') return { name: c.name, command, status: c.status, detail: c.reason ?? c.status };
  const failing = v.baseline.check === c.name && v.baseline.failingTests.length ? v.baseline.failingTests : failingTests(c.outputTail);
  const named = failing.slice(0, MAX_FAILING_NAMED).join(', ');
  const more = failing.length > MAX_FAILING_NAMED ? ` and ${failing.length - MAX_FAILING_NAMED} more` : '';
  return { name: c.name, command, status: c.status, detail: failing.length ? `failing: ${named}${more}` : `exit ${c.exitCode ?? '?'}${c.reason ? ` (${c.reason})` : ''}; no failing test named in its output` };
}

function reproRun(r: Reproductions | undefined): Omit<CheckRun, 'check'> {
  if (!r) return { ran: false, detail: 'no reproductions.json of this run' };
  const items: CheckItem[] = r.reproductions.map((x) => ({ name: x.findingId, ...(x.command ? { command: x.command } : {}), status: x.outcome, detail: x.reason }));
  const skipped = r.reproductions.filter((x) => x.outcome === 'skipped');
  if (skipped.length > 0) return { ran: false, detail: `${skipped.length} of ${plural(r.reproductions.length, 'reproduction')} skipped (${skipped[0]!.reason})`, items };
  return { ran: true, detail: r.reproductions.length === 0 ? 'no confirmed finding to reproduce' : `${plural(r.reproductions.length, 'reproduction')} attempted`, items };
}
