// The detectors' text prefilters decide which files are parsed at all, so a prefilter must never reject a file its
// detector would find something in. Checked against the plain path: every detector run on every parsed file of the
// labelled corpus, the rule cases and the benchmark cases, whatever its prefilter says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DETECTORS } from '../../../src/engines/static/rules.ts';
import { comparisonSlips } from '../../../src/engines/static/matchers/logic.ts';
import { zipSlip } from '../../../src/engines/static/rules/zip-slip/matcher.ts';
import { swallowedError } from '../../../src/engines/static/rules/swallowed-error-success/matcher.ts';
import { nosqlInjection } from '../../../src/engines/static/rules/nosql-injection/matcher.ts';
import { xss } from '../../../src/engines/static/rules/xss/matcher.ts';
import { resourceFieldOverwritten } from '../../../src/engines/static/rules/resource-field-overwritten/matcher.ts';
import { swallowedAsyncError } from '../../../src/engines/static/rules/swallowed-async-error/matcher.ts';
import { stringMethodOnNonString } from '../../../src/engines/static/rules/string-method-on-non-string/matcher.ts';
import { callbackGuardedInOneBranch, checkedAndCalledIn, testedAndCalled, tests as testsPresence, unguardedCalls } from '../../../src/engines/static/rules/callback-guarded-in-one-branch/matcher.ts';
import { escapeRe } from '../../../src/engines/static/ast.ts';
import { langFor, parseSource } from '../../../src/engines/static/parse.ts';
import { beginFile } from '../../../src/engines/static/taint.ts';
import { beginSourceFile } from '../../../src/engines/static/sources/handlers.ts';
import { engineCorpus } from './engine-corpus.ts';

test('a detector that finds something in a file, run without its prefilter, always had its prefilter and required text pass there', () => {
  let fired = 0;
  for (const file of engineCorpus()) {
    const lang = langFor(file);
    if (lang === null) continue;
    const root = parseSource(lang, file.content).root();
    const lines = file.content.split(/\r?\n/);
    const library = file.publicApi !== undefined;
    for (const d of DETECTORS) {
      beginFile(library, []);
      beginSourceFile(file.path, file.content);
      const found = d.run({ file, root, lines }).filter((c) => d.rules.includes(c.ruleId));
      if (found.length === 0) continue;
      fired++;
      const passes = d.prefilter.test(file.content) || (library && d.libraryPrefilter?.test(file.content) === true);
      assert.ok(passes, `${d.rules.join(', ')} finds ${found[0]!.ruleId} on line ${found[0]!.startLine} of ${file.path}, but its prefilter rejects the file`);
      assert.ok(d.requires?.test(file.content) ?? true, `${d.rules.join(', ')} finds ${found[0]!.ruleId} in ${file.path}, but the text it requires is not there`);
    }
  }
  assert.ok(fired >= 100, `the corpus exercises the detectors (${fired} detector hits)`);
});

test('the comparison prefilter passes only text holding a boolean/NaN comparison or a side compared with itself', () => {
  for (const text of ['if (a == true) f();', 'x !== NaN', 'if (a.b === a.b) g();', 'while (i < i) i++;']) assert.ok(comparisonSlips.prefilter.test(text), text);
  // Any comparison passed when the joined gates' back-reference pointed at a group of the other alternative.
  for (const text of ["if (a == 'x') f();", 'if (count > 0) g();', 'if (xa === a.b) h();']) assert.ok(!comparisonSlips.prefilter.test(text), text);
  // A strict comparison with a boolean is none of these slips: such a file is not parsed for them.
  for (const text of ['if (a === true) f();', 'x !== false', 'if (true === x) g();', 'false!==y']) assert.ok(!comparisonSlips.prefilter.test(text), text);
  for (const text of ['if (true != x) g();', 'if (true < true) h();', 'if (x != false) h();', 'n === Number.NaN']) assert.ok(comparisonSlips.prefilter.test(text), text);
});

test('the zip-slip prefilter passes archive code and not words that merely contain tar or zip', () => {
  for (const text of ["const AdmZip = require('adm-zip');", "import tar from 'tar-stream';", 'zip.getEntries().forEach(e => e.entryName);', "extract.on('entry', (header) => {});"]) {
    assert.ok(zipSlip.prefilter.test(text), text);
  }
  for (const text of ['const target = start + 1;', "fs.writeFileSync(path.join(dir, file.name), data); // unzip later"]) assert.ok(!zipSlip.prefilter.test(text), text);
});

test('the swallowed-error prefilter needs a catch and a success response somewhere in the file', () => {
  assert.ok(swallowedError.prefilter.test('try { await save(); } catch (e) { console.log(e); }\nres.json({ saved: true });'));
  assert.ok(swallowedError.prefilter.test("try { run(); } catch {}\nreturn { status: 'ok' };"));
  for (const text of ['try { run(); } catch (e) { log(e); }', "res.json({ ok: true }); // no try here"]) assert.ok(!swallowedError.prefilter.test(text), text);
});

test('NoSQL injection requires a database in the file, not just a .find( call, and request input or $where', () => {
  for (const text of ['db.users.findOne({ name: req.body.name })', "const users = client.collection('users'); users.find(req.query);", "const mongoose = require('mongoose'); User.find({ $where: w });"]) assert.ok(nosqlInjection.requires?.test(text), text);
  assert.ok(!nosqlInjection.requires?.test('const hit = list.find((x) => x.id === req.body.id);'));
  // A database without request objects or $where in the file: no filter in it can hold an operator object from a client.
  for (const text of ["const users = client.collection('users'); users.find({ id });", 'db.users.findOne({ name: params.name })']) assert.ok(!nosqlInjection.requires?.test(text), text);
});

