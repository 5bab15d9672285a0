// Parsing git's diff output (name-status and -U0 hunks) and deciding whether a finding is on a changed line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseChangedLines, parseNameStatus, touchesRanges, unquoteGitPath } from '../../../src/engines/scope/diff-parse.ts';
import { changedLineIndex, findingInDiff } from '../../../src/engines/scope/in-diff.ts';

test('name-status -z: added, modified, deleted, and renames with their old path', () => {
  const out = ['A', 'new.ts', 'M', 'src/a.ts', 'D', 'old.ts', 'R087', 'from.ts', 'to.ts', 'C100', 'x.ts', 'y.ts', 'T', 'link', ''].join('\0');
  assert.deepEqual(parseNameStatus(out), [
    { path: 'new.ts', status: 'added' },
    { path: 'src/a.ts', status: 'modified' },
    { path: 'old.ts', status: 'deleted' },
    { path: 'to.ts', status: 'renamed', from: 'from.ts' },
    { path: 'y.ts', status: 'copied', from: 'x.ts' },
    { path: 'link', status: 'type-changed' },
  ]);
});

const PATCH = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -3 +3 @@ function f() {
-  old
+  new
@@ -10,0 +11,3 @@ function g() {
+one
+two
+three
@@ -20,2 +22,0 @@ function h() {
-gone
-gone too
diff --git a/dead.ts b/dead.ts
deleted file mode 100644
--- a/dead.ts
+++ /dev/null
@@ -1,2 +0,0 @@
-x
-y
diff --git "a/caf\\303\\251.ts" "b/caf\\303\\251.ts"
--- "a/caf\\303\\251.ts"
+++ "b/caf\\303\\251.ts"
@@ -1 +1,2 @@
+z
`;

test('-U0 hunks become changed line ranges of the new version; a pure deletion marks the lines around the gap', () => {
  const lines = parseChangedLines(PATCH);
  assert.deepEqual(lines.get('src/a.ts'), [
    { start: 3, end: 3 },
    { start: 11, end: 13 },
    { start: 22, end: 23 },
  ]);
  assert.equal(lines.has('dead.ts'), false, 'a deleted file has no new lines');
  assert.deepEqual(lines.get('café.ts'), [{ start: 1, end: 2 }], 'C-quoted names with UTF-8 octal bytes are unquoted');
});

test('unquoteGitPath keeps plain names and decodes escapes', () => {
  assert.equal(unquoteGitPath('b/plain.ts'), 'b/plain.ts');
  assert.equal(unquoteGitPath('"b/tab\\there \\"q\\".ts"'), 'b/tab\there "q".ts');
});

test('touchesRanges is inclusive at both ends', () => {
  const ranges = [{ start: 5, end: 7 }];
  assert.equal(touchesRanges(ranges, 1, 4), false);
  assert.equal(touchesRanges(ranges, 1, 5), true);
  assert.equal(touchesRanges(ranges, 7, 9), true);
  assert.equal(touchesRanges(ranges, 8, 9), false);
});

test('a finding is in the diff when its lines or any quoted evidence touch a changed line; an added file is changed throughout', () => {
  const touched = changedLineIndex([
    { path: 'a.ts', status: 'modified', lines: [{ start: 10, end: 12 }] },
    { path: 'new.ts', status: 'added', lines: [] },
    { path: 'gone.ts', status: 'deleted', lines: [] },
  ]);
  const at = (file: string, startLine: number, endLine: number, evidence: { file: string; startLine: number; endLine: number }[] = []) => ({ file, startLine, endLine, evidence });
  assert.equal(findingInDiff(at('a.ts', 11, 11), touched), true);
  assert.equal(findingInDiff(at('a.ts', 2, 3), touched), false);
  assert.equal(findingInDiff(at('a.ts', 2, 3, [{ file: 'a.ts', startLine: 12, endLine: 14 }]), touched), true, 'the sink is old, the tainted input is new');
  assert.equal(findingInDiff(at('new.ts', 400, 400), touched), true);
  assert.equal(findingInDiff(at('other.ts', 1, 1), touched), false);
});
