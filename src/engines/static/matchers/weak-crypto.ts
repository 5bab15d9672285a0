// Weak crypto for secrets. Two structural rules:
// - weak-password-hash: a password hashed with MD5 or SHA-1 (crypto.createHash, the md5/sha1 packages, crypto-js):
//   fast, unsalted digests that leaked tables crack in seconds. Content digests (ETags, cache keys) and HMACs are
//   not password storage; a value counts as a password only when its own name ends in the word password/pass/pwd.
// - insecure-random-secret: Math.random() builds a value named as a secret (a token, a session id, a password, an
//   API key, a nonce, a salt, a reset code) or returned by a function named so. Math.random's output is predictable
//   from a few samples. Jitter, sampling, shuffles and element ids are not secrets. Two more values count: a
//   multipart boundary in a file that builds multipart bodies (whoever predicts it injects parts through a field
//   value: CVE-2025-7783, CVE-2025-22150), and what a function returns when its doc comment says it makes a
//   session id, API key, reset code and the like (socket.io 0.9.6's `generateId`, "Generates a session id").
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunction, functionName } from '../ast.ts';
import { moduleBindings } from '../modules.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { findAllOf } from '../shared-find.ts';
import { structuralCandidate } from './structural.ts';

const WEAK_DIGEST = /^['"`](md5|md4|sha1|sha-1|ripemd160)['"`]$/i;
const DIGEST_PACKAGES: Record<string, string> = { md5: 'MD5', 'blueimp-md5': 'MD5', 'js-md5': 'MD5', sha1: 'SHA-1', 'js-sha1': 'SHA-1', 'crypto-js/md5': 'MD5', 'crypto-js/sha1': 'SHA-1' };
const CRYPTO_JS = /^(CryptoJS|cryptoJs|cryptojs|CryptoJs)\.(MD5|SHA1)$/;
const CRYPTO_JS_TEXT = /(CryptoJS|cryptoJs|cryptojs|CryptoJs)\.(MD5|SHA1)/;

const PASSWORD_WORDS = new Set(['password', 'passwd', 'passphrase', 'pwd', 'pass']);
const SECRET_WORDS = new Set(['token', 'secret', 'password', 'passwd', 'passphrase', 'pwd', 'nonce', 'salt', 'otp', 'csrf', 'xsrf', 'apikey']);
const SECRET_PAIRS = new Set(['api key', 'session id', 'session key', 'access key', 'private key', 'secret key', 'reset code', 'verification code', 'auth code', 'invite code', 'confirmation code']);

/** The words of an identifier: `resetToken` → reset, token; `API_KEY` → api, key. */
function words(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_$\-\s]+/g, ' ').trim().toLowerCase().split(' ').filter(Boolean);
}

