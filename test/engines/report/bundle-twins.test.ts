// One finding per bug: a source finding and its bundle copies (dist/, *.min.js, umd/cjs/esm) are one finding at the
// source, which keeps its fingerprint; suppressions and baselines written before the fold still match it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import type { Baseline, BaseFinding } from '../../../src/artifacts/schemas/baseline.ts';
import type { ReportedFinding } from '../../../src/artifacts/schemas/scan-report.ts';
import { foldBundleTwins, twinKey } from '../../../src/engines/report/bundle-twins.ts';
import { isBundlePath, moduleStem } from '../../../src/engines/findings/bundles.ts';
import { findReported } from '../../../src/engines/suppress/suppressions.ts';
import { confirmedRun, NOW, noSuppressions } from './helpers.ts';
import { identity, makeFinding } from '../../helpers/builders.ts';
import { prng } from '../../../scripts/kit/seeded-random.ts';
import { copyFingerprints } from '../../../src/engines/findings/related.ts';

const VERDICTS = ['confirmed', 'manual-review', 'unreviewed', 'dismissed'] as const;
const BUNDLES = ['dist/{n}.js', 'dist/esm/{n}.js', 'dist/{n}.min.js', 'umd/{n}.js', 'lib/{n}.cjs.js', 'build/{n}.js'];
const SOURCES = ['lib/{n}.js', 'src/{n}.ts', 'index.js', 'src/util/{n}.js'];
const CODES = ['exec(cmd)', 'fs.readFile(p)', 'eval(code)', 'obj[k] = v', 'new RegExp(s)'];

function reported(file: string, code: string, verdict: ReportedFinding['verdict'], salt: string, ruleId = 'command-injection'): ReportedFinding {
  const finding: Finding = makeFinding({ file, symbol: 'f', subject: `${code}${salt}`, line: 3, quote: `  ${code}\n  next()`, ruleId });
  return { finding, verdict, tier: 'T2', severity: 'high', confidence: 0.9, skepticOutcome: 'none', skepticReasoning: [], refereeReasoning: 'r', reread: false };
}

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)] as T;
}

/** A random run: source findings, some with bundle copies (some judged otherwise), bundle-only bugs, and unrelated ones. */
function randomRun(next: () => number): ReportedFinding[] {
  const out: ReportedFinding[] = [];
  const count = 1 + Math.floor(next() * 12);
  for (let i = 0; i < count; i++) {
    const code = pick(next, CODES);
    const n = `m${Math.floor(next() * 4)}`;
    const verdict = pick(next, VERDICTS);
    const hasSource = next() < 0.75;
    if (hasSource) out.push(reported(pick(next, SOURCES).replace('{n}', n), code, verdict, `s${i}`));
    const copies = Math.floor(next() * 4);
    for (let c = 0; c < copies; c++) out.push(reported(pick(next, BUNDLES).replace('{n}', n), code, next() < 0.8 ? verdict : pick(next, VERDICTS), `b${i}.${c}`));
  }
  // Shuffle: the fold must not depend on the order it is given.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

test('folding keeps every finding (as itself or a related location), one per group, the source fingerprint, and is stable (seeded)', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const input = randomRun(prng(seed));
    const output = foldBundleTwins(input);
    const why = `seed ${seed}`;
    // No finding lost, none listed twice.
    const listed = output.flatMap((f) => [f.finding.fingerprint, ...copyFingerprints(f.relatedLocations)]);
    assert.deepEqual([...listed].sort(), input.map((f) => f.finding.fingerprint).sort(), why);
    // Every kept finding is one of the input, unchanged but for its related locations; the order is the input's.
    const byFingerprint = new Map(input.map((f) => [f.finding.fingerprint, f]));
    for (const f of output) assert.deepEqual({ ...f, relatedLocations: undefined }, { ...byFingerprint.get(f.finding.fingerprint)!, relatedLocations: undefined }, why);
    const positions = output.map((f) => input.indexOf(byFingerprint.get(f.finding.fingerprint)!));
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b), `${why}: order kept`);
    for (const f of output) {
      const related = f.relatedLocations ?? [];
      // Related locations are bundle copies or other builds of the lead's module, of the same bug, judged alike, one
      // per file, none at the lead's file.
      for (const r of related) {
        const copy = byFingerprint.get(copyFingerprints([r])[0]!)!;
        assert.ok(isBundlePath(r.file) || moduleStem(r.file) === moduleStem(f.finding.file), `${why}: ${r.file} is a bundle or a build of ${f.finding.file}`);
        assert.equal(twinKey(copy), twinKey(f), `${why}: same bug`);
      }
      assert.equal(new Set([f.finding.file, ...related.map((r) => r.file)]).size, related.length + 1, `${why}: one per file`);
      // A bundle stands for its group only when the group has no source finding.
      if (related.length > 0 && isBundlePath(f.finding.file)) {
        assert.ok(!input.some((g) => !isBundlePath(g.finding.file) && twinKey(g) === twinKey(f)), `${why}: a source finding exists for ${f.finding.file}`);
      }
    }
    // Exactly one per module: no two source findings of one module and key stay apart unless they share a file.
    for (const f of output.filter((g) => !isBundlePath(g.finding.file))) {
      const twins = output.filter((g) => g !== f && !isBundlePath(g.finding.file) && twinKey(g) === twinKey(f) && moduleStem(g.finding.file) === moduleStem(f.finding.file));
      const files = new Set([f.finding.file, ...(f.relatedLocations ?? []).map((r) => r.file)]);
      assert.deepEqual(twins.filter((g) => !files.has(g.finding.file) && !(g.relatedLocations ?? []).some((r) => files.has(r.file))).map((g) => g.finding.file), [], `${why}: builds of ${f.finding.file} left apart`);
    }
    // Exactly one per group: a source finding whose key no other source finding kept has keeps no bundle copy of
    // another file apart from it.
    for (const f of output.filter((g) => !isBundlePath(g.finding.file))) {
      const key = twinKey(f);
      if (output.filter((g) => !isBundlePath(g.finding.file) && twinKey(g) === key).length > 1) continue;
      const files = new Set([f.finding.file, ...(f.relatedLocations ?? []).map((r) => r.file)]);
      const apart = output.filter((g) => g !== f && isBundlePath(g.finding.file) && twinKey(g) === key && !files.has(g.finding.file));
      assert.deepEqual(apart.map((g) => g.finding.file), [], `${why}: a copy left apart from ${f.finding.file}`);
    }
    // Folding twice changes nothing more.
    assert.deepEqual(foldBundleTwins(output), output, `${why}: idempotent`);
  }
});

