import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyPath } from '../../../src/phases/triage/path-rules.ts';
import { detectLanguage } from '../../../src/engines/code-index/languages.ts';

const reason = (path: string) => {
  const v = classifyPath(path);
  return v.kind === 'skip' ? v.reason : v.kind;
};

test('vendored folders are skipped wherever they sit, with the folder named', () => {
  for (const p of ['vendor/lib/a.go', 'pkg/third_party/x.c', 'web/bower_components/j/q.js', 'node_modules/left-pad/index.js', 'a/node_modules/b.js']) {
    assert.equal(reason(p), 'vendored', p);
  }
  const v = classifyPath('pkg/third_party/x.c');
  assert.equal(v.kind === 'skip' && v.detail, 'inside pkg/third_party/');
});

test('lock files are skipped as lockfile, not as not-source', () => {
  for (const p of ['package-lock.json', 'sub/yarn.lock', 'pnpm-lock.yaml', 'Cargo.lock', 'go.sum', 'poetry.lock']) assert.equal(reason(p), 'lockfile', p);
});

test('build output folders and generated file names are skipped as generated', () => {
  for (const p of ['dist/index.js', 'packages/a/build/main.js', 'api/user.pb.go', 'proto/user_pb2.py', 'src/Form.designer.cs', 'src/schema.generated.ts']) {
    assert.equal(reason(p), 'generated', p);
  }
});

test('minified names are skipped as minified', () => {
  assert.equal(reason('public/jquery.min.js'), 'minified');
  assert.equal(reason('public/site-min.css'), 'minified');
});

test('git internals and bug-hunter artifacts are dropped without a record', () => {
  assert.equal(reason('.bug-hunter/triage.json'), 'drop');
  assert.equal(reason('sub/.git/config'), 'drop');
});

test('files without a source extension are not-source; declarations too', () => {
  for (const p of ['README.md', 'logo.png', 'Makefile', 'config.yaml', 'types/index.d.ts']) assert.equal(reason(p), 'not-source', p);
});

test('languages are detected by extension', () => {
  const cases: Record<string, string> = {
    'a.ts': 'typescript',
    'a.tsx': 'typescript',
    'a.mjs': 'javascript',
    'a.cjs': 'javascript',
    'a.jsx': 'javascript',
    'a.py': 'python',
    'a.go': 'go',
    'a.rs': 'rust',
    'A.java': 'java',
    'a.rb': 'ruby',
    'a.php': 'php',
    'a.cs': 'csharp',
    'a.kt': 'kotlin',
    'a.swift': 'swift',
    'a.c': 'c',
    'a.cpp': 'cpp',
    'A.TS': 'typescript',
  };
  for (const [name, language] of Object.entries(cases)) assert.equal(detectLanguage(name), language, name);
  assert.equal(detectLanguage('.ts'), undefined);
});

test('test code is marked by folder or by name', () => {
  const isTest = (p: string) => {
    const v = classifyPath(p);
    assert.equal(v.kind, 'source', p);
    return v.kind === 'source' && v.isTest;
  };
  for (const p of ['test/a.ts', 'src/__tests__/a.ts', 'src/a.test.ts', 'src/a.spec.js', 'pkg/a_test.go', 'tests/test_a.py', 'app/test_a.py', 'src/FooTest.java', 'spec/a_spec.rb', 'fixtures/x.js', 'examples/demo.ts', 'benchmark/run.ts']) {
    assert.equal(isTest(p), true, p);
  }
  for (const p of ['src/a.ts', 'src/latest.ts', 'src/contest.py', 'src/testing-utils.ts', 'lib/Attestation.java']) assert.equal(isTest(p), false, p);
});
