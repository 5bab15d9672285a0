// Static rule async-foreach: its metadata, measured precision and the floor the benchmark gate holds it to.
import { asyncForEach } from '../../matchers/async.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'async-foreach',
    category: 'async',
    lens: 'async',
    severity: 'medium',
    cwe: 'CWE-754',
    message: 'An async callback is passed to forEach inside an async function: forEach does not wait for it, so the caller continues before the work is done and its rejections are unhandled.',
    trigger: "Any call where the callback's awaited work is slower than the code after the loop, or where it rejects.",
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: asyncForEach,
};
