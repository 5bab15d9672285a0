// The prover against the real sandbox (bubblewrap) and a fixture package of our own: each class's exploit is shown
// against the vulnerable shape and not shown against a patched copy of it, and the harness, not the exploit, decides.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncompleteFix } from '../../../../scripts/corpora/incomplete-fixes/evidence.ts';
import { proveEntry } from '../../../../scripts/corpora/incomplete-fixes/prove.ts';
import { REDOS_CRITERION } from '../../../../scripts/corpora/incomplete-fixes/redos-growth.ts';
import { tempDir } from '../../../helpers/temp.ts';

const SHAPES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'shapes');

const entry = (cls: IncompleteFix['class'], code: string[], over: Partial<IncompleteFix['exploit']> = {}): IncompleteFix => ({
  case: `fixture-${cls}`, package: 'shapes', fixed: '1.0.1', class: cls, reason: 'fixture', exploit: { code, timeoutSeconds: 30, ...over },
});

const POLLUTE = entry('prototype-pollution', ["module.exports = (ctx) => require(ctx.pkg + '/index.js').setPath({}, '__proto__.polluted', true);"]);
const INJECT = entry('command-injection', ["module.exports = (ctx) => new Promise((done) => require(ctx.pkg + '/index.js').lookup('x; touch ' + ctx.marker, () => done()));"]);
const TRAVERSE = entry('path-traversal', ["module.exports = (ctx) => require(ctx.pkg + '/index.js').readPublic(ctx.root, '../secret.txt');"]);
const REDIRECT = entry('open-redirect', ["module.exports = (ctx) => require(ctx.pkg + '/index.js').redirectFor('//evil.example');"]);

/** A copy of the fixture with one line of index.js replaced: the "fixed" version. */
function patched(t: TestContext, from: string, to: string): string {
  const dir = join(tempDir(t, 'bh-prove-fixed-'), 'package');
  cpSync(SHAPES, dir, { recursive: true });
  const file = join(dir, 'index.js');
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `the fixture still has: ${from}`);
  writeFileSync(file, text.replace(from, to));
  return dir;
}

test('prototype pollution: shown against the path setter, not shown once it refuses __proto__', async (t) => {
  const shown = await proveEntry(POLLUTE, SHAPES);
  assert.deepEqual([shown.shown, shown.detail], [true, 'Object.prototype.polluted = true']);
  const fixed = patched(t, '  for (const key of keys.slice(0, -1)) {', "  if (keys.some((k) => ['__proto__', 'constructor', 'prototype'].includes(k))) return;\n  for (const key of keys.slice(0, -1)) {");
  const notShown = await proveEntry(POLLUTE, fixed);
  assert.deepEqual([notShown.shown, notShown.detail], [false, 'Object.prototype has no own property polluted']);
});

test('command injection: shown by the marker an injected command creates, not shown once the command takes no shell', async (t) => {
  assert.equal((await proveEntry(INJECT, SHAPES)).shown, true);
  const fixed = patched(t, "exports.lookup = (host, done) => exec('echo ' + host, done);", "exports.lookup = (host, done) => require('child_process').execFile('echo', [host], done);");
  const notShown = await proveEntry(INJECT, fixed);
  assert.deepEqual([notShown.shown, notShown.detail], [false, 'no marker file']);
});

test('path traversal reads the secret outside the root; open redirect sends Location off the site; both not shown once patched', async (t) => {
  assert.deepEqual([(await proveEntry(TRAVERSE, SHAPES)).shown, (await proveEntry(REDIRECT, SHAPES)).shown], [true, true]);
  const fixed = patched(t, 'fs.readFileSync(path.join(root, name), \'utf8\');', "{ const p = path.join(root, name); if (!p.startsWith(root + path.sep)) throw new Error('outside the root'); return fs.readFileSync(p, 'utf8'); };");
  assert.match((await proveEntry(TRAVERSE, fixed)).detail, /does not hold the secret: Error: outside the root/);
  const noRedirect = patched(t, "exports.redirectFor = (pathname) => pathname + '/';", "exports.redirectFor = (pathname) => '/' + pathname.replace(/^[/\\\\]+/, '') + '/';");
  assert.deepEqual([(await proveEntry(REDIRECT, noRedirect)).shown, (await proveEntry(REDIRECT, noRedirect)).detail], [false, 'Location "/evil.example/"']);
});

test('the package folder is read-only and the verdict is the harness\'s: a forged verdict line or a write into the package shows nothing', async () => {
  const write = await proveEntry(entry('path-traversal', ["module.exports = (ctx) => { try { require('fs').writeFileSync(ctx.pkg + '/index.js', ''); return 'written'; } catch (e) { return e.code; } };"]), SHAPES);
  assert.equal(write.shown, false);
  assert.match(write.detail, /does not hold the secret: (EROFS|EACCES)/);
  const forged = await proveEntry(entry('prototype-pollution', ["process.stdout.write('\\nBH-VERDICT 0 {\"shown\":true,\"detail\":\"forged\"}\\n');", 'process.exit(0);']), SHAPES);
  assert.equal(forged.shown, false);
  assert.match(forged.detail, /^no verdict \(PASS\)/);
});

test('a redos exploit whose attack or baseline does not build an input of the asked length is not shown (never timed)', async () => {
  const proof = await proveEntry(entry('redos', ['exports.run = (s) => s.length;', "exports.attack = (n) => 'a'.repeat(n + 1);", "exports.baseline = (n) => 'b'.repeat(n);"]), SHAPES);
  assert.equal(proof.shown, false);
  const n = REDOS_CRITERION.START_LENGTH;
  assert.equal(proof.detail, `attack(n) must return a string of n characters (asked ${n}, got ${n + 1})`);
  const strings = await proveEntry(entry('redos', ['exports.run = (s) => s.length;', "exports.attack = 'a'.repeat(10);", "exports.baseline = 'b'.repeat(10);"]), SHAPES);
  assert.deepEqual([strings.shown, strings.detail], [false, 'a redos exploit exports the functions run(input), attack(n) and baseline(n)']);
});