/** The last name in a dotted path or subscript: `req.body.password` → password, `form['pwd']` → pwd. */
function lastName(node: SgNode): string {
  if (node.kind() === 'member_expression') return node.field('property')?.text() ?? '';
  if (node.kind() === 'subscript_expression') return (node.field('index')?.text() ?? '').replace(/^['"`]|['"`]$/g, '');
  return node.kind() === 'identifier' ? node.text() : '';
}

function isPasswordName(name: string): boolean {
  const w = words(name);
  return w.length > 0 && PASSWORD_WORDS.has(w[w.length - 1] as string);
}

function isSecretName(name: string): boolean {
  const w = words(name);
  const last = w[w.length - 1] ?? '';
  return SECRET_WORDS.has(last) || (w.length >= 2 && SECRET_PAIRS.has(`${w[w.length - 2]} ${last}`));
}

/** The password-named value hashed: the data itself, or a leaf of a `+` chain / template that builds it. */
function passwordIn(data: SgNode): SgNode | null {
  if (isPasswordName(lastName(data))) return data;
  const leaves = data.findAll({ rule: { any: [{ kind: 'identifier' }, { kind: 'member_expression' }] } });
  return ['binary_expression', 'template_string'].includes(String(data.kind())) ? (leaves.find((l) => isPasswordName(lastName(l))) ?? null) : null;
}

const CREATE_HASH_CALLS = { kind: 'call_expression', has: { field: 'function', regex: '(^|\\.)createHash$' } };

/** `crypto.createHash('md5')` calls and, for each, where its `.update(data)` happens (chained or through a variable). */
function hashUpdates(ctx: DetectorContext): Array<{ update: SgNode; digest: string }> {
  const out: Array<{ update: SgNode; digest: string }> = [];
  for (const create of findAllOf(ctx.root, CREATE_HASH_CALLS)) {
    const algorithm = argsOf(create)[0];
    if (!algorithm || !WEAK_DIGEST.test(algorithm.text())) continue;
    const digest = algorithm.text().slice(1, -1).toUpperCase().replace('SHA1', 'SHA-1');
    const member = create.parent();
    if (member?.kind() === 'member_expression' && member.field('property')?.text() === 'update' && member.parent()?.kind() === 'call_expression') {
      out.push({ update: member.parent() as SgNode, digest });
      continue;
    }
    const holder = member?.kind() === 'variable_declarator' ? member.field('name')?.text() : undefined;
    const scope = enclosingFunction(create);
    if (!holder || !scope) continue;
    for (const call of scope.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^${holder.replace(/\$/g, '\\$')}\\.update$` } } })) out.push({ update: call, digest });
  }
  return out;
}

function digestCalls(ctx: DetectorContext): Array<{ call: SgNode; digest: string }> {
  const b = moduleBindings(ctx.file.content, Object.keys(DIGEST_PACKAGES));
  const locals = new Map<string, string>();
  for (const [mod, digest] of Object.entries(DIGEST_PACKAGES)) {
    for (const m of ctx.file.content.matchAll(new RegExp(String.raw`(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"]${mod.replace('/', '\\/')}['"]\s*\)|import\s+([\w$]+)\s+from\s+['"]${mod.replace('/', '\\/')}['"]`, 'g'))) {
      const local = m[1] ?? m[2];
      if (local && b.aliases.has(local)) locals.set(local, digest);
    }
  }
  const out: Array<{ call: SgNode; digest: string }> = [];
  // A callee is a digest only when its text is a local above or CRYPTO_JS's: without either in the file, no call is.
  if (locals.size === 0 && !CRYPTO_JS_TEXT.test(ctx.file.content)) return out;
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression' } })) {
    const callee = call.field('function')?.text() ?? '';
    const digest = locals.get(callee) ?? (CRYPTO_JS.test(callee) ? (callee.endsWith('MD5') ? 'MD5' : 'SHA-1') : undefined);
    if (digest) out.push({ call, digest });
  }
  return out;
}

function weakPasswordHashes(ctx: DetectorContext): Candidate[] {
  const sites = [
    ...hashUpdates(ctx).map(({ update, digest }) => ({ node: update, digest, data: argsOf(update)[0] })),
    ...digestCalls(ctx).map(({ call, digest }) => ({ node: call, digest, data: argsOf(call)[0] })),
  ];
  const out: Candidate[] = [];
  for (const { node, digest, data } of sites) {
    const password = data ? passwordIn(data) : null;
    if (!password) continue;
    out.push(structuralCandidate('weak-password-hash', node, `\`${password.text()}\` is hashed with ${digest}, a fast digest: a leaked hash is cracked by brute force.`, `a password hashed with ${digest}`));
  }
  return out;
}

// Expressions a random number passes through on its way into a value: arithmetic, string building, rounding.
const CARRIERS = new Set(['binary_expression', 'parenthesized_expression', 'template_substitution', 'template_string', 'member_expression', 'subscript_expression', 'augmented_assignment_expression', 'ternary_expression']);
const NUMERIC_CALLS = /^(Math\.\w+|String|Number|parseInt|parseFloat|BigInt)$/;

/** The name a Math.random() value ends up under: a variable, a property, an object key, or the returning function. */
function destination(random: SgNode): string | null {
  let at = random;
  for (let parent = at.parent(); parent; at = parent, parent = parent.parent()) {
    const kind = parent.kind();
    if (kind === 'variable_declarator') return parent.field('value')?.id() === at.id() ? (parent.field('name')?.text() ?? null) : null;
    if (kind === 'assignment_expression' || kind === 'augmented_assignment_expression') {
      const left = parent.field('left');
      if (parent.field('right')?.id() !== at.id() || !left) return null;
      const name = lastName(left);
      // `out += chars[random]` in a loop: the variable's name, or the function's when it returns it.
      if (isSecretName(name)) return name;
      const fn = enclosingFunction(parent);
      return fn && left.kind() === 'identifier' && new RegExp(String.raw`\breturn\s+${name.replace(/\$/g, '\\$')}\b`).test(fn.text()) ? functionName(fn) : name;
    }
    if (kind === 'pair') return parent.field('value')?.id() === at.id() ? (parent.field('key')?.text().replace(/^['"]|['"]$/g, '') ?? null) : null;
    if (kind === 'return_statement') return functionName(enclosingFunction(parent) ?? parent);
    if (kind === 'arrow_function') return parent.field('body')?.id() === at.id() ? functionName(parent) : null;
    if (kind === 'arguments') {
      const callee = parent.parent()?.field('function')?.text() ?? '';
      if (!NUMERIC_CALLS.test(callee)) return null;
      continue;
    }
    // A method called on the value (`.toString(36)`), or the rounding call whose arguments it was in.
    if (kind === 'call_expression' && (parent.field('function')?.id() === at.id() || at.kind() === 'arguments')) continue;
    if (!CARRIERS.has(String(kind))) return null;
  }
  return null;
}

/** True when the random number is turned into text on its way out (a template, `.toString()`, `String()`, `.padStart()`). */
function stringified(random: SgNode): boolean {
  for (let at = random.parent(); at && !['variable_declarator', 'assignment_expression', 'augmented_assignment_expression', 'return_statement'].includes(String(at.kind())); at = at.parent()) {
    if (at.kind() === 'template_string') return true;
    if (at.kind() === 'call_expression' && /(^String|\.(toString|padStart|padEnd))$/.test(at.field('function')?.text() ?? '')) return true;
  }
  return false;
}

/** A multipart boundary: a text value named `…boundary` in a file that writes multipart bodies (a numeric boundary is geometry). */
function isMultipartBoundary(random: SgNode, name: string, content: string): boolean {
  return words(name).at(-1) === 'boundary' && /multipart/i.test(content) && stringified(random);
}

// The statements a doc comment sits above: the function itself, or the declaration / assignment holding it.
const DOCUMENTED = new Set(['function_declaration', 'method_definition', 'expression_statement', 'lexical_declaration', 'variable_declaration', 'export_statement', 'pair']);

/** True when the comment right above `fn` says it makes a secret ("Generates a session id"), and not that it is not one. */
function documentedAsSecret(fn: SgNode): boolean {
  let at: SgNode | null = fn;
  while (at && !DOCUMENTED.has(String(at.kind()))) at = at.parent();
  const comment = at?.prev();
  if (comment?.kind() !== 'comment') return false;
  const w = words(comment.text().replace(/[^A-Za-z]+/g, ' '));
  if (w.includes('not')) return false;
  return w.some((word, i) => i > 0 && SECRET_PAIRS.has(`${w[i - 1]} ${word}`));
}

/** Whether the value named `name` is a secret: by its name, as a multipart boundary, or by its function's doc comment. */
function secretDestination(random: SgNode, name: string, content: string): boolean {
  const short = name.replace(/^.*\./, '');
  if (isSecretName(short) || isMultipartBoundary(random, short, content)) return true;
  const fn = enclosingFunction(random);
  return Boolean(fn && functionName(fn) === name && documentedAsSecret(fn));
}

const RANDOM_CALLS = { kind: 'call_expression', has: { field: 'function', regex: '^Math\\.random$' } };

function insecureRandomSecrets(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const random of findAllOf(ctx.root, RANDOM_CALLS)) {
    const name = destination(random);
    if (!name || !secretDestination(random, name, ctx.file.content)) continue;
    // One finding per secret: `Math.random() * Math.random()` or two halves of one id are one flaw.
    const key = `${enclosingFunction(random)?.id() ?? 'module'}:${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(structuralCandidate('insecure-random-secret', random, `\`${name}\` is made from Math.random(), whose output can be predicted from a few observed values; use crypto.randomBytes / randomUUID / randomInt.`, `Math.random() used for the secret \`${name}\``));
  }
  return out;
}


export const weakCrypto: Detector = {
  order: 15,
  rules: ['weak-password-hash', 'insecure-random-secret'],
  prefilter: /createHash|md5|sha1|CryptoJS|crypto-js|Math\.random/i,
  finds: [CREATE_HASH_CALLS, RANDOM_CALLS],
  run: (ctx) => [...weakPasswordHashes(ctx), ...insecureRandomSecrets(ctx)],
};
