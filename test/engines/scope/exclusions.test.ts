// The exclusion rules: --include/--exclude are the user's, .bug-hunterignore the repository's; each answer names its source and rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badGlob, exclusionTest } from '../../../src/engines/scope/exclusions.ts';

test('no rule: no test at all; an ignore file of comments only is no rule either', () => {
  assert.equal(exclusionTest({}), undefined);
  assert.equal(exclusionTest({ repositoryIgnore: '\n' }), undefined);
});

test('--include keeps only matching files; --exclude leaves matching ones out; both say which flag and rule', () => {
  const t = exclusionTest({ include: ['src/**', '*.sh'], exclude: ['src/gen/'] })!;
  assert.equal(t('src/a.js'), null);
  assert.equal(t('bin/run.sh'), null);
  assert.deepEqual(t('lib/b.js'), { source: 'user', detail: 'not matched by --include src/** *.sh' });
  assert.deepEqual(t('src/gen/x.js'), { source: 'user', detail: 'excluded by --exclude src/gen/' });
});

test(".bug-hunterignore is gitignore syntax (comments, folders, negation) and answers as the repository's", () => {
  const t = exclusionTest({ repositoryIgnore: '# not shipped\ntools/\n*.min.js\n!keep.min.js\n' })!;
  assert.deepEqual(t('tools/a.js'), { source: 'repository', detail: "excluded by the repository's .bug-hunterignore (tools/)" });
  assert.deepEqual(t('lib/x.min.js'), { source: 'repository', detail: "excluded by the repository's .bug-hunterignore (*.min.js)" });
  assert.equal(t('lib/keep.min.js'), null);
  assert.equal(t('lib/a.js'), null);
  // The user's word comes first: a file both exclude is the user's.
  assert.equal(exclusionTest({ exclude: ['tools/'], repositoryIgnore: 'tools/\n' })!('tools/a.js')?.source, 'user');
});

test('a glob must be relative to the scanned folder and not empty', () => {
  assert.equal(badGlob('src/**'), null);
  assert.equal(badGlob('/root.js'), null);
  assert.match(badGlob('') ?? '', /empty/);
  assert.match(badGlob('../x') ?? '', /relative/);
  assert.match(badGlob('C:\\x') ?? '', /relative/);
});
