// The runner withholds every case of a withheld run — the held-out part and the check fold alike: no package,
// version, file, finding or error text on stdout, stderr or in a thrown error. One fixed corpus checks a throwing
// scan in the check fold against the same failure in the study fold; generated corpora (seeded) check the invariant
// over every output line of held-out and check-fold runs, with a development run of the same corpus as the control
// that the checker can see a leak.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tempDir, writeFiles } from '../../../helpers/temp.ts';
import { prng } from '../../../../scripts/kit/seeded-random.ts';
import { runSecbench, type SecbenchDeps, type SecbenchRunOptions } from '../../../../scripts/corpora/secbench/cli.ts';
import { SECBENCH_CLASSES, withholdsCases, type SecbenchCase } from '../../../../scripts/corpora/secbench/corpus.ts';
import { foldOf } from '../../../../scripts/corpora/secbench/fold.ts';
import type { ScanRecord } from '../../../../scripts/corpora/real-world/score.ts';

const SOURCE = ['module.exports = function run(cmd) {', '  require("child_process").exec(cmd);', '};', ''].join('\n');

/** Per package version: the stand-in scan's answer, or a throw carrying this text. */
type Outcome = { kind: 'record'; record: Partial<ScanRecord> } | { kind: 'throw'; message: string };

interface Corpus {
  cases: SecbenchCase[];
  development: string[];
  heldOut: string[];
  outcomes: Map<string, Outcome>;
  fetchFails: Map<string, string>;
  missingSource: Set<string>;
}

function deploy(t: TestContext, c: Corpus): { cache: string; deps: SecbenchDeps } {
  const root = tempDir(t, 'bh-withheld-');
  const bench = join(root, 'bench');
  const cache = join(root, 'cache');
  writeFiles(bench, {
    'cases.json': JSON.stringify({ source: 's', fields: {}, cases: c.cases }),
    'split.json': JSON.stringify({ description: 'd', seed: 1, heldOutShare: 0.3, development: c.development, heldOut: c.heldOut, counts: {} }),
  });
  for (const k of c.cases) {
    for (const v of [k.version, k.fixedVersion]) {
      if (v !== null && !c.missingSource.has(`${k.package}@${v}`)) writeFiles(join(cache, 'packages', `${k.package}@${v}`, 'src'), { [k.sink.file]: SOURCE });
    }
  }
  const deps: SecbenchDeps = {
    benchDir: bench,
    fingerprint: () => 'test-engine',
    build: async () => undefined,
    fetch: async (_cache, name, version) => {
      const key = `${name}@${version}`;
      const error = c.fetchFails.get(key);
      return { key, status: error === undefined ? 'cached' : 'failed', ...(error !== undefined ? { error } : {}) };
    },
    scan: async (key) => {
      const o = c.outcomes.get(key);
      if (o?.kind === 'throw') throw new Error(o.message);
      return { key, status: 'complete', exitCode: 0, lines: 3, files: 1, durationMs: 1, findings: [], unread: [], ...(o?.kind === 'record' ? o.record : {}) };
    },
  };
  return { cache, deps };
}

/** Every line the run printed (stdout and stderr) and the message of what it threw, if it threw. */
async function runLines(options: Partial<SecbenchRunOptions>, cache: string, deps: SecbenchDeps): Promise<{ lines: string[]; threw?: string }> {
  const out: string[] = [];
  const io = { stdout: (s: string) => void out.push(s), stderr: (s: string) => void out.push(s), cwd: process.cwd(), signal: new AbortController().signal };
  try {
    await runSecbench({ part: 'dev', classes: [], jobs: 1, showMisses: false, cache, quiet: false, ...options }, io, deps);
    return { lines: out.join('').split('\n') };
  } catch (error) {
    return { lines: out.join('').split('\n'), threw: (error as Error).message };
  }
}

