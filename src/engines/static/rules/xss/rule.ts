// Static rule xss: its metadata, measured precision and the floor the benchmark gate holds it to.
import { xss } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'xss',
    category: 'injection',
    lens: 'injection',
    severity: 'medium',
    cwe: 'CWE-79',
    message: 'Request input is put into HTML sent to the browser (or written into the page) without escaping it.',
    trigger: '{source} set to `<script>alert(1)</script>`, which runs in the page of whoever opens the link.',
    taint: true,
    precision: { truePositives: 10, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: xss,
};
