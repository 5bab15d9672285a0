// The gate must catch a real engine regression: a copy of the project whose command-injection rule is loosened to
// treat literal commands as input fires on the benchmark's literal-command decoy, and the gate fails naming it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distState } from '../../../../scripts/build/build.mjs';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const BENCHMARK = fileURLToPath(new URL('fixtures/benchmark-from-dist.mjs', import.meta.url));

/** Replaces `from` with `to` in a file of the copy, failing loudly if the code it targets has changed. */
function patch(path: string, from: string, to: string): void {
  const text = readFileSync(path, 'utf8');
  assert.ok(text.includes(from), `${path} no longer contains \`${from}\`: update this test's patch`);
  writeFileSync(path, text.replace(from, to));
}

// Loosened: sinks keep literal commands as candidates, and the skeptic's source seat upholds them like input. The
// compiled copy is patched (dist/ is built from src/ before the tests): transpiling a patched src/ through tsx cost
// more than the benchmark itself.
function loosen(copy: string): void {
  patch(join(copy, 'dist/engines/static/matchers/sink.js'), "if (source.kind === 'literal' || source.kind === 'sanitised')\n        return null;", "if (source.kind === 'sanitised')\n        return null;");
  patch(join(copy, 'dist/engines/static/refute/votes.js'), "if (s.kind === 'literal' || s.kind === 'sanitised')", "if (s.kind === 'sanitised')");
  patch(join(copy, 'dist/engines/static/refute/votes.js'), "if (s.kind === 'input')", "if (s.kind === 'input' || s.kind === 'literal')");
}

test('a rule loosened to fire on a decoy makes the real benchmark gate fail, naming the decoy', { timeout: 300_000 }, (t) => {
  // A stale dist/ would test yesterday's engine (scripts/test/run-tests.mjs rebuilds it before the tests).
  assert.equal(distState(), 'fresh', 'dist/ is not built from the current src/: run `node scripts/build/build.mjs`');
  const copy = mkdtempSync(join(tmpdir(), 'bh-loosened-'));
  t.after(() => rmSync(copy, { recursive: true, force: true }));
  for (const part of ['package.json', 'dist', 'prompts', 'modes', 'benchmark/cases', 'benchmark/labels', 'benchmark/gate.json', 'benchmark/accepted-report.json']) {
    cpSync(join(repo, part), join(copy, part), { recursive: true });
  }
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'));
  loosen(copy);

  const run = spawnSync(process.execPath, ['--import', 'tsx', BENCHMARK, '--gate', '--quiet', '--out', join(copy, 'out')], { cwd: copy, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  assert.equal(run.status, 1, output);
  assert.match(output, /FAIL {2}static precision/);
  assert.match(output, /decoys hit: [^\n]*deploy-cli\/literal-command/);
  // The rule itself is named: its precision fell below the floor stated in its file.
  assert.match(output, /FAIL {2}static rule command-injection precision: 0\.\d+ \(\d+\/\d+\) \(need ≥ 0\.900, the floor in src\/engines\/static\/rules\/command-injection\/rule\.ts\)/);
});
