// The invariant of issue #38 on generated sequences: a seeded generator picks operations (scan, scan --verify,
// commit a change, add an uncommitted file, a phase by hand, delete an artifact) on a temp git repository, and after
// each step through the real CLI either the command refused with exit 3 and printed what to run, or:
//  - every artifact a phase reads that is in the folder belongs to the run in state.json (the report and the fixer
//    scope excepted: a new run leaves the last report for `bug-hunter report`, and a grant for a person);
//  - a report the step wrote has that run's identity, as has every artifact it joined, and says `scanned` only for a
//    file the hunter of that run read at the hash triage recorded, which is the file's hash on disk now.
// BUG_HUNTER_PROPERTY_SEEDS=1,2,3 and BUG_HUNTER_PROPERTY_STEPS=40 run more; a failure names its seed and steps.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ArtifactName } from '../../src/artifacts/registry.ts';
import type { RunIdentity } from '../../src/artifacts/schemas/common.ts';
import { artifactPath } from '../../src/artifacts/store.ts';
import { builtDeclarations, supersededFiles } from '../../src/driver/run-artifacts.ts';
import { PIPELINE } from '../../src/driver/registry.ts';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { git, gitRepo, writeFiles } from '../helpers/temp.ts';
import { prng as random } from '../../scripts/kit/seeded-random.ts';

const SEEDS = (process.env.BUG_HUNTER_PROPERTY_SEEDS ?? '38,7').split(',').map(Number);
const STEPS = Number(process.env.BUG_HUNTER_PROPERTY_STEPS ?? 18);


const ROUTE = (n: number) => `const { exec } = require('child_process');\nmodule.exports = (req) => exec('ls ' + req.query.dir${n});\n`;
const OPS = ['scan', 'scan --verify', 'commit', 'add file', 'phase', 'phase', 'phase report', 'delete'] as const;
type Op = (typeof OPS)[number];

type Header = { run: RunIdentity; generatedAt: string };
const readJson = <T,>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const header = (outDir: string, name: ArtifactName): Header | undefined => (existsSync(artifactPath(outDir, name)) ? readJson<Header>(artifactPath(outDir, name)) : undefined);

test('generated sequences of scans, commits, new files, phases by hand and deletions never join two runs', async (t) => {
  const declarations = await builtDeclarations();
  const owned = supersededFiles(declarations).artifacts;
  const reportReads = declarations.find((p) => p.name === 'report')!.reads;
  const byHand = PIPELINE.filter((p) => !p.optIn || p.optIn === 'verify').map((p) => p.name);
  for (const seed of SEEDS) {
    const next = random(seed);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const repo = gitRepo(t, { 'src/a.js': 'module.exports = 1;\n', 'src/route.js': ROUTE(0) });
    const outDir = join(repo, '.bug-hunter');
    const done: string[] = [];
    const where = () => `seed ${seed}, steps: ${done.join(' → ')}`;
    for (let step = 0; step < STEPS; step += 1) {
      const op: Op = step === 0 ? 'scan' : pick(OPS);
      const reportBefore = header(outDir, 'scan-report')?.generatedAt;
      let result: CliResult | undefined;
      let label: string = op;
      if (op === 'scan') result = await runCli(['scan', repo, '--quiet']);
      else if (op === 'scan --verify') result = await runCli(['scan', repo, '--verify', '--quiet']);
      else if (op === 'commit') {
        writeFiles(repo, { 'src/a.js': `module.exports = ${step};\n` });
        git(repo, 'commit', '-qam', `change ${step}`);
      } else if (op === 'add file') {
        label = `add src/new${step}.js`;
        writeFiles(repo, { [`src/new${step}.js`]: ROUTE(step) });
      } else if (op === 'phase' || op === 'phase report') {
        const name = op === 'phase' ? pick(byHand) : 'report';
        label = `phase ${name}`;
        result = await runCli(['phase', name, repo, '--quiet']);
      } else {
        const present = [...owned, 'scan-report' as const, 'coverage' as const].filter((n) => existsSync(artifactPath(outDir, n)));
        const name = present.length > 0 ? pick(present) : undefined;
        label = `delete ${name ?? 'nothing'}`;
        if (name) rmSync(artifactPath(outDir, name));
      }
      done.push(result ? `${label} (exit ${result.code})` : label);
      if (result) {
        assert.ok([0, 1, 3].includes(result.code), `${where()}: ${result.stderr}`);
        // A refusal (or a failed phase) says what to run.
        // A refusal (or a failed phase) says what to run; a check asked for that could not run says which and why.
        if (result.code === 3 && !/exit 3: --(verify|repro) was asked for but could not run: /.test(result.stdout)) assert.match(result.stderr, /bug-hunter (phase|scan) /, `${where()}: exit 3 without a command to run: ${result.stderr}`);
      }
      const state = readJson<{ run: RunIdentity; files: Record<string, { sha256: string; status: string }> }>(artifactPath(outDir, 'state'));
      for (const name of owned) {
        const found = header(outDir, name);
        if (found) assert.deepEqual(found.run, state.run, `${where()}: ${name} is another run's`);
      }
      const report = header(outDir, 'scan-report');
      if (!report || report.generatedAt === reportBefore) continue;
      assert.deepEqual(report.run, state.run, `${where()}: the report is not the run's`);
      for (const name of reportReads) {
        const joined = header(outDir, name);
        if (joined) assert.deepEqual(joined.run, report.run, `${where()}: the report joined ${name} of another run`);
      }
      const triage = readJson<{ files: { path: string; sha256: string }[] }>(artifactPath(outDir, 'triage'));
      const hashes = new Map(triage.files.map((f) => [f.path, f.sha256]));
      const coverage = readJson<{ files: { path: string; status: string }[] }>(artifactPath(outDir, 'coverage'));
      for (const file of coverage.files.filter((f) => f.status === 'scanned')) {
        const read = state.files[file.path];
        assert.ok(read && read.status === 'done' && read.sha256 === hashes.get(file.path), `${where()}: ${file.path} is scanned but the hunter of the run did not read it at triage's hash`);
        const now = createHash('sha256').update(readFileSync(join(repo, file.path))).digest('hex');
        assert.equal(now, read.sha256, `${where()}: ${file.path} is scanned at a hash it no longer has`);
      }
    }
    t.diagnostic(`seed ${seed}: ${done.join(' → ')}`);
  }
});
