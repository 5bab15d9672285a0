// Static rule stream-without-error-handler: its metadata, measured precision and the floor the benchmark gate holds it to.
import { resourceLeaks } from '../../matchers/leak.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'stream-without-error-handler',
    category: 'resource-leak',
    lens: 'resource-leak',
    severity: 'medium',
    cwe: 'CWE-404',
    message: "A file stream is piped into the response without an 'error' handler or pipeline(): a missing file crashes the process and the response never ends.",
    trigger: 'A request for a file that does not exist or cannot be read.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: resourceLeaks,
};