/** What a case could leak: its id, package, versions, file, and the texts its scans or fetches carry. */
function secretsOf(c: Corpus, k: SecbenchCase): string[] {
  const keys = [k.version, k.fixedVersion].filter((v): v is string => v !== null).map((v) => `${k.package}@${v}`);
  const texts = keys.flatMap((key) => {
    const o = c.outcomes.get(key);
    const fetchError = c.fetchFails.get(key);
    const said = o?.kind === 'throw' ? [o.message] : [o?.record.error, ...(o?.record.findings ?? []).flatMap((f) => [f.claim, f.why, f.file])];
    return [...said, fetchError].filter((s): s is string => s !== undefined);
  });
  return [k.id, k.package, k.version, ...(k.fixedVersion !== null ? [k.fixedVersion] : []), k.sink.file, ...texts];
}

function leaks(run: { lines: string[]; threw?: string }, secrets: readonly string[]): string[] {
  const lines = run.threw !== undefined ? [...run.lines, run.threw] : run.lines;
  return secrets.filter((s) => lines.some((l) => l.includes(s)));
}

test('one predicate: the held-out part, both parts and the check fold withhold their cases; the development part and the study fold do not', () => {
  assert.equal(withholdsCases({ part: 'dev' }), false);
  assert.equal(withholdsCases({ part: 'dev', fold: 'study' }), false);
  assert.equal(withholdsCases({ part: 'dev', fold: 'check' }), true);
  assert.equal(withholdsCases({ part: 'held-out' }), true);
  assert.equal(withholdsCases({ part: 'both' }), true);
});

test('a scan that throws in a check-fold run prints no package, version, file or error text; the same failure in the study fold names them', async (t) => {
  // Four packages of one class, one case each: two land in each fold.
  const cases: SecbenchCase[] = [1, 2, 3, 4].map((n) => ({
    id: `zq-case-${n}`, class: 'command-injection', package: `zq-pkg-${n}`, version: `7.7.${n}-zq`, fixedVersion: `7.8.${n}-zq`, sink: { file: `zq-dir-${n}/zq-sink.js`, line: 2 }, advisory: null,
  }));
  const folds = foldOf(cases);
  const inFold = (f: string) => cases.filter((k) => folds.get(k.package) === f);
  assert.ok(inFold('check').length > 0 && inFold('study').length > 0, 'both folds hold a case');
  const outcomes = new Map<string, Outcome>(cases.map((k) => [`${k.package}@${k.version}`, { kind: 'throw', message: `scanner crashed on ${k.package}@${k.version} in ${k.sink.file}: zq-boom-${k.id}` }]));
  const corpus: Corpus = { cases, development: cases.map((k) => k.package), heldOut: [], outcomes, fetchFails: new Map(), missingSource: new Set() };
  const { cache, deps } = deploy(t, corpus);

  const check = await runLines({ fold: 'check' }, cache, deps);
  assert.ok(check.threw !== undefined, 'the check-fold run fails');
  assert.match(check.threw, /The check-fold run failed \(Error\); its message is withheld .* Rerun with --fold study/);
  for (const k of inFold('check')) assert.deepEqual(leaks(check, secretsOf(corpus, k)), [], `check fold leaked:\n${check.lines.join('\n')}\n${check.threw}`);

  const study = await runLines({ fold: 'study' }, cache, deps);
  assert.ok(study.threw !== undefined, 'the study-fold run fails');
  const named = inFold('study').find((k) => study.threw!.includes(`zq-boom-${k.id}`));
  assert.ok(named, `the study fold's error is shown: ${study.threw}`);
  for (const s of [named.package, named.version, named.sink.file]) assert.ok(study.threw.includes(s), `'${s}' in the study fold's error`);
});

// ---- generated corpora -------------------------------------------------------------------------------------------

