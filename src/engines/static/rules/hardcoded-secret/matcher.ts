// Hard-coded secrets handed to auth or crypto APIs: jwt.sign/verify keys, HMAC and cipher keys,
// session/cookie secrets, database passwords and bearer tokens written as string literals.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, endLine, startLine, symbolOf } from '../../ast.ts';
import { bindingValue } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const KEY_ARG: Array<[RegExp, number, string]> = [
  [/^(jwt|jsonwebtoken|JWT|jose)\.(sign|verify)$/, 1, 'JWT signing key'],
  [/^(crypto\.)?createHmac$/, 1, 'HMAC key'],
  [/^(crypto\.)?createCipheriv$|^(crypto\.)?createDecipheriv$/, 1, 'cipher key'],
  [/^cookieParser$/, 0, 'cookie signing secret'],
];
const SECRET_KEYS = /^['"]?(secret|secretOrKey|secretOrPrivateKey|password|passwd|pass|clientSecret|client_secret|apiKey|api_key|privateKey|accessToken|authToken)['"]?$/;
const SECRET_CALLEE = /(session|Session|jwt|Jwt|JWT|passport|Strategy|createConnection|createPool|createClient|Pool|Client|Sequelize|knex|connect|Redis|auth|Auth|createTransport|cookieSession|sign|verify)/;
const PLACEHOLDER = /^(|x+|\*+|\.+|-+|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|%s|your[-_ ].*|changeme|change[-_ ]me|placeholder|todo|xxx.*|example.*|dummy.*|null|undefined|none)$/i;

/** The string literal a value resolves to, or null; `process.env.X || 'dev'` reports the fallback. */
function literalOf(node: SgNode | null | undefined): { value: string; node: SgNode; fallback: boolean } | null {
  let n = node ?? null;
  if (n?.kind() === 'identifier') n = bindingValue(n);
  if (!n) return null;
  if (n.kind() === 'string' || (n.kind() === 'template_string' && !n.text().includes('${'))) {
    const value = n.text().slice(1, -1);
    return PLACEHOLDER.test(value.trim()) ? null : { value, node: n, fallback: false };
  }
  if (n.kind() === 'binary_expression' && /^(\|\||\?\?)$/.test(n.field('operator')?.text() ?? '')) {
    const right = literalOf(n.field('right'));
    return right ? { ...right, fallback: true } : null;
  }
  return null;
}

function candidate(sink: SgNode, what: string, lit: { value: string; node: SgNode; fallback: boolean }): Candidate {
  const c: Candidate = {
    ruleId: 'hardcoded-secret', startLine: startLine(sink), endLine: endLine(sink), symbol: symbolOf(sink),
    subject: `${what}:${sink.text()}`,
    detail: lit.fallback
      ? `The ${what} falls back to the literal ${JSON.stringify(lit.value.slice(0, 4) + '…')} when the environment variable is unset.`
      : `The ${what} is the literal ${JSON.stringify(lit.value.slice(0, 4) + '…')} (${lit.value.length} characters).`,
    source: { kind: lit.fallback ? 'config' : 'literal', via: lit.fallback ? 'an environment variable with a literal fallback' : 'a string literal', names: [] },
  };
  if (!lit.fallback) c.structural = `a ${what} written in the source`;
  return c;
}

const KEYED_CALLS = { kind: 'call_expression', has: { field: 'function', regex: '(sign|verify|createHmac|createCipheriv|createDecipheriv|cookieParser)$' } };

const SECRET_PAIRS = { kind: 'pair', has: { field: 'key', regex: SECRET_KEYS.source }, inside: { kind: 'arguments', stopBy: 'end' as const } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const calls = findAllOf(ctx.root, KEYED_CALLS);
  for (const call of calls) {
    const callee = call.field('function')?.text() ?? '';
    const match = KEY_ARG.find(([re]) => re.test(callee));
    if (!match) continue;
    const lit = literalOf(argsOf(call)[match[1]]);
    if (lit) out.push(candidate(call, match[2], lit));
  }
  const pairs = findAllOf(ctx.root, SECRET_PAIRS);
  for (const pair of pairs) {
    let call = pair.parent();
    for (let i = 0; i < 6 && call && call.kind() !== 'call_expression' && call.kind() !== 'new_expression'; i++) call = call.parent();
    const callee = call ? (call.field('function') ?? call.field('constructor'))?.text() ?? '' : '';
    if (!SECRET_CALLEE.test(callee)) continue;
    const lit = literalOf(pair.field('value'));
    if (lit) out.push(candidate(pair, `${pair.field('key')?.text().replace(/['"]/g, '')} passed to ${callee}`, lit));
  }
  return out;
}

export const hardcodedSecret: Detector = {
  order: 18,
  rules: ['hardcoded-secret'],
  prefilter: /\b(sign|verify|createHmac|createCipheriv|createDecipheriv|cookieParser)\s*\(|\b(secret|password|passwd|pass|apiKey|api_key|privateKey|clientSecret|accessToken|authToken|secretOrKey)['"]?\s*:/,
  finds: [KEYED_CALLS, SECRET_PAIRS],
  run,
};
