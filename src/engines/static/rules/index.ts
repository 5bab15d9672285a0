// Every static rule, one file each, keyed by file name. The order is the engine version's hash order: append new rules.
import { rule as commandInjection } from './command-injection.ts';
import { rule as codeInjection } from './code-injection.ts';
import { rule as sqlInjection } from './sql-injection.ts';
import { rule as pathTraversal } from './path-traversal.ts';
import { rule as prototypePollution } from './prototype-pollution.ts';
import { rule as redos } from './redos.ts';
import { rule as ssrf } from './ssrf.ts';
import { rule as openRedirect } from './open-redirect.ts';
import { rule as zipSlip } from './zip-slip.ts';
import { rule as xss } from './xss.ts';
import { rule as nosqlInjection } from './nosql-injection.ts';
import { rule as unsafeDeserialization } from './unsafe-deserialization.ts';
import { rule as hardcodedSecret } from './hardcoded-secret.ts';
import { rule as asyncForeach } from './async-foreach.ts';
import { rule as asyncPromiseExecutor } from './async-promise-executor.ts';
import { rule as floatingPromise } from './floating-promise.ts';
import { rule as missingAwaitInTry } from './missing-await-in-try.ts';
import { rule as swallowedErrorSuccess } from './swallowed-error-success.ts';
import { rule as suppressionWithoutReason } from './suppression-without-reason.ts';
import { rule as looseBooleanCompare } from './loose-boolean-compare.ts';
import { rule as selfComparison } from './self-comparison.ts';
import { rule as nanComparison } from './nan-comparison.ts';
import { rule as assignmentInCondition } from './assignment-in-condition.ts';
import { rule as constantCondition } from './constant-condition.ts';
import { rule as unreachableCode } from './unreachable-code.ts';
import { rule as offByOneLength } from './off-by-one-length.ts';
import { rule as switchFallthrough } from './switch-fallthrough.ts';
import { rule as handleLeak } from './handle-leak.ts';
import { rule as streamWithoutErrorHandler } from './stream-without-error-handler.ts';
import { rule as xssUrlAttribute } from './xss-url-attribute.ts';
import { rule as xxe } from './xxe.ts';
import { rule as weakPasswordHash } from './weak-password-hash.ts';
import { rule as insecureRandomSecret } from './insecure-random-secret.ts';
import { rule as weakKeyDerivation } from './weak-key-derivation.ts';
import { rule as jwtUnpinnedAlgorithm } from './jwt-unpinned-algorithm.ts';
import { rule as jwtDecodeUnverified } from './jwt-decode-unverified.ts';
import type { RuleModule } from '../types.ts';

export const RULE_FILES: Readonly<Record<string, RuleModule>> = {
  'command-injection': commandInjection,
  'code-injection': codeInjection,
  'sql-injection': sqlInjection,
  'path-traversal': pathTraversal,
  'prototype-pollution': prototypePollution,
  'redos': redos,
  'ssrf': ssrf,
  'open-redirect': openRedirect,
  'zip-slip': zipSlip,
  'xss': xss,
  'nosql-injection': nosqlInjection,
  'unsafe-deserialization': unsafeDeserialization,
  'hardcoded-secret': hardcodedSecret,
  'async-foreach': asyncForeach,
  'async-promise-executor': asyncPromiseExecutor,
  'floating-promise': floatingPromise,
  'missing-await-in-try': missingAwaitInTry,
  'swallowed-error-success': swallowedErrorSuccess,
  'suppression-without-reason': suppressionWithoutReason,
  'loose-boolean-compare': looseBooleanCompare,
  'self-comparison': selfComparison,
  'nan-comparison': nanComparison,
  'assignment-in-condition': assignmentInCondition,
  'constant-condition': constantCondition,
  'unreachable-code': unreachableCode,
  'off-by-one-length': offByOneLength,
  'switch-fallthrough': switchFallthrough,
  'handle-leak': handleLeak,
  'stream-without-error-handler': streamWithoutErrorHandler,
  'xss-url-attribute': xssUrlAttribute,
  'xxe': xxe,
  'weak-password-hash': weakPasswordHash,
  'insecure-random-secret': insecureRandomSecret,
  'weak-key-derivation': weakKeyDerivation,
  'jwt-unpinned-algorithm': jwtUnpinnedAlgorithm,
  'jwt-decode-unverified': jwtDecodeUnverified,
};
