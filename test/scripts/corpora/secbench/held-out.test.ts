import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tempDir, writeFiles } from '../../../helpers/temp.ts';
import { runSecbench, type SecbenchDeps, type SecbenchRunOptions } from '../../../../scripts/corpora/secbench/cli.ts';
import { formatHeldOut, heldOutCounts } from '../../../../scripts/corpora/secbench/format.ts';
import { formatMatureCounts, matureCounts } from '../../../../scripts/corpora/real-world/mature-held-out.ts';
import { scoreSecbenchCase } from '../../../../scripts/corpora/secbench/score.ts';
import type { RecordedFinding } from '../../../../scripts/corpora/real-world/match.ts';
import type { ScanRecord } from '../../../../scripts/corpora/real-world/score.ts';

// Names that must never appear in a held-out run's output.
const SECRETS = ['zz-hidden-pkg', 'zz-hidden-case', 'zz-secret-dir/sinkfile.js', 'zz-secret-dir', 'sinkfile', 'zz-claim'];
const SOURCE = ['module.exports = function run(cmd) {', '  require("child_process").exec(cmd);', '};', ''].join('\n');

const finding = (over: Partial<RecordedFinding> = {}): RecordedFinding => ({
  file: 'zz-secret-dir/sinkfile.js', startLine: 2, endLine: 2, verdict: 'confirmed', tier: 'T2', reported: true,
  category: 'injection', ruleId: 'command-injection', cwe: 'CWE-78', severity: 'high', claim: 'zz-claim', ...over,
});

function corpus(t: TestContext) {
  const root = tempDir(t, 'bh-secbench-');
  const bench = join(root, 'bench');
  const cache = join(root, 'cache');
  const kase = (n: number, pkg: string, over: object = {}) => ({
    id: `${pkg === 'dev-pkg' ? 'dev-case' : 'zz-hidden-case'}-${n}`, class: 'command-injection', package: pkg, version: `1.0.${n}`, fixedVersion: `1.1.${n}`,
    sink: { file: 'zz-secret-dir/sinkfile.js', line: 2 }, advisory: null, ...over,
  });
  const cases = [kase(1, 'dev-pkg'), kase(2, 'zz-hidden-pkg'), kase(3, 'zz-hidden-pkg'), kase(4, 'zz-hidden-pkg', { sink: { file: 'zz-secret-dir/missing.js', line: 1 } }), kase(5, 'zz-hidden-pkg'), kase(6, 'zz-hidden-pkg', { class: 'redos' })];
  writeFiles(bench, {
    'cases.json': JSON.stringify({ source: 's', fields: {}, cases }),
    'split.json': JSON.stringify({ description: 'd', seed: 1, heldOutShare: 0.3, development: ['dev-pkg'], heldOut: ['zz-hidden-pkg'], counts: {} }),
  });
  for (const c of cases) for (const v of [c.version, c.fixedVersion]) writeFiles(join(cache, 'packages', `${c.package}@${v}`, 'src'), { 'zz-secret-dir/sinkfile.js': SOURCE });
  // Per package version: what the stand-in scan reports (found, seen, dismissed, failed with a naming error).
  const results: Record<string, Partial<ScanRecord>> = {
    'zz-hidden-pkg@1.0.2': { findings: [finding()] },
    'zz-hidden-pkg@1.1.2': { findings: [finding()] },
    'zz-hidden-pkg@1.0.3': { findings: [finding({ reported: false, verdict: 'manual-review', why: 'zz-claim' })] },
    'zz-hidden-pkg@1.0.5': { status: 'failed', error: 'zz-hidden-pkg@1.0.5 crashed in zz-secret-dir/sinkfile.js', findings: [] },
    'zz-hidden-pkg@1.0.6': { findings: [finding({ reported: false, verdict: 'dismissed', why: 'refuted by zz-claim' })], unread: [{ path: 'zz-secret-dir/', reason: 'zz-claim' }] },
    'dev-pkg@1.0.1': { findings: [finding({ reported: false, verdict: 'dismissed', why: 'refuted by guards: constant' })] },
  };
  const deps: SecbenchDeps = {
    benchDir: bench,
    fingerprint: () => 'test-engine',
    build: async () => undefined,
    fetch: async (_cache, name, version) => ({ key: `${name}@${version}`, status: version === '1.1.5' ? 'failed' : 'cached', ...(version === '1.1.5' ? { error: `npm pack ${name}@${version} failed` } : {}) }),
    scan: async (key) => ({ key, status: 'complete', exitCode: 0, lines: 3, files: 1, durationMs: 1, findings: [], unread: [], ...results[key] }),
  };
  return { cache, deps };
}

