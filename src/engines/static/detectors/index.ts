// The ordered list of detectors the engine runs. Order is fixed so output is deterministic.
import { asyncExecutor, asyncForEach, floatingPromise } from './async.ts';
import { swallowedError } from './errors.ts';
import { switchFallthrough, unreachableCode } from './flow.ts';
import { codeInjection, commandInjection } from './injection.ts';
import { resourceLeaks } from './leak.ts';
import { comparisonSlips, conditionSlips, offByOneLength } from './logic.ts';
import { pathTraversal } from './path.ts';
import { prototypePollution } from './proto.ts';
import { redos } from './redos.ts';
import { unsafeDeserialization } from './deserialize.ts';
import { nosqlInjection } from './nosql.ts';
import { openRedirect } from './redirect.ts';
import { hardcodedSecret } from './secrets.ts';
import { sqlInjection } from './sql.ts';
import { ssrf } from './ssrf.ts';
import { xss } from './xss.ts';
import { xssUrlAttribute } from './xss-url.ts';
import { xxe } from './xxe.ts';
import { weakCrypto } from './weak-crypto.ts';
import { weakKeyDerivation } from './weak-kdf.ts';
import { jwtVerification } from './jwt.ts';
import { zipSlip } from './zipslip.ts';
import type { Detector } from '../types.ts';

export const DETECTORS: readonly Detector[] = [
  commandInjection, codeInjection, sqlInjection, pathTraversal, prototypePollution, redos, openRedirect, ssrf, zipSlip, xss, nosqlInjection,
  unsafeDeserialization, xssUrlAttribute, xxe, weakCrypto, weakKeyDerivation, jwtVerification,
  hardcodedSecret, asyncForEach, asyncExecutor, floatingPromise, swallowedError, comparisonSlips, conditionSlips, offByOneLength,
  unreachableCode, switchFallthrough, resourceLeaks,
];
