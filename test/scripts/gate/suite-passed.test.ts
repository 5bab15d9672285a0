// The gate takes the suite's result only from the marker the test runner writes after a full run
// (scripts/test/suite-marker.mjs): for the commit it passed on, with the tree clean then and now, over the same test
// files and CI setting, its digest intact. No environment variable stands in for it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { suiteResultReusable, type SuiteRunState } from '../../../scripts/gate/suite-passed.ts';
import {
  filesDigest,
  gitState,
  isFullRun,
  markerDigest,
  markerPath,
  readMarker,
  recordRun,
  removeMarker,
  summaryOf,
  testFilesUnder,
  type MarkerFields,
} from '../../../scripts/test/suite-marker.mjs';
import { git, gitRepo } from '../../helpers/temp.ts';

const head = 'a4c08a1'.padEnd(40, '0');
const FILES = 'f'.repeat(64);
const PASSED = { tests: 12, suites: 0, pass: 12, fail: 0, cancelled: 0, skipped: 0, todo: 0 };

function marker(over: Partial<MarkerFields> = {}): MarkerFields & { digest: string } {
  const fields: MarkerFields = { commit: head, clean: true, ci: true, files: FILES, status: 0, summary: PASSED, ...over };
  return { ...fields, digest: markerDigest(fields) };
}

function state(over: Partial<SuiteRunState> = {}): SuiteRunState {
  return { marker: marker(), head: `${head}\n`, porcelain: '', files: FILES, ci: true, ...over };
}

test('the result of a passing full run is taken for the commit it ran on, with the tree clean then and now', () => {
  assert.deepEqual(suiteResultReusable(state()), { reusable: true, why: `12 tests passed in the full run on ${head.slice(0, 12)}` });
});

test('the suite runs again without a marker: an environment variable alone never skips it', () => {
  process.env.SUITE_PASSED_AT = head;
  try {
    assert.equal(suiteResultReusable(state({ marker: undefined })).reusable, false);
  } finally {
    delete process.env.SUITE_PASSED_AT;
  }
  assert.equal(suiteResultReusable(state({ marker: head })).reusable, false, 'a bare commit id is not a marker');
  assert.equal(suiteResultReusable(state({ marker: { commit: head } })).reusable, false);
});

test('the suite runs again for another commit, a tree changed then or since, other test files or another CI setting', () => {
  assert.match(suiteResultReusable(state({ head: 'b'.repeat(40) })).why, /not HEAD/);
  assert.match(suiteResultReusable(state({ marker: marker({ clean: false }) })).why, /had changes while/);
  assert.match(suiteResultReusable(state({ porcelain: ' M src/cli/main.ts\n' })).why, /changed since/);
  assert.match(suiteResultReusable(state({ porcelain: '?? new-file.ts\n' })).why, /changed since/);
  assert.match(suiteResultReusable(state({ files: 'e'.repeat(64) })).why, /test files/);
  assert.match(suiteResultReusable(state({ ci: false })).why, /with CI=true, this gate without/);
});

test('the suite runs again when the full run failed, ran nothing, or the marker was edited', () => {
  assert.equal(suiteResultReusable(state({ marker: marker({ status: 1 }) })).reusable, false);
  assert.equal(suiteResultReusable(state({ marker: marker({ summary: { ...PASSED, fail: 1 } }) })).reusable, false);
  assert.equal(suiteResultReusable(state({ marker: marker({ summary: { ...PASSED, cancelled: 2 } }) })).reusable, false);
  assert.equal(suiteResultReusable(state({ marker: marker({ summary: { pass: 0, fail: 0 } }) })).reusable, false);
  assert.equal(suiteResultReusable(state({ marker: marker({ summary: { pass: 12 } }) })).reusable, false, 'no fail count is no pass');
  const edited = { ...marker({ status: 1 }), status: 0 };
  assert.match(suiteResultReusable(state({ marker: edited })).why, /digest does not match/);
  const moved = { ...marker(), commit: 'c'.repeat(40) };
  assert.match(suiteResultReusable(state({ marker: moved, head: 'c'.repeat(40) })).why, /digest does not match/);
});

test("node:test's closing summary lines become the summary; other diagnostics are left out", () => {
  assert.deepEqual(summaryOf(['tests 4', 'suites 0', 'pass 3', 'fail 0', 'cancelled 0', 'skipped 1', 'todo 0', 'duration_ms 828.3', 'a note']), {
    tests: 4, suites: 0, pass: 3, fail: 0, cancelled: 0, skipped: 1, todo: 0,
  });
});

test('the runner writes the marker of a full run into the git folder, and the gate reads and takes it', (t) => {
  const repo = gitRepo(t, { 'test/a.test.ts': '', 'test/sub/b.test.ts': '', 'test/sub/fixtures/c.test.ts': '', 'src/x.ts': '' });
  const all = testFilesUnder(join(repo, 'test'));
  assert.deepEqual(all, [join(repo, 'test/a.test.ts'), join(repo, 'test/sub/b.test.ts')], 'fixtures/ hold no tests of their own');
  assert.equal(isFullRun(repo, all), true);
  assert.equal(isFullRun(repo, all.slice(1)), false, 'a run of some files is not a full run');

  const path = markerPath(repo);
  assert.ok(path?.startsWith(join(repo, '.git')), `the marker lives in the git folder: ${path}`);
  const before = gitState(repo);
  assert.ok(before && /^[0-9a-f]{40}$/.test(before.head) && before.porcelain === '');
  const summary = summaryOf(['tests 2', 'pass 2', 'fail 0', 'cancelled 0']);
  recordRun({ root: repo, files: all, before, after: gitState(repo), status: 0, summary, ci: false });
  assert.ok(existsSync(path!));
  assert.equal(git(repo, 'status', '--porcelain'), '', 'the marker leaves the tree clean');

  const now = (): SuiteRunState => {
    const s = gitState(repo)!;
    return { marker: readMarker(repo), head: s.head, porcelain: s.porcelain, files: filesDigest(repo, testFilesUnder(join(repo, 'test'))), ci: false };
  };
  assert.equal(suiteResultReusable(now()).reusable, true);

  // A new test file after the run: the run no longer covers the suite.
  writeFileSync(join(repo, 'test', 'new.test.ts'), '');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'a new test');
  assert.equal(suiteResultReusable(now()).reusable, false);

  // A run on a tree with changes is written as not clean, and is not taken.
  const dirtyBefore = gitState(repo);
  writeFileSync(join(repo, 'src', 'x.ts'), 'changed');
  recordRun({ root: repo, files: testFilesUnder(join(repo, 'test')), before: dirtyBefore, after: gitState(repo), status: 0, summary, ci: false });
  assert.equal((JSON.parse(readFileSync(path!, 'utf8')) as MarkerFields).clean, false);
  assert.match(suiteResultReusable(now()).why, /had changes while/);

  removeMarker(repo);
  assert.equal(readMarker(repo), undefined);
  assert.match(suiteResultReusable(now()).why, /no full test run/);
});
