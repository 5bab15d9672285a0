import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchmarkReport } from '../../../../src/artifacts/schemas/benchmark-report.ts';
import { ScanReport } from '../../../../src/artifacts/schemas/scan-report.ts';
import { validate } from '../../../../src/artifacts/validate.ts';
import { runBenchmark } from '../../../../scripts/bench/benchmark/cli.ts';
import { bindLabels } from '../../../../scripts/bench/benchmark/bind.ts';
import { loadCases } from '../../../../scripts/bench/benchmark/cases.ts';
import type { ScanRequest, ScanResult } from '../../../../src/driver/scan-types.ts';
import { fakeScan, miniBenchmark, scanReport, tempDir, type Spot } from './helpers.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), cwd: repoRoot, signal: new AbortController().signal } };
}

test('the synthetic scan reports these tests use are valid scan-report artifacts', () => {
  const v = validate(ScanReport, scanReport([{ file: 'a.js', startLine: 1, category: 'injection', ruleId: 'r' }]));
  assert.ok(v.ok, JSON.stringify(v));
});

test('a benchmark run scans copies of the cases, writes a valid report, page and diagram, and gates', async () => {
  const root = miniBenchmark(repoRoot);
  try {
    bindLabels(join(root, 'benchmark', 'cases'), join(root, 'benchmark', 'labels'));
    const targets: string[] = [];
    const truthful = fakeScan({ shell: [{ file: 'src/run.js', startLine: 3, category: 'injection', confidence: 0.95 }], tidy: [] });
    const scan = async (r: ScanRequest): Promise<ScanResult> => {
      targets.push(r.target);
      assert.ok(existsSync(join(r.target, 'src', 'run.js')) || existsSync(join(r.target, 'index.js')), 'the case was copied');
      return truthful(r);
    };
    assert.equal(await runBenchmark(['--accept', '--quiet'], capture().io, { root, scan }), 0, 'baseline accepted');
    const c = capture();
    const code = await runBenchmark(['--gate', '--quiet'], c.io, { root, scan });
    assert.equal(code, 0, c.out.join('') + c.err.join(''));
    assert.equal(targets.length, 8, 'two cases × two repeats, twice');
    assert.ok(targets.every((t) => !t.startsWith(root)), 'scans never run inside the repository');
    assert.ok(targets.every((t) => !existsSync(t)), 'temp copies are removed');

    const out = join(root, 'benchmark', 'out');
    const report = JSON.parse(readFileSync(join(out, 'benchmark-report.json'), 'utf8'));
    assert.ok(validate(BenchmarkReport, report).ok);
    assert.equal(report.gate.passed, true);
    assert.equal(report.engines[0].metrics.precision, 1);
    assert.match(readFileSync(join(out, 'benchmark.md'), 'utf8'), /\| precision \| 100\.0 % \(2 true \/ 0 false of 2 reported\) \|/);
    assert.match(readFileSync(join(out, 'reliability-static.svg'), 'utf8'), /^<svg [^>]*>[\s\S]*<\/svg>\n$/);
    assert.match(c.out.join(''), /gate: PASS/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('--accept writes the recall baseline; a later run that loses the bug fails the recall check', async () => {
  const root = miniBenchmark(repoRoot);
  try {
    bindLabels(join(root, 'benchmark', 'cases'), join(root, 'benchmark', 'labels'));
    const good = fakeScan({ shell: [{ file: 'src/run.js', startLine: 3, category: 'injection' }], tidy: [] });
    assert.equal(await runBenchmark(['--accept', '--quiet'], capture().io, { root, scan: good }), 0);
    assert.ok(existsSync(join(root, 'benchmark', 'accepted-report.json')));

    const blind = fakeScan({ shell: [], tidy: [] });
    const c = capture();
    assert.equal(await runBenchmark(['--gate', '--quiet'], c.io, { root, scan: blind }), 1);
    assert.match(c.out.join(''), /FAIL {2}static recall injection: 0 after 1 accepted/);
    assert.match(c.out.join(''), /FAIL {2}static precision: precision \(no reported findings\) not measurable/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a scan that fails is recorded as failed, never as clean, and the run exits 3', async () => {
  const root = miniBenchmark(repoRoot);
  try {
    bindLabels(join(root, 'benchmark', 'cases'), join(root, 'benchmark', 'labels'));
    const scan = async (r: ScanRequest): Promise<ScanResult> =>
      r.target.endsWith('tidy') ? { exitCode: 3, exitReason: 'the run wrote no report', outDir: '', report: null, durationMs: 1 } : { exitCode: 3, exitReason: 'the run is incomplete', outDir: '', report: scanReport([], 'incomplete'), durationMs: 1 };
    const c = capture();
    assert.equal(await runBenchmark(['--quiet'], c.io, { root, scan }), 3);
    assert.match(c.out.join(''), /tidy #1: failed — scan wrote no report \(exit 3\)/);
    assert.match(c.out.join(''), /shell #1: incomplete/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('on the real cases, a label-perfect engine passes the gate and one decoy-firing rule makes it fail', async () => {
  const cases = loadCases(join(repoRoot, 'benchmark', 'cases'), join(repoRoot, 'benchmark', 'labels'));
  const oracle: Record<string, Spot[]> = {};
  for (const c of cases) {
    oracle[c.name] = c.bugs.filter((b) => b.engines.includes('static')).map((b) => ({ file: b.file, startLine: b.startLine, endLine: b.endLine, category: b.category, confidence: 0.95 }));
  }
  // A copy of the real cases, labels and gate, so the baseline this test accepts never touches the repository.
  const root = tempDir('bench-real');
  for (const part of ['cases', 'labels', 'gate.json']) cpSync(join(repoRoot, 'benchmark', part), join(root, 'benchmark', part), { recursive: true });
  const out = join(root, 'out');
  try {
    assert.equal(await runBenchmark(['--accept', '--quiet', '--out', out], capture().io, { root, scan: fakeScan(oracle) }), 0);
    const c = capture();
    assert.equal(await runBenchmark(['--gate', '--quiet', '--out', out], c.io, { root, scan: fakeScan(oracle) }), 0, c.out.join(''));

    // "Loosen" a command-execution rule so it also fires on the literal `git rev-parse HEAD` decoy.
    const decoy = cases.find((x) => x.name === 'deploy-cli')!.decoys.find((d) => d.id === 'literal-command')!;
    const loosened = { ...oracle, 'deploy-cli': [...oracle['deploy-cli']!, { file: decoy.file, startLine: decoy.startLine, category: 'injection' as const, confidence: 0.6, ruleId: 'exec-any-string' }] };
    const c2 = capture();
    assert.equal(await runBenchmark(['--gate', '--quiet', '--out', out], c2.io, { root, scan: fakeScan(loosened) }), 1);
    assert.match(c2.out.join(''), /FAIL {2}static false positives per 1,000 lines: .*decoys hit: deploy-cli\/literal-command/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