test('two source files with the same line are two bugs: a bundle copy joins neither', () => {
  const a = reported('src/a.js', 'exec(cmd)', 'confirmed', 'a');
  const b = reported('src/b.js', 'exec(cmd)', 'confirmed', 'b');
  const copy = reported('dist/app.js', 'exec(cmd)', 'confirmed', 'c');
  assert.deepEqual(foldBundleTwins([a, b, copy]).map((f) => [f.finding.file, f.relatedLocations?.length ?? 0]), [['src/a.js', 0], ['src/b.js', 0], ['dist/app.js', 0]]);
});

test('a copy the referee judged otherwise, or of another rule, stays a finding of its own', () => {
  const src = reported('lib/core.js', 'exec(cmd)', 'confirmed', 's');
  const dismissed = reported('dist/core.js', 'exec(cmd)', 'dismissed', 'd');
  const other = reported('dist/esm/core.js', 'exec(cmd)', 'confirmed', 'o', 'code-injection');
  assert.equal(foldBundleTwins([src, dismissed, other]).length, 3);
});

test('the shape of a package shipping its TypeScript source and two builds beside it: one finding, at the .ts', () => {
  const code = 'const boundary = `openai-${Math.random().toString(36).slice(2)}`;';
  const src = reported('src/internal/uploads.ts', code, 'confirmed', 's', 'insecure-random-secret');
  const builds = ['internal/uploads.js', 'internal/uploads.mjs'].map((file, i) => reported(file, code, 'confirmed', `b${i}`, 'insecure-random-secret'));
  const [one, ...rest] = foldBundleTwins([...builds, src]);
  assert.equal(rest.length, 0);
  assert.equal(one!.finding.fingerprint, src.finding.fingerprint);
  assert.deepEqual(one!.relatedLocations?.map((r) => r.file).sort(), ['internal/uploads.js', 'internal/uploads.mjs']);
  // Without the source, the .js stands for its .mjs build; another module with the same line stays a bug of its own.
  const other = reported('internal/forms.js', code, 'confirmed', 'o', 'insecure-random-secret');
  assert.deepEqual(foldBundleTwins([...builds, other]).map((f) => [f.finding.file, f.relatedLocations?.length ?? 0]), [['internal/uploads.js', 1], ['internal/forms.js', 0]]);
});

test('an entry built once per runtime, with its bundles: one finding', () => {
  const code = 'if (cb) cb(err); else return out;';
  const files = ['esm/browser.js', 'esm/index.mjs', 'lib/browser.cjs', 'lib/index.cjs', 'lib/node.cjs'];
  const folded = foldBundleTwins(files.map((file, i) => reported(file, code, 'confirmed', `e${i}`, 'callback-guarded-in-one-branch')));
  assert.equal(folded.length, 1);
  assert.equal(folded[0]!.finding.file, 'lib/node.cjs', 'the shortest build of the entry stands for it');
  assert.deepEqual(folded[0]!.relatedLocations?.map((r) => r.file).sort(), ['esm/browser.js', 'esm/index.mjs', 'lib/browser.cjs', 'lib/index.cjs']);
});

