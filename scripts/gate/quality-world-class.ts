// pnpm quality:world-class — every gate in order, each as a child process: schemas fresh, typecheck, lint,
// tests, benchmark gate, rule counts fresh (each rule file records this tree's count), bug-hunter doctor, package
// inventory, the packed tarball installed into a fresh project. One screen of pass/fail with key figures;
// full output in benchmark/out/quality-world-class.log, its tail shown on failure. Exit 1 on any failure.
// The package inventory expects exactly the git-tracked files under package.json "files" (plus package.json,
// README and LICENSE), and nothing forbidden or secret.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchmarkReport } from '../../src/artifacts/schemas/benchmark-report.ts';
import { compareInventory, expectedFiles, packedFiles, secretsIn } from './inventory.ts';
import { testFailures } from './test-failures.ts';
import { suiteResultReusable } from './suite-passed.ts';
import { filesDigest, gitState, readMarker, testFilesUnder } from '../test/suite-marker.mjs';
import { gitTrackedFiles } from '../../src/engines/git/git.ts';
import { buildIfStale } from '../build/build.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const logPath = join(root, 'benchmark', 'out', 'quality-world-class.log');
mkdirSync(join(root, 'benchmark', 'out'), { recursive: true });
writeFileSync(logPath, `quality:world-class ${new Date().toISOString()}\n`);

interface Outcome {
  passed: boolean;
  figures: string;
}

// Package scripts run through the package manager that started us, so each step's command lives in package.json only.
function pm(args: string[]): [string, string[]] {
  const execPath = process.env.npm_execpath;
  return execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath, ...args]] : ['pnpm', args];
}

