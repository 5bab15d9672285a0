// JWT verification with jsonwebtoken (only names bound to that module count):
// - jwt-unpinned-algorithm: verify() without an `algorithms` list, or with 'none' in it. The token's own header
//   then picks the algorithm: an HS256 token signed with the RSA public key as the HMAC secret verifies
//   (CVE-2015-9235), and versions up to 8.5.1 accept unsigned tokens with a falsy key (CVE-2022-23540). Options
//   the file cannot see (a parameter, a spread) are not judged, except a library's own exported options handed to
//   verify() in a module that never mentions `algorithms` (express-jwt before 6.0.0, CVE-2020-15084).
// - jwt-decode-unverified: decode() of a request's token in a module that never calls verify(): decode only
//   base64-decodes, so a forged payload is trusted.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunctions, paramsOf } from '../ast.ts';
import { exportedApi } from '../exports.ts';
import { moduleBindings, moduleFunction, type ModuleBindings } from '../modules.ts';
import { bindingValue } from '../taint.ts';
import type { Candidate, Detector, DetectorContext, GuardFact } from '../types.ts';
import { sinkCandidate } from './sink.ts';
import { structuralCandidate } from './structural.ts';

const MODULES = ['jsonwebtoken'];
const CALLBACK_NAME = /^(cb|callback|done|next)$/;
const ALL_GUARDS: ReadonlyArray<GuardFact['kind']> = ['allow-list', 'containment', 'type-check', 'escaping', 'parameterised', 'proto-guard', 'terminator'];

/** The calls of each jsonwebtoken function, by its name: one walk of the file for all of them. */
function jwtCalls(ctx: DetectorContext, b: ModuleBindings): Map<string, SgNode[]> {
  const byFunction = new Map<string, SgNode[]>();
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '[\\w$]$' } } })) {
    const fn = moduleFunction(call.field('function')?.text() ?? '', b, MODULES);
    if (fn === null) continue;
    const calls = byFunction.get(fn);
    if (calls) calls.push(call);
    else byFunction.set(fn, [call]);
  }
  return byFunction;
}

/** A library handing its own caller's options to verify() and never looking at `algorithms` (express-jwt < 6). */
function callersOptionsUnchecked(ctx: DetectorContext, options: SgNode): boolean {
  if (ctx.file.publicApi === undefined || options.kind() !== 'identifier' || /\.\s*algorithms\b|\[\s*['"]algorithms['"]|\balgorithms\s*:/.test(ctx.file.content)) return false;
  return enclosingFunctions(options).some((fn) => paramsOf(fn).some((p) => p.name === options.text()) && exportedApi(fn) !== null);
}

/** What the options say about algorithms: pinned, 'none' allowed, missing, left to the caller, or not knowable. */
function algorithms(ctx: DetectorContext, options: SgNode | undefined): 'pinned' | 'none' | 'missing' | 'caller' | 'unknown' {
  if (!options) return 'missing';
  const kind = options.kind();
  if (kind === 'arrow_function' || kind === 'function_expression') return 'missing';
  if (kind === 'identifier' && CALLBACK_NAME.test(options.text())) return 'missing';
  if (callersOptionsUnchecked(ctx, options)) return 'caller';
  const value = kind === 'identifier' ? bindingValue(options) : options;
  if (value?.kind() !== 'object') return 'unknown';
  const members = value.namedChildren();
  if (members.some((m) => m.kind() === 'spread_element')) return 'unknown';
  const list = members.find((m) => (m.kind() === 'pair' && /^['"]?algorithms['"]?$/.test(m.field('key')?.text() ?? '')) || (m.kind() === 'shorthand_property_identifier' && m.text() === 'algorithms'));
  if (!list) return 'missing';
  return /['"`]none['"`]/i.test(list.text()) ? 'none' : 'pinned';
}

function unpinned(ctx: DetectorContext, calls: Map<string, SgNode[]>): Candidate[] {
  const out: Candidate[] = [];
  for (const call of calls.get('verify') ?? []) {
    const args = argsOf(call);
    if (args.length < 2) continue;
    const state = algorithms(ctx, args[2]);
    if (state === 'pinned' || state === 'unknown') continue;
    const callee = call.field('function')?.text() ?? 'verify';
    const detail = {
      none: `\`${callee}\` accepts the 'none' algorithm: an unsigned token verifies.`,
      missing: `\`${callee}\` is called without \`algorithms\`: the token's header chooses how it is checked.`,
      caller: `\`${callee}\` gets the library caller's \`${args[2]?.text()}\` as they are, and nothing in this module requires \`algorithms\` in them: a caller who leaves it out lets the token's header choose.`,
    }[state];
    const proof = { none: "verify() accepting alg 'none'", missing: 'verify() without an algorithms list', caller: "verify() with the caller's options, algorithms never required" }[state];
    out.push(structuralCandidate('jwt-unpinned-algorithm', call, detail, proof));
  }
  return out;
}

function decodedUnverified(ctx: DetectorContext, calls: Map<string, SgNode[]>): Candidate[] {
  if (calls.has('verify')) return [];
  const out: Candidate[] = [];
  for (const call of calls.get('decode') ?? []) {
    const token = argsOf(call)[0];
    if (!token) continue;
    const c = sinkCandidate({
      ruleId: 'jwt-decode-unverified', sink: call, values: [token], lines: ctx.lines, ignoreGuards: ALL_GUARDS,
      describe: (s) => `\`${call.field('function')?.text()}\` reads the claims of ${s.via} without checking its signature, and this module never calls verify().`,
    });
    if (c) out.push(c);
  }
  return out;
}

export const jwtVerification: Detector = {
  order: 17,
  rules: ['jwt-unpinned-algorithm', 'jwt-decode-unverified'],
  prefilter: /jsonwebtoken/,
  run: (ctx) => {
    const calls = jwtCalls(ctx, moduleBindings(ctx.file.content, MODULES));
    return [...unpinned(ctx, calls), ...decodedUnverified(ctx, calls)];
  },
};
