// Weak key derivation: PBKDF2 run with fewer than 1,000 iterations (RFC 2898's minimum in 2000; OWASP now asks for
// hundreds of thousands), so a derived key or a stored password hash is brute-forced at digest speed. Three shapes:
// Node's crypto.pbkdf2 / pbkdf2Sync with a literal count, a PBKDF2 call given an options object with a literal
// `iterations`, and the defaults of a PBKDF2 implementation itself (crypto-js before 4.2.0 and crypto-es before
// 2.1.0: `iterations: 1`), recognised by the PBKDF2-named call, variable, property or class the object sits in.
// A count from configuration or a variable is not judged; an `iterations` key outside PBKDF2 (a retry policy, a
// benchmark loop) is not key derivation.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, numberValue } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { structuralCandidate } from '../../matchers/structural.ts';

const MIN_ITERATIONS = 1000;
const PBKDF2_NAME = /pbkdf2/i;
// How far up from the options object the PBKDF2 name may be: crypto-js's `PBKDF2 = Base.extend({ cfg: Base.extend({…}) })`
// is eight levels, crypto-es's `class PBKDF2Algo { constructor() { this.cfg = Object.assign(…, {…}) } }` nine.
const MAX_DEPTH = 12;

/** The name that says an ancestor is PBKDF2: a call's callee, a declared or assigned name, a class name. */
function ancestorName(node: SgNode): string {
  const kind = node.kind();
  if (kind === 'call_expression') return node.field('function')?.text() ?? '';
  if (kind === 'variable_declarator' || kind === 'class_declaration' || kind === 'class') return node.field('name')?.text() ?? '';
  if (kind === 'assignment_expression') return node.field('left')?.text() ?? '';
  return '';
}

function inPbkdf2(object: SgNode): boolean {
  let at: SgNode | null = object.parent();
  for (let depth = 0; at && depth < MAX_DEPTH; depth++, at = at.parent()) {
    if (PBKDF2_NAME.test(ancestorName(at))) return true;
  }
  return false;
}

function nodeCalls(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '(^|\\.)pbkdf2(Sync)?$' } } })) {
    const count = numberValue(argsOf(call)[2]);
    if (count === null || count >= MIN_ITERATIONS) continue;
    out.push(structuralCandidate('weak-key-derivation', call, `PBKDF2 runs ${count} iteration(s): a derived key or password hash is brute-forced at digest speed; use hundreds of thousands (or scrypt/argon2).`, `PBKDF2 with ${count} iteration(s)`));
  }
  return out;
}

function iterationOptions(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const pair of ctx.root.findAll({ rule: { kind: 'pair', has: { field: 'key', regex: '^[\'"]?iterations[\'"]?$' } } })) {
    const count = numberValue(pair.field('value'));
    const object = pair.parent();
    if (count === null || count >= MIN_ITERATIONS || !object || !inPbkdf2(object)) continue;
    out.push(structuralCandidate('weak-key-derivation', pair, `PBKDF2 is configured with \`iterations: ${count}\`: every key or password hash derived with it is brute-forced at digest speed; use hundreds of thousands.`, `PBKDF2 options with ${count} iteration(s)`));
  }
  return out;
}

export const weakKeyDerivation: Detector = {
  order: 16,
  rules: ['weak-key-derivation'],
  prefilter: /pbkdf2/i,
  run: (ctx) => [...nodeCalls(ctx), ...iterationOptions(ctx)],
};
