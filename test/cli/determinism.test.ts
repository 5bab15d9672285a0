// Two runs of the same input give the same report, also when the machine is busy: no verdict may depend on time.
// The scans run through the CLI's main() in this process while a second process burns a core (or the machine is
// busier than that already).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { ScanReport } from '../../src/artifacts/schemas/scan-report.ts';
import { runCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo, tempDir } from '../helpers/temp.ts';

// Patterns recheck can only judge by fuzzing (back-references, look-arounds): the slow path where a wall-clock
// timeout used to turn "vulnerable" into "not proven" under load.
// These two take about a second each on an idle machine.
const REGEXES = ['^(\\w+)\\s+\\1(x+)+$', '^(a|a)*\\1$'];

function project(): Record<string, string> {
  const files = buggyProject(2);
  REGEXES.forEach((re, i) => {
    files[`src/check${i}.js`] = `export function check${i}(req, res) {\n  res.json({ ok: /${re}/.test(req.query.q) });\n}\n`;
  });
  return files;
}

/** What must not vary between runs: every finding's identity and verdict, the counts and the coverage. */
function verdicts(outDir: string) {
  const r = JSON.parse(readFileSync(join(outDir, 'scan-report.json'), 'utf8')) as ScanReport;
  return {
    findings: r.findings.map((f) => ({ fingerprint: f.finding.fingerprint, file: f.finding.file, line: f.finding.startLine, rule: f.finding.ruleId, verdict: f.verdict, tier: f.tier, severity: f.severity, confidence: f.confidence })),
    counts: r.counts,
    coverage: r.coverage,
  };
}

test('the same target scanned twice on a busy machine (another process burning a core, or the suite) gives the same report', async (t) => {
  const repo = gitRepo(t, project());
  const outs = tempDir(t, 'bh-outs-');
  // A machine already running more than one process per core (the whole suite in parallel) is the busy machine this
  // test needs; a burner there only takes CPU from the other tests. On a quiet machine one burner makes it busy.
  const busy = loadavg()[0]! >= availableParallelism();
  t.diagnostic(busy ? `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores: busy without a burner` : 'one process burns a core');
  const burners = busy ? [] : [spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })];
  t.after(() => burners.forEach((b) => b.kill('SIGKILL')));
  const runs = [];
  for (const out of ['run-a', 'run-b']) {
    const r = await runCli(['scan', repo, '--quiet', '--out', join(outs, out)]);
    assert.equal(r.code, 1, r.stderr);
    runs.push(verdicts(join(outs, out)));
  }
  assert.deepEqual(runs[1], runs[0]);
  // And the slow-path patterns were judged, not timed out: each is a reported ReDoS.
  const redos = runs[0]!.findings.filter((f) => f.rule === 'redos').map((f) => f.file).sort();
  assert.deepEqual(redos, REGEXES.map((_, i) => `src/check${i}.js`));
});
