// Static rule path-traversal: its metadata, measured precision and the floor the benchmark gate holds it to.
import { pathTraversal } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'path-traversal',
    category: 'path-traversal',
    lens: 'injection',
    severity: 'high',
    cwe: 'CWE-22',
    message: 'A file-system path is built from untrusted input without normalising it and checking it stays inside a base folder.',
    trigger: '{source} containing `../` segments such as `../../etc/passwd`.',
    taint: true,
    precision: { truePositives: 25, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: pathTraversal,
};
