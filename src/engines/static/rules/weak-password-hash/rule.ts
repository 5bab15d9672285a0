// Static rule weak-password-hash: its metadata, measured precision and the floor the benchmark gate holds it to.
import { weakCrypto } from '../../matchers/weak-crypto.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'weak-password-hash',
    category: 'secrets',
    lens: 'secrets',
    severity: 'high',
    cwe: 'CWE-916',
    message: 'A password is hashed with MD5 or SHA-1, fast digests that a leaked hash table is cracked from by brute force; use bcrypt, scrypt, argon2 or PBKDF2 with a salt.',
    trigger: "A leaked hash of a common password (such as md5('123456') = e10adc3949ba59abbe56e057f20f883e) is reversed by a lookup table or a GPU in seconds.",
    taint: false,
    precision: { truePositives: 6, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: weakCrypto,
};
