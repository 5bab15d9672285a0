// Must NOT compile: every line marked `wrong` gives a value outside its enum, and tsc must reject each one.
// The unmarked lines are the control: the right values compile. Checked by test/types/literal-types.test.ts;
// excluded from `pnpm typecheck` (tsconfig.json) because it fails on purpose.
import type { Category, Severity, Verdict } from '../../../src/artifacts/schemas/common.ts';
import type { FileCoverageStatus } from '../../../src/artifacts/schemas/coverage.ts';
import type { Status } from '../../../src/artifacts/schemas/state.ts';
import type { PanelOutcome } from '../../../src/artifacts/schemas/skeptic.ts';
import type { CheckKind } from '../../../src/artifacts/schemas/verification-report.ts';
import type { FixStatus } from '../../../src/artifacts/schemas/fix.ts';
import type { Lens } from '../../../src/artifacts/schemas/adaptive-plan.ts';
import type { RunState } from '../../../src/artifacts/schemas/state.ts';
import type { DependencyStrategy, SandboxChoice } from '../../../src/engines/run/options.ts';

export const statusOk: Status = 'done';
export const statusBad: Status = 'bogus'; // wrong
export const runStatusBad: RunState['status'] = 'finished'; // wrong
export const categoryOk: Category = 'injection';
export const categoryBad: Category = 'injections'; // wrong
export const severityBad: Severity = 'urgent'; // wrong
export const verdictBad: Verdict = 'accepted'; // wrong
export const coverageBad: FileCoverageStatus = 'clean'; // wrong
export const panelBad: PanelOutcome = 'refuted'; // wrong
export const checkKindBad: CheckKind = 'format'; // wrong
export const fixBad: FixStatus = 'fixed'; // wrong
export const lensBad: Lens = 'xss'; // wrong
export const sandboxOk: SandboxChoice = 'auto';
export const sandboxBad: SandboxChoice = 'firejail'; // wrong
export const depsBad: DependencyStrategy = 'online'; // wrong
