// Static rule nosql-injection: its metadata, measured precision and the floor the benchmark gate holds it to.
import { nosqlInjection } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'nosql-injection',
    category: 'injection',
    lens: 'injection',
    severity: 'high',
    cwe: 'CWE-943',
    message: 'A request field that a JSON body or query string can turn into an object is used as a MongoDB filter value (or the whole filter), so query operators such as $ne or $regex reach the database.',
    trigger: '{source} sent as {"$ne": null} (JSON body) or field[$ne]=x (query string), which matches every record.',
    taint: true,
    precision: { truePositives: 6, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: nosqlInjection,
};
