// Static rule suppression-without-reason: its metadata, measured precision and the floor the benchmark gate holds it to.
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'suppression-without-reason',
    category: 'other',
    lens: 'logic',
    severity: 'low',
    cwe: null,
    message: 'A bug-hunter-ignore comment has no reason; suppressions must say why (`bug-hunter-ignore <rule>: <reason>`).',
    trigger: 'Not a runtime defect: the suppression is not applied until it names a reason.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  // Reported by the engine itself while it reads suppression comments (src/engines/static/engine.ts), in every language.
  detector: null,
};
