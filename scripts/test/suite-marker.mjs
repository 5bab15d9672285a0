// The suite's result marker: after a full run (every test file under test/) the test runner (scripts/test/run-tests.mjs)
// writes what that run was — the commit, whether the tree was clean before and after it, CI or not, the test files
// it ran, the runner's exit status and node:test's summary (tests, pass, fail, …) — with a digest over all of it. The
// quality gate reads it (scripts/gate/suite-passed.ts decides) to take that result instead of running the suite a
// second time. It lives in the git folder (`git rev-parse --git-path`, one per worktree), where no commit carries it
// and no environment variable stands in for it. Plain JavaScript: the runner loads it before any TypeScript loader.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

export const MARKER_NAME = 'bug-hunter-suite-result.json';
/** node:test's closing summary lines (test:diagnostic at nesting 0), in the order it prints them. */
export const SUMMARY_KEYS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'];

/** Every test file under `dir`, as absolute paths in name order (fixtures/ folders hold no tests of their own). */
export function testFilesUnder(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : testFilesUnder(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/** sha256 of the sorted relative paths (with '/'): which files a run covered, in one value. */
export function filesDigest(root, files) {
  const names = files.map((f) => (isAbsolute(f) ? relative(root, f) : f).split(sep).join('/')).sort();
  return createHash('sha256').update(names.join('\n')).digest('hex');
}

/** The summary from node:test's diagnostics at nesting 0: the last value of each summary key. */
export function summaryOf(diagnostics) {
  const summary = {};
  for (const message of diagnostics) {
    const m = /^([a-z]+) (\d+)$/.exec(message.trim());
    if (m && SUMMARY_KEYS.includes(m[1])) summary[m[1]] = Number(m[2]);
  }
  return summary;
}

/** The digest over a marker's fields, in a fixed order (the summary by SUMMARY_KEYS). */
export function markerDigest(fields) {
  const summary = SUMMARY_KEYS.map((k) => [k, fields.summary?.[k] ?? null]);
  const canonical = JSON.stringify([fields.commit, fields.clean, fields.ci, fields.files, fields.status, summary]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** HEAD and `git status --porcelain` of the checkout at `root`; undefined outside a git checkout. */
export function gitState(root) {
  const git = (args) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  const head = git(['rev-parse', 'HEAD']);
  const status = git(['status', '--porcelain']);
  if (head.status !== 0 || status.status !== 0) return undefined;
  return { head: head.stdout.trim(), porcelain: status.stdout };
}

/** Where the marker of the checkout at `root` lives (in its git folder); undefined outside a git checkout. */
export function markerPath(root) {
  const r = spawnSync('git', ['-C', root, 'rev-parse', '--git-path', MARKER_NAME], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  const path = r.stdout.trim();
  return isAbsolute(path) ? path : join(root, path);
}

/** Whether `files` are exactly the test files under test/: only such a run's result stands for the suite. */
export function isFullRun(root, files) {
  return filesDigest(root, files) === filesDigest(root, testFilesUnder(join(root, 'test')));
}

/**
 * After a full run: writes the marker. `before` and `after` are gitState() at the run's start and end: the result
 * describes the commit only when the tree was clean at both and HEAD did not move. Returns what it did, for the log.
 */
export function recordRun({ root, files, before, after, status, summary, ci }) {
  const path = markerPath(root);
  if (!path || !before || !after) return 'no suite marker: not a git checkout';
  const clean = before.head === after.head && before.porcelain.trim() === '' && after.porcelain.trim() === '';
  const fields = { commit: before.head, clean, ci: Boolean(ci), files: filesDigest(root, files), status, summary };
  writeFileSync(path, `${JSON.stringify({ ...fields, digest: markerDigest(fields) }, null, 2)}\n`);
  return `suite marker: ${path}`;
}

/** The marker of the checkout at `root` as written (unchecked), or undefined when there is none or it is not JSON. */
export function readMarker(root) {
  const path = markerPath(root);
  if (!path) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Removes the marker: a full run that starts makes the last one's result stale, whatever this one ends with. */
export function removeMarker(root) {
  const path = markerPath(root);
  if (path) rmSync(path, { force: true });
}
