// Static rule command-injection: its metadata, measured precision and the floor the benchmark gate holds it to.
import { commandInjection } from '../../matchers/injection.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'command-injection',
    category: 'injection',
    lens: 'injection',
    severity: 'critical',
    cwe: 'CWE-78',
    message: 'A shell command is built from untrusted input and run by child_process.',
    trigger: '{source} containing shell metacharacters such as `; touch /tmp/pwned`.',
    taint: true,
    librarySource: 'built',
    precision: { truePositives: 77, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: commandInjection,
};
