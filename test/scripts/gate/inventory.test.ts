import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { compareInventory, expectedFiles, packedFiles, secretsIn } from '../../../scripts/gate/inventory.ts';
import { gitTrackedFiles } from '../../../src/engines/git/git.ts';
import { gitRepo, writeFiles } from '../../helpers/temp.ts';

const pkg = JSON.stringify({ name: 'inv-fixture', version: '1.0.0', files: ['src/'] });

function pack(dir: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
  return packedFiles(out);
}

test('a package publishing exactly its tracked files under "files" passes', (t) => {
  const dir = gitRepo(t, { 'package.json': pkg, 'README.md': '# x', 'src/a.js': 'export {}', 'test/a.test.js': '' });
  const diff = compareInventory(pack(dir), expectedFiles(gitTrackedFiles(dir)!, ['src/']));
  assert.deepEqual(diff, { unexpected: [], missing: [], forbidden: [] });
});

test('an untracked stray file and a forbidden path under a published folder are caught', (t) => {
  const dir = gitRepo(t, { 'package.json': JSON.stringify({ name: 'inv-fixture', version: '1.0.0', files: ['src/', 'test/'] }), 'src/a.js': '', 'test/a.test.js': '' });
  writeFiles(dir, { 'src/scratch.js': 'console.log(1)' });
  const diff = compareInventory(pack(dir), expectedFiles(gitTrackedFiles(dir)!, ['src/']));
  assert.deepEqual(diff.unexpected.sort(), ['src/scratch.js', 'test/a.test.js']);
  assert.deepEqual(diff.forbidden, ['test/a.test.js']);
});

test('git-ignored build output under a published folder is expected; a stray elsewhere is not', (t) => {
  const dir = gitRepo(t, { 'package.json': JSON.stringify({ name: 'inv-fixture', version: '1.0.0', files: ['src/', 'dist/'] }), '.gitignore': 'dist/\n', 'src/a.ts': '' });
  writeFiles(dir, { 'dist/a.js': 'export {}', 'dist/a.js.map': '{}', 'src/scratch.js': '' });
  const diff = compareInventory(pack(dir), expectedFiles(gitTrackedFiles(dir)!, ['src/', 'dist/'], ['dist/a.js', 'dist/a.js.map']));
  assert.deepEqual(diff, { unexpected: ['src/scratch.js'], missing: [], forbidden: [] });
  const unbuilt = compareInventory(['package.json', 'src/a.ts'], expectedFiles(gitTrackedFiles(dir)!, ['src/', 'dist/'], ['dist/a.js']));
  assert.deepEqual(unbuilt.missing, ['dist/a.js']);
});

test('a private key or a real token in a published file is named', () => {
  assert.deepEqual(secretsIn('-----BEGIN RSA PRIVATE KEY-----\nabc'), ['private key']);
  assert.deepEqual(secretsIn("const pattern = /xoxb-/; // a rule that mentions a prefix"), []);
});

test('a negated "files" entry leaves out what npm pack leaves out, and only that', (t) => {
  const files = ['src/', '!src/rules/*/fixtures/'];
  const dir = gitRepo(t, {
    'package.json': JSON.stringify({ name: 'inv-fixture', version: '1.0.0', files }),
    'src/rules/a/rule.js': '',
    'src/rules/a/fixtures/bugs.js': '',
    'src/rules/b/fixtures/deep/decoy.js': '',
    'src/fixtures/kept.js': '',
  });
  const packed = pack(dir);
  assert.deepEqual(packed.filter((f) => f.startsWith('src/')), ['src/fixtures/kept.js', 'src/rules/a/rule.js']);
  assert.deepEqual(compareInventory(packed, expectedFiles(gitTrackedFiles(dir)!, files)), { unexpected: [], missing: [], forbidden: [] });
  // Without the negation the gate expects the fixtures, which npm did not pack: the check can fail.
  assert.deepEqual(compareInventory(packed, expectedFiles(gitTrackedFiles(dir)!, ['src/'])).missing, ['src/rules/a/fixtures/bugs.js', 'src/rules/b/fixtures/deep/decoy.js']);
});
