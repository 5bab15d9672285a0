// Static rule prototype-pollution: its metadata, measured precision and the floor the benchmark gate holds it to.
import { prototypePollution } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'prototype-pollution',
    category: 'prototype-pollution',
    lens: 'injection',
    severity: 'high',
    cwe: 'CWE-1321',
    message: 'Keys from another object or a path are written into an object recursively without rejecting __proto__, constructor and prototype.',
    trigger: "An input object such as JSON.parse('{\"__proto__\": {\"isAdmin\": true}}') or the path `__proto__.isAdmin`.",
    taint: false,
    precision: { truePositives: 70, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: prototypePollution,
};
