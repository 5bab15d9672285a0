// Static rule switch-fallthrough: its metadata, measured precision and the floor the benchmark gate holds it to.
import { switchFallthrough } from '../../matchers/flow.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'switch-fallthrough',
    category: 'logic',
    lens: 'logic',
    severity: 'medium',
    cwe: 'CWE-484',
    message: "A switch case runs into the next case without break, return or a 'falls through' comment.",
    trigger: "The switch value matches the case that falls through; the next case's code runs too.",
    taint: false,
    precision: { truePositives: 1, falsePositives: 10, onRealCode: 10, measuredOn: MEASURED_ON, floor: 0 },
  },
  detector: switchFallthrough,
};