test('the module a path holds: its extension and a leading src/, lib/ or source/ folder set aside, an entry built per runtime taken together', () => {
  for (const [a, b] of [['src/a/b.ts', 'a/b.js'], ['lib/x.cjs', 'src/x.mts'], ['index.mjs', 'index.js'], ['lib/browser.cjs', 'lib/node.cjs'], ['index.cjs', 'browser.mjs']]) assert.equal(moduleStem(a!), moduleStem(b!), `${a} ~ ${b}`);
  for (const [a, b] of [['src/a.ts', 'src/b.ts'], ['a/index.js', 'b/index.js'], ['src/a/x.js', 'a/y.js'], ['lib/node.cjs', 'lib/nodes.cjs'], ['src/index.ts', 'src/worker.ts'], ['src/index.ts', 'src/node.ts'], ['lib/index.js', 'lib/node.js']]) assert.notEqual(moduleStem(a!), moduleStem(b!), `${a} !~ ${b}`);
});

test('the axios shape: a source line and its four bundles are one finding at lib/, with four related locations', () => {
  const src = reported('lib/core/buildFullPath.js', 'if (baseURL && (isRelativeUrl || allowAbsoluteUrls == false)) {', 'confirmed', 's', 'loose-equality');
  const copies = ['dist/axios.js', 'dist/esm/axios.js', 'dist/node/axios.cjs', 'dist/browser/axios.cjs'].map((file, i) => reported(file, 'if (baseURL && (isRelativeUrl || allowAbsoluteUrls == false)) {', 'confirmed', `c${i}`, 'loose-equality'));
  const [one, ...rest] = foldBundleTwins([...copies, src]);
  assert.equal(rest.length, 0);
  assert.equal(one!.finding.fingerprint, src.finding.fingerprint);
  assert.deepEqual(one!.relatedLocations?.map((r) => r.file).sort(), ['dist/axios.js', 'dist/browser/axios.cjs', 'dist/esm/axios.js', 'dist/node/axios.cjs']);
});

// Through the real join: a run with lib/run.js and its copy in dist/, and keys stored before the fold existed.
function joinWith(extra: { suppressions?: ReturnType<typeof noSuppressions>; baseline?: Baseline }) {
  const src = makeFinding({ file: 'lib/run.js', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(cmd)', ruleId: 'command-injection' });
  const copy = makeFinding({ file: 'dist/run.js', symbol: 'run', subject: 'cmd', line: 40, quote: '    exec(cmd)', ruleId: 'command-injection' });
  const scanReport = confirmedRun([['lib/run.js'], ['dist/run.js']], [src, copy], extra);
  return { scanReport, src, copy };
}

test('a dismissal made before the fold (on the source fingerprint) still hides the folded finding', () => {
  const { src } = joinWith({});
  const suppressions = { ...noSuppressions(), entries: [{ fingerprint: src.fingerprint, findingId: src.id, reason: 'the command is a constant', by: 'Ann <ann@example.com>', at: NOW }] };
  const { scanReport } = joinWith({ suppressions });
  assert.equal(scanReport.findings.length, 1);
  assert.equal(scanReport.findings[0]!.finding.fingerprint, src.fingerprint);
  assert.equal(scanReport.findings[0]!.suppressed?.reason, 'the command is a constant');
  assert.equal(scanReport.counts.suppressed, 1);
  assert.deepEqual(scanReport.suppressions?.unused ?? [], [], 'the entry is used');
});

test('a baseline written before the fold (both copies at the base) marks the folded finding pre-existing and reports nothing fixed', () => {
  const { src, copy } = joinWith({});
  const base = (f: Finding): BaseFinding => ({ fingerprint: f.fingerprint, ruleId: 'command-injection', category: 'injection', file: f.file, startLine: f.startLine, endLine: f.endLine, claim: f.claim, severity: 'high', level: 'error' });
  const baseline: Baseline = { schemaVersion: 1, artifact: 'baseline', run: identity(), generatedAt: NOW, ref: 'main', commit: 'a'.repeat(40), source: 'worktree-scan', detail: 'test', fingerprints: [src.fingerprint, copy.fingerprint].sort(), findings: [base(src), base(copy)] };
  const { scanReport } = joinWith({ baseline });
  assert.equal(scanReport.findings.length, 1);
  assert.equal(scanReport.findings[0]!.baseline, true);
  assert.equal(scanReport.baseline?.preExisting, 1);
  assert.equal(scanReport.baseline?.new, 0);
  assert.deepEqual(scanReport.baseline?.absent, [], 'the bundle copy is still there, as a related location: not fixed');
});

test('bundle paths: build output, module-format folders and names; lib/ and src/ are source', () => {
  for (const p of ['dist/axios.js', 'dist/esm/axios.js', 'packages/x/build/index.js', 'umd/x.js', 'x.min.js', 'vue.runtime.esm-bundler.js', 'lib/x.cjs.js', 'pkg/esm/index.mjs']) assert.ok(isBundlePath(p), p);
  for (const p of ['lib/core/Axios.js', 'src/index.ts', 'index.js', 'lib/esmodule.js', 'src/distance.js']) assert.ok(!isBundlePath(p), p);
});

test("a bundle copy's own id or fingerprint finds the finding it was folded into (report show, dismiss)", () => {
  const { scanReport, src, copy } = joinWith({});
  for (const ref of [copy.id, copy.fingerprint, src.id]) assert.equal(findReported(scanReport, ref)?.finding.fingerprint, src.fingerprint, ref);
});
