// Static rule jwt-unpinned-algorithm: its metadata, measured precision and the floor the benchmark gate holds it to.
import { jwtVerification } from '../../matchers/jwt.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'jwt-unpinned-algorithm',
    category: 'secrets',
    lens: 'secrets',
    severity: 'high',
    cwe: 'CWE-347',
    message: "A JSON Web Token is verified (jsonwebtoken verify) without pinning the accepted algorithms, or with 'none' accepted, so the token's own header decides how its signature is checked.",
    trigger: "A token whose header says HS256, signed with the server's RSA public key as the HMAC secret (or alg 'none' with no signature), which verify() accepts.",
    taint: false,
    precision: { truePositives: 6, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: jwtVerification,
};
