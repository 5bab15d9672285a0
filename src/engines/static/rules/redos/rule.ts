// Static rule redos: its metadata, measured precision and the floor the benchmark gate holds it to.
import { redos } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'redos',
    category: 'redos',
    lens: 'injection',
    severity: 'medium',
    cwe: 'CWE-1333',
    message: 'A regular expression with super-linear backtracking (confirmed by the recheck analyser) is applied to untrusted input.',
    trigger: "{source} set to the analyser's attack string, which makes the match take seconds or longer.",
    taint: true,
    librarySource: 'any',
    precision: { truePositives: 50, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: redos,
};
