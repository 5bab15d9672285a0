// Test helpers for fixing: a real git repository with a clamp bug, an artifact folder with a scan report and a promoted
// reproduction, and a SCRIPTED STAND-IN proposer (not a model) that returns prepared edits in turn.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunIdentity } from '../../../src/artifacts/schemas/common.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { writeArtifact } from '../../../src/artifacts/store.ts';
import type { SearchReplace } from '../../../src/engines/fix/edits.ts';
import type { EditProposer } from '../../../src/engines/fix/propose.ts';
import type { PhaseContext } from '../../../src/phase-kit/types.ts';
import { silentLogger } from '../../../src/foundations/logger.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE, type RunOptions } from '../../../src/engines/run/options.ts';
import { promote } from '../../../src/engines/repro/promote.ts';
import { tempTree } from '../sandbox/helpers.ts';

export const CLAMP = `export function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return lo;
  return x;
}

export function double(x) {
  return x * 2;
}
`;

const SUITE = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp, double } from '../src/clamp.js';
test('inside the range', () => assert.equal(clamp(5, 0, 10), 5));
test('below the range', () => assert.equal(clamp(-1, 0, 10), 0));
test('double', () => assert.equal(double(2), 4));
`;

export const REPRO = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp } from '../src/clamp.js';
test('above the range clamps to hi', () => assert.equal(clamp(11, 0, 10), 10));
`;

export const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export function clampRepo(): { dir: string; base: string; cleanup: () => void } {
  const tree = tempTree({
    'package.json': JSON.stringify({ name: 'clamp', type: 'module', scripts: { test: 'node --test test/' } }),
    'src/clamp.js': CLAMP,
    'test/clamp.test.js': SUITE,
  });
  git(tree.dir, 'init', '-q', '-b', 'main');
  git(tree.dir, 'add', '.');
  git(tree.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'base');
  return { dir: tree.dir, base: git(tree.dir, 'rev-parse', 'HEAD'), cleanup: tree.cleanup };
}

/** An artifact folder (outside the repository) with the scan report and a promoted reproduction per finding id. */
export function outWith(report: ScanReport, reproFor: string[] = [], reproOf: (id: string) => string = () => REPRO): { outDir: string; cleanup: () => void } {
  const outDir = mkdtempSync(join(tmpdir(), 'bh-fix-out-'));
  for (const r of report.findings) {
    if (!reproFor.includes(r.finding.id)) continue;
    const path = `test/repro-${r.finding.id}.test.js`;
    r.repro = { outcome: 'reproduced', reason: 'reproduced', dir: promote(outDir, r.finding, { marker: false }, { path, content: reproOf(r.finding.id), argv: ['node', '--test', path], output: '', signature: { marker: false } }) };
  }
  writeArtifact(outDir, 'scan-report', report);
  return { outDir, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}

export const GOOD: SearchReplace = { file: 'src/clamp.js', search: '  if (x > hi) return lo;', replace: '  if (x > hi) return hi;' };
export const OUT_OF_SCOPE: SearchReplace = { file: 'src/clamp.js', search: '  return x * 2;', replace: '  return x + x;' };
// Fixes the repro but drops the lower clamp: the suite's "below the range" test breaks.
export const BREAKS_SUITE: SearchReplace = { file: 'src/clamp.js', search: '  if (x < lo) return lo;\n  if (x > hi) return lo;', replace: '  if (x > hi) return hi;' };

/** SCRIPTED STAND-IN (not a model): answers attempt n with scripts[n] (the last repeats); records what it saw. */
export function scriptedProposer(scripts: SearchReplace[][]): EditProposer & { failures: Array<string | undefined> } {
  const failures: Array<string | undefined> = [];
  return {
    failures,
    async propose({ lastFailure }) {
      failures.push(lastFailure);
      return scripts[Math.min(failures.length - 1, scripts.length - 1)]!;
    },
  };
}

/** A phase context for the fix phases, with --fix on (and more options when given). */
export function fixContext(target: string, outDir: string, run: RunIdentity, options: Partial<RunOptions> = {}, extra: Partial<PhaseContext> = {}): PhaseContext {
  return { target, outDir, identity: run, options: { ...DEFAULT_RUN_OPTIONS, fix: true, ...options }, scope: DEFAULT_SCOPE, log: silentLogger, signal: new AbortController().signal, ...extra };
}