function generate(seed: number): Corpus {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const token = () => Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0');
  const cases: SecbenchCase[] = [];
  const development: string[] = [];
  const heldOut: string[] = [];
  const outcomes = new Map<string, Outcome>();
  const fetchFails = new Map<string, string>();
  const missingSource = new Set<string>();
  // Two classes, several packages each, so each side of the split and each fold is likely to hold a case of each.
  const classes = [pick(SECBENCH_CLASSES), pick(SECBENCH_CLASSES)];
  const packages = 6 + Math.floor(random() * 6);
  for (let p = 0; p < packages; p++) {
    const pkg = `zq-${token()}-pkg`;
    (random() < 0.35 ? heldOut : development).push(pkg);
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) {
      const tok = token();
      const version = `${p}.${i}.0-v${tok}`;
      const fixedVersion = random() < 0.7 ? `${p}.${i}.1-f${tok}` : null;
      const file = `d${tok}/s${tok}.js`;
      cases.push({ id: `case-${tok}`, class: p % 2 === 0 ? classes[0]! : classes[1]!, package: pkg, version, fixedVersion, sink: { file, line: 1 + Math.floor(random() * 3) }, advisory: null });
      for (const v of [version, fixedVersion]) {
        if (v === null) continue;
        const key = `${pkg}@${v}`;
        const r = random();
        const finding = { file, startLine: 2, endLine: 2, verdict: pick(['confirmed', 'manual-review', 'dismissed'] as const), tier: 'T2' as const, reported: random() < 0.5, category: 'injection', ruleId: 'command-injection', cwe: 'CWE-78', severity: 'high' as const, claim: `claim-${tok}`, why: `why-${tok}` };
        if (r < 0.08) outcomes.set(key, { kind: 'throw', message: `scan of ${key} threw at ${file}: boom-${tok}` });
        else if (r < 0.25) outcomes.set(key, { kind: 'record', record: { status: 'failed', error: `${key} crashed in ${file}: err-${tok}`, findings: [] } });
        else if (r < 0.35) outcomes.set(key, { kind: 'record', record: { status: 'incomplete', error: `incomplete-${tok}`, findings: [finding] } });
        else outcomes.set(key, { kind: 'record', record: { findings: random() < 0.7 ? [finding] : [], unread: random() < 0.2 ? [{ path: `d${tok}/`, reason: `unread-${tok}` }] : [] } });
        if (random() < 0.08) fetchFails.set(key, `npm pack ${key} failed: fetch-${tok}`);
        if (random() < 0.08) missingSource.add(key);
      }
    }
  }
  return { cases, development, heldOut, outcomes, fetchFails, missingSource };
}

test('generated corpora: no output line of a held-out or check-fold run names a withheld case; a development run of the same corpus does', async (t) => {
  let checked = { heldOut: 0, check: 0 };
  for (let seed = 1; seed <= 30; seed++) {
    const corpus = generate(seed);
    const { cache, deps } = deploy(t, corpus);
    const held = new Set(corpus.heldOut);
    const heldCases = corpus.cases.filter((k) => held.has(k.package));
    const folds = foldOf(corpus.cases.filter((k) => !held.has(k.package)));
    const checkCases = corpus.cases.filter((k) => folds.get(k.package) === 'check');
    const secretsFor = (of: readonly SecbenchCase[]) => of.flatMap((k) => secretsOf(corpus, k));

    for (const part of ['held-out', 'both'] as const) {
      const run = await runLines({ part }, cache, deps);
      assert.deepEqual(leaks(run, secretsFor(heldCases)), [], `seed ${seed}, --part ${part}:\n${run.lines.join('\n')}\n${run.threw ?? ''}`);
    }
    const check = await runLines({ fold: 'check' }, cache, deps);
    assert.deepEqual(leaks(check, secretsFor(checkCases)), [], `seed ${seed}, --fold check:\n${check.lines.join('\n')}\n${check.threw ?? ''}`);
    checked = { heldOut: checked.heldOut + heldCases.length, check: checked.check + checkCases.length };

    // The control: the development part (both folds) names its cases — a miss, a failed scan or fetch, a thrown
    // error — so the check above can see a leak.
    const dev = await runLines({ part: 'dev', showMisses: true }, cache, deps);
    const devCases = corpus.cases.filter((k) => !held.has(k.package));
    assert.ok(devCases.length === 0 || leaks(dev, secretsFor(devCases)).length > 0, `seed ${seed}: the development run names a case`);
  }
  assert.ok(checked.heldOut > 30 && checked.check > 30, `enough withheld cases generated: ${JSON.stringify(checked)}`);
});
