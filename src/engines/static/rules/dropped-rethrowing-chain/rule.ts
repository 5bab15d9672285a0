// Static rule dropped-rethrowing-chain: its metadata, measured precision and the floor the benchmark gate holds it to.
import { droppedRethrowingChain } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'dropped-rethrowing-chain',
    category: 'async',
    lens: 'async',
    consequence: 'crash',
    severity: 'medium',
    cwe: 'CWE-248',
    message: 'A promise chain whose handler throws is dropped (neither returned, awaited nor kept): the error becomes an unhandled rejection and callers stop waiting before the work ends.',
    trigger: 'The chained operation fails (or its handler throws): the process reports an unhandled rejection (and exits on Node 15+), while the caller already went on as if it had finished.',
    taint: false,
    precision: { truePositives: 4, falsePositives: 0, onRealCode: 1, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: droppedRethrowingChain,
};
