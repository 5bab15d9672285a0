// Static rule jwt-decode-unverified: its metadata, measured precision and the floor the benchmark gate holds it to.
import { jwtVerification } from '../../matchers/jwt.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'jwt-decode-unverified',
    category: 'secrets',
    lens: 'secrets',
    severity: 'critical',
    cwe: 'CWE-345',
    message: "The claims of a request's JSON Web Token are read with jsonwebtoken decode() in a module that never verifies a token, so a forged, unsigned token is trusted.",
    trigger: '{source} set to a token with a made-up payload such as {"sub":"admin","role":"admin"} and any signature.',
    taint: true,
    precision: { truePositives: 3, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: jwtVerification,
};