test('XSS requires a response, the document or an HTML property in the file, not just a .write( call', () => {
  for (const text of ['res.send(`<b>${req.query.q}</b>`)', 'el.innerHTML = location.hash', 'ctx.body = html', 'response.status(200).end(page)']) assert.ok(xss.requires?.test(text), text);
  assert.ok(!xss.requires?.test('stream.write(chunk); out.end(buffer);'));
});

test('resource-field-overwritten requires a field released somewhere in the file', () => {
  for (const text of ['this.timer = setInterval(tick, 10); clearInterval( this.timer );', 'this.conn = new Redis(o); this.conn.quit ()', 'this.$s.destroy(e)']) assert.ok(resourceFieldOverwritten.requires?.test(text), text);
  for (const text of ['this.conn = new Redis(o); conn.quit();', 'this.timer = setInterval(tick, 10); clearInterval(timer);', 'this.a.b.close()']) assert.ok(!resourceFieldOverwritten.requires?.test(text), text);
});

test('swallowed-async-error requires a success answer somewhere in the file', () => {
  for (const text of ['fs.stat(p, (err) => res.json({ ok: true }))', 'x.then(() => resolve (1))', 'cb(null, v)', "return { status: 'ok' }"]) assert.ok(swallowedAsyncError.requires?.test(text), text);
  for (const text of ['fs.stat(p, (err) => { if (err) throw err; })', 'cb(err)', 'unresolved(1)']) assert.ok(!swallowedAsyncError.requires?.test(text), text);
});

test('string-method-on-non-string requires a string-only method named in the file', () => {
  for (const text of ['const s = JSON.stringify(v); s.replace(/a/g, "b")', 'Array.isArray(v) ? v.map(f) : String(v); t.toLowerCase()']) assert.ok(stringMethodOnNonString.requires?.test(text), text);
  for (const text of ['const s = JSON.stringify(v); s.replacer(1); s.splits()', 'Array.isArray(v) && v.length']) assert.ok(!stringMethodOnNonString.requires?.test(text), text);
});

// bug-hunter-ignore redos: the names are escaped and the texts are the test's own short strings
const calledAndTested = (text: string) => [...new Set(text.match(/[\w$]+/g) ?? [])].flatMap((run) => [...run].flatMap((_, i) => [...run].map((__, j) => run.slice(i, j + 1))))
  .some((name) => /^[A-Za-z_$][\w$]*$/.test(name) && testsPresence(text, name) && new RegExp(`\\b${escapeRe(name)}\\s*\\(`).test(text));

test('callback-guarded-in-one-branch passes every text in which some name is both tested for presence and called', () => {
  const kept = ['if (!cb) return; else cb()', 'cb && cb(); else', 'typeof $cb; $cb (1)', 'a$b == null; b(2)', 'cb?.(1); cb(2)', 'if (done) {} else { done() }'];
  for (const text of kept) assert.ok(callbackGuardedInOneBranch.requires?.test(text), text);
  for (const text of ['if (err) cb(err); else next()', 'f(); if (x.y) g(); else h()', 'cb && other()']) assert.ok(!callbackGuardedInOneBranch.requires?.test(text), text);
  // Random text over the characters that matter: whenever some name is tested and called (the detector's own test and
  // call regexes, tried on every name in the text), the requirement passes.
  const alphabet = ['a', 'b', 'cb', 'cb', 'cb(', 'cb(', 'a$b', '$cb', 'cb$', ' && ', '(cb)', '$', '_', '1', '.', '(', ')', ' ', '\n', '!', '=', '&&', '|', '?', 'if', 'if (', 'typeof ', 'null', 'undefined', '==', 'else', ';', 'é', '\\u0061'];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  let both = 0;
  for (let i = 0; i < 60_000; i++) {
    const text = Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join('');
    if (!calledAndTested(text)) continue;
    both++;
    assert.ok(testedAndCalled(text), JSON.stringify(text));
  }
  assert.ok(both >= 200, `random texts with a tested and called name (${both})`);
});

test('callback-guarded-in-one-branch searches a branch only when its sibling tests and calls some name: no call it reports is skipped', () => {
  let reported = 0;
  let skipped = 0;
  for (const file of engineCorpus()) {
    const lang = langFor(file);
    if (lang === null) continue;
    const root = parseSource(lang, file.content).root();
    for (const ifs of root.findAll({ rule: { kind: 'if_statement', has: { field: 'alternative', kind: 'else_clause' } } })) {
      const cons = ifs.field('consequence')!;
      const alt = ifs.field('alternative')!;
      for (const [branch, sibling] of [[cons, alt], [alt, cons]] as const) {
        const calls = unguardedCalls(branch, checkedAndCalledIn(sibling.text()));
        reported += calls.length;
        if (testedAndCalled(sibling.text())) continue;
        skipped++;
        assert.deepEqual(calls.map((c) => c.text()), [], `${file.path}: a branch the rule skips at line ${ifs.range().start.line + 1}`);
      }
    }
  }
  assert.ok(reported > 0 && skipped > 0, `calls the search finds (${reported}), branches skipped (${skipped})`);
});
