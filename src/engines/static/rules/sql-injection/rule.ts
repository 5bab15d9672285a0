// Static rule sql-injection: its metadata, measured precision and the floor the benchmark gate holds it to.
import { sqlInjection } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'sql-injection',
    category: 'injection',
    lens: 'injection',
    severity: 'high',
    cwe: 'CWE-89',
    message: 'An SQL statement is built by concatenating untrusted input instead of using query parameters.',
    trigger: "{source} containing SQL such as `' OR '1'='1`.",
    taint: true,
    precision: { truePositives: 5, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: sqlInjection,
};