async function runIt(options: Partial<SecbenchRunOptions>, cache: string, deps: SecbenchDeps): Promise<{ code: number; text: string }> {
  const out: string[] = [];
  const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), cwd: process.cwd(), signal: new AbortController().signal };
  const code = await runSecbench({ part: 'held-out', classes: [], jobs: 1, showMisses: false, cache, quiet: false, ...options }, io, deps);
  return { code, text: out.join('') };
}

test('a held-out run prints per-class counts only: no case id, package, file, finding or reason, on stdout or stderr', async (t) => {
  const { cache, deps } = corpus(t);
  const { code, text } = await runIt({}, cache, deps);
  for (const secret of SECRETS) assert.ok(!text.includes(secret), `'${secret}' leaked:\n${text}`);
  assert.match(text, /command-injection\s+4\s+1\s+1\s+0\.33\s+1\s+2\s+1 \(0\.50\)/, text);
  assert.match(text, /redos\s+1\s+0\s+0\s+0\.00\s+0/);
  assert.match(text, /Incomplete held-out scans: 1/);
  assert.equal(code, 3, 'a failed scan fails the run');
  // The same stand-ins in a development run name them: the held-out run withholds what it could print.
  const dev = await runIt({ part: 'both', showMisses: true }, cache, deps);
  assert.match(dev.text, /dev-case-1 zz-secret-dir\/sinkfile\.js:2 — command-injection: refuted by guards: constant/);
  for (const secret of ['zz-hidden-pkg', 'zz-hidden-case']) assert.ok(!dev.text.includes(secret), `'${secret}' leaked in --part both`);
});

test('a held-out run that throws withholds the message, which may name a case', async (t) => {
  const { cache, deps } = corpus(t);
  const broken = { ...deps, scan: async (key: string) => Promise.reject(new Error(`cannot scan ${key} at zz-secret-dir/sinkfile.js`)) };
  await assert.rejects(runIt({}, cache, broken), (e: Error) => /withheld/.test(e.message) && SECRETS.every((s) => !e.message.includes(s)));
});

test('the held-out formatter only ever sees counts', () => {
  const kase = { id: 'zz-hidden-case', class: 'redos' as const, package: 'zz-hidden-pkg', version: '1.0.0', fixedVersion: null, sink: { file: 'zz-secret-dir/sinkfile.js', line: 2 }, advisory: null };
  const outcome = scoreSecbenchCase({ case: kase, side: 'held-out', fetched: true, pin: { ok: true, vulnerable: { file: kase.sink.file, line: 2 } }, vulnerable: { key: 'k', status: 'complete', exitCode: 0, lines: 1, files: 1, durationMs: 1, findings: [] } });
  const counts = heldOutCounts([outcome]);
  assert.deepEqual(Object.keys(counts.rows[0]!).sort(), ['cases', 'class', 'excluded', 'found', 'measured', 'seen', 'shownIncomplete', 'stillFlagged', 'withFixed']);
  const text = formatHeldOut(counts);
  for (const secret of SECRETS) assert.ok(!text.includes(secret));
  assert.match(text, /redos\s+1\s+0\s+0\s+0\.00/);
});

test('the held-out mature set prints lines, rate and severity counts, never a package or finding', () => {
  const rec = (key: string, findings: RecordedFinding[], status: ScanRecord['status'] = 'complete'): ScanRecord => ({ key, status, exitCode: 0, lines: 2000, files: 1, durationMs: 1, findings });
  const counts = matureCounts(3, [
    rec('zz-hidden-pkg@1.0.0', [finding({ severity: 'critical' }), finding({ severity: 'medium' }), finding({ reported: false, verdict: 'manual-review' })]),
    rec('zz-other@2.0.0', [finding({ severity: 'high' })]),
    rec('zz-failed@1.0.0', [finding()], 'failed'),
  ]);
  assert.deepEqual(counts, {
    packages: 3, complete: 2, lines: 4000, reported: 3, perKloc: 0.75, high: 1, critical: 1, reviewOnly: 1,
    byRule: [{ rule: 'command-injection', reported: 3, packages: 2 }],
  });
  const text = formatMatureCounts('mature-held-out.json', counts);
  assert.match(text, /2\/3 package\(s\)[\s\S]*3 reported in 4,000 lines = 0\.750 per 1,000 lines; high 1, critical 1/);
  assert.match(text, /command-injection: 3 in 2 package\(s\)/);
  for (const secret of [...SECRETS, 'zz-other', 'zz-failed']) assert.ok(!text.includes(secret));
});
