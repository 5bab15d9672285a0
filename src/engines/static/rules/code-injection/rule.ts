// Static rule code-injection: its metadata, measured precision and the floor the benchmark gate holds it to.
import { codeInjection } from '../../matchers/injection.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'code-injection',
    category: 'injection',
    lens: 'injection',
    severity: 'critical',
    cwe: 'CWE-94',
    message: 'Untrusted input is evaluated as JavaScript code.',
    trigger: '{source} containing JavaScript such as `process.exit(1)`.',
    taint: true,
    librarySource: 'built',
    precision: { truePositives: 22, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: codeInjection,
};
