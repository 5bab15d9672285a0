// Static rule write-after-callback-end: its metadata, measured precision and the floor the benchmark gate holds it to.
import { writeAfterCallbackEnd } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'write-after-callback-end',
    category: 'concurrency',
    lens: 'concurrency',
    consequence: 'wrong-answer',
    severity: 'medium',
    cwe: 'CWE-696',
    message: 'A write to a stream follows a call whose callback ends that stream: the code assumes the callback runs later.',
    trigger: 'The callee calls back synchronously (an in-memory store, a cache hit): the stream is ended before the write, giving a blank response or a write-after-end error.',
    taint: false,
    precision: { truePositives: 4, falsePositives: 0, onRealCode: 2, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: writeAfterCallbackEnd,
};