function run(name: string, command: string, args: string[]): { status: number; output: string } {
  appendFileSync(logPath, `\n===== ${name}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`;
  appendFileSync(logPath, output);
  return { status: result.status ?? 1, output };
}

function script(name: string, args: string[], figures: (output: string) => string = () => ''): () => Outcome & { output: string } {
  return () => {
    const [cmd, argv] = pm(['run', '--silent', ...args]);
    const r = run(name, cmd, argv);
    return { passed: r.status === 0, figures: figures(r.output), output: r.output };
  };
}

function benchmarkGate(): Outcome & { output: string } {
  const out = mkdtempSync(join(tmpdir(), 'bh-quality-bench-'));
  try {
    const [cmd, argv] = pm(['run', '--silent', 'benchmark', '--gate', '--quiet', '--out', out]);
    const r = run('benchmark gate', cmd, argv);
    let figures = '';
    try {
      const report = JSON.parse(readFileSync(join(out, 'benchmark-report.json'), 'utf8')) as BenchmarkReport;
      const m = report.engines[0]!.metrics;
      const p = (v: number | null) => (v === null ? 'n/a' : v.toFixed(2));
      figures = `precision ${p(m.precision)}, recall ${p(m.recall)}, FP/kloc ${p(m.falsePositivesPer1kLines)}, ECE ${p(m.ece)}, stability ${p(m.stabilityMin)}`;
    } catch {
      figures = 'no report written';
    }
    return { passed: r.status === 0, figures, output: r.output };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// The counts each rule file records (src/engines/static/rules/<rule-id>/rule.ts), against a fresh count: a rule changed
// without `static-precision.ts --write` calibrates confidence from counts of another rule. Slow (the labelled corpus
// and the benchmark cases are scanned), so here and not in the unit suite.
const RULE_COUNTS_COMMAND = ['--import', 'tsx', 'scripts/bench/static-precision.ts', '--stale'];

function ruleCountsFresh(): Outcome & { output: string } {
  const r = run('rule counts fresh', process.execPath, RULE_COUNTS_COMMAND);
  const stale = r.output.split('\n').filter((l) => l.startsWith('STALE ')).length;
  return { passed: r.status === 0, figures: stale > 0 ? `${stale} rule(s) stale: static-precision.ts --write` : r.status === 0 ? 'every rule file holds this count' : 'no count', output: r.output };
}

// Build output is git-ignored but published: every file of a fresh dist/ must be in the tarball.
function builtFiles(): string[] {
  buildIfStale();
  const list = (dir: string): string[] => readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
  return list('dist');
}

function inventory(): Outcome & { output: string } {
  const built = builtFiles();
  const r = run('package inventory', 'npm', ['pack', '--dry-run', '--json', '--ignore-scripts']);
  if (r.status !== 0) return { passed: false, figures: 'npm pack failed', output: r.output };
  const jsonStart = r.output.indexOf('[');
  const files = packedFiles(r.output.slice(jsonStart, r.output.lastIndexOf(']') + 1));
  const tracked = gitTrackedFiles(root);
  if (!tracked) return { passed: false, figures: 'not a git checkout', output: 'the package inventory needs git to know which files are tracked' };
  const publishRoots = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files?: string[] }).files ?? [];
  const expected = expectedFiles(tracked, publishRoots, built);
  const diff = compareInventory(files, expected);
  const secrets = files.flatMap((f) => secretsIn(readFileSync(join(root, f), 'utf8')).map((kind) => `${f} (${kind})`));
  const problems = [
    ...diff.forbidden.map((f) => `forbidden: ${f}`),
    ...secrets.map((s) => `secret: ${s}`),
    ...diff.unexpected.map((f) => `unexpected: ${f}`),
    ...diff.missing.map((f) => `missing: ${f}`),
  ];
  appendFileSync(logPath, `${problems.join('\n')}\n`);
  return { passed: problems.length === 0, figures: `${files.length} files${problems.length ? `, ${problems.length} problems` : ''}`, output: problems.join('\n') };
}

// .ci/run runs the README's test line (the whole suite) just before this gate: running the suite a second time would
// double CI for nothing. The runner leaves a marker of each full run in the git folder (scripts/test/suite-marker.mjs);
// its result is taken only when it passed on this commit, with a clean tree then and now, every test file there is
// and the same CI setting (scripts/gate/suite-passed.ts); otherwise the suite runs here.
function suiteAlreadyPassed(): (() => Outcome & { output: string }) | undefined {
  const now = gitState(root);
  if (!now) return undefined;
  const decision = suiteResultReusable({
    marker: readMarker(root),
    head: now.head,
    porcelain: now.porcelain,
    files: filesDigest(root, testFilesUnder(join(root, 'test'))),
    ci: process.env.CI === 'true',
  });
  appendFileSync(logPath, `\n===== tests: ${decision.reusable ? 'taken from the last full run' : 'run here'} (${decision.why})\n`);
  if (!decision.reusable) return undefined;
  return () => ({ passed: true, figures: `${decision.why} (the test runner's marker; its output is above)`, output: '' });
}

let testCounts: { pass: number; fail: number } | undefined;
// scripts/test/run-tests.mjs ends with one line of figures: files, wall time, CPU, cores and the load it started under.
let suiteLine: string | undefined;
const steps: [string, () => Outcome & { output: string }][] = [
  ['schemas fresh', script('schemas fresh', ['schemas:check'])],
  ['typecheck', script('typecheck', ['typecheck'], (o) => `${(o.match(/error TS/g) ?? []).length} errors`)],
  ['lint', script('lint', ['lint'], (o) => /Found (\d+) warnings? and (\d+) errors?/.exec(o)?.[0] ?? '')],
  ['tests', suiteAlreadyPassed() ?? script('tests', ['test'], (o) => {
      const pass = /# pass (\d+)/.exec(o)?.[1];
      const fail = /# fail (\d+)/.exec(o)?.[1];
      if (pass !== undefined && fail !== undefined) testCounts = { pass: Number(pass), fail: Number(fail) };
      suiteLine = /^suite: .*$/m.exec(o)?.[0];
      const wall = /wall ([\d.]+ s)/.exec(suiteLine ?? '')?.[1];
      const cpu = /CPU ([\d.]+ s)/.exec(suiteLine ?? '')?.[1];
      return `${pass ?? '?'} pass, ${fail ?? '?'} fail${wall ? `, wall ${wall}` : ''}${cpu ? `, CPU ${cpu}` : ''}`;
    })],
  ['benchmark gate', benchmarkGate],
  ['rule counts fresh', ruleCountsFresh],
  ['bug-hunter doctor', script('bug-hunter doctor', ['bug-hunter', 'doctor'])],
  ['package inventory', inventory],
  ['package install', script('package install', ['check:package'])],
];

console.log('quality:world-class');
let failed = 0;
for (const [name, step] of steps) {
  const started = Date.now();
  let result: Outcome & { output: string };
  try {
    result = step();
  } catch (error) {
    result = { passed: false, figures: (error as Error).message.split('\n')[0] ?? 'threw', output: String((error as Error).stack) };
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`  ${result.passed ? 'pass' : 'FAIL'}  ${name.padEnd(18)} ${result.figures.padEnd(70)} ${seconds.padStart(6)} s`);
  if (!result.passed) {
    failed++;
    // A failed test is named (name, source location, first error line) before the output's tail.
    for (const f of name === 'tests' ? testFailures(result.output).slice(0, 20) : []) console.log(`        ✗ ${f.name} (${f.location}): ${f.error}`);
    const tail = result.output.trimEnd().split('\n').slice(-12);
    for (const line of tail) console.log(`        │ ${line}`);
  }
}
console.log(`${failed === 0 ? 'PASS' : `FAIL (${failed} of ${steps.length} steps)`} · full log: ${logPath}`);
// The plain closing line CI systems read: the test suite's own counts.
if (testCounts) console.log(`tests: ${testCounts.pass} passed, ${testCounts.fail} failed`);
// The suite's wall time is a target of its own (at most two minutes on a quiet two-core machine): printed, not gated.
if (suiteLine) console.log(`test ${suiteLine}`);
process.exitCode = failed === 0 ? 0 : 1;
