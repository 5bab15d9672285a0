// Triage's decision before any read (core.ts's beforeRead): the path rules say source (with its language and
// whether it is test code) or a skip with the reason, and a name with a backslash is skipped as unreadable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beforeRead } from '../../../src/phases/triage/core.ts';

test('before a read: source files carry language and test flag; vendored, generated, non-source and backslashed names are skipped with the reason', () => {
  assert.deepEqual(beforeRead('src/a.ts'), { kind: 'source', language: 'typescript', isTest: false });
  assert.deepEqual(beforeRead('test/a.test.ts'), { kind: 'source', language: 'typescript', isTest: true });
  assert.deepEqual(beforeRead('node_modules/x/index.js'), { kind: 'skip', skip: { path: 'node_modules/x/index.js', reason: 'vendored', detail: 'inside node_modules/' } });
  assert.deepEqual(beforeRead('dist/app.min.js'), { kind: 'skip', skip: { path: 'dist/app.min.js', reason: 'generated', detail: 'build output folder dist/' } });
  assert.deepEqual(beforeRead('README.md'), { kind: 'skip', skip: { path: 'README.md', reason: 'not-source', detail: 'no source-language extension' } });
  assert.deepEqual(beforeRead('src\\b.ts'), { kind: 'skip', skip: { path: 'src\\b.ts', reason: 'unreadable', detail: 'file name contains a backslash' } });
});
