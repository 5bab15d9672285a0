// Runs every test file under test/ (or those named) with node's test runner and the tsx loader.
// Node 20's --test does not expand globs, so the file list is gathered here. CLI tests run the compiled CLI,
// so a missing or stale dist/ is rebuilt first.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build.mjs';

function collect(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : collect(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const args = process.argv.slice(2);
const files = (args.length > 0 ? args : ['test']).flatMap((p) => (statSync(p).isDirectory() ? collect(p) : [p]));
if (files.length === 0) {
  console.error('No test files found.');
  process.exit(1);
}
const distWas = buildIfStale();
if (distWas !== 'fresh') console.error(`dist/ was ${distWas}: rebuilt before the tests.`);
// Test files spend much of their time waiting on child processes (git, the sandbox, the CLI), so two per core
// keep the cores busy; TEST_CONCURRENCY overrides.
const concurrency = process.env.TEST_CONCURRENCY ?? String(Math.max(2, availableParallelism() * 2));
// Scans record the cache folders they create in the user's state folder (src/cache/owner.ts): the tests' go to a
// throw-away one, never the real home.
const stateHome = mkdtempSync(join(tmpdir(), 'bug-hunter-test-state-'));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files],
  { stdio: 'inherit', env: { ...process.env, XDG_STATE_HOME: stateHome } },
);
rmSync(stateHome, { recursive: true, force: true });
process.exit(result.status ?? 1);
