import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync, appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindLabels } from '../../../../scripts/bench/benchmark/bind.ts';
import { loadCases } from '../../../../scripts/bench/benchmark/cases.ts';
import { loadLabels } from '../../../../scripts/bench/benchmark/labels.ts';
import { caseManifest, manifestHash } from '../../../../scripts/bench/benchmark/manifest.ts';
import { IntegrityError } from '../../../../src/foundations/errors.ts';
import { sha256 } from '../../../../src/foundations/hashing/hash.ts';
import { miniBenchmark } from './helpers.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

test('the manifest hash is the sha256 of sorted "path<TAB>sha256" lines', () => {
  const root = miniBenchmark(repoRoot);
  try {
    const dir = join(root, 'benchmark', 'cases', 'shell');
    const m = caseManifest(dir);
    const fileHash = sha256(readFileSync(join(dir, 'src', 'run.js')));
    assert.deepEqual(m.files, [{ path: 'src/run.js', sha256: fileHash, lines: 8 }]);
    assert.equal(m.hash, sha256(`src/run.js\t${fileHash}\n`));
    assert.equal(manifestHash([{ path: 'b', sha256: '2' }, { path: 'a', sha256: '1' }]), sha256('a\t1\nb\t2\n'));
    // Artifacts of an in-place scan are not part of the case.
    mkdirSync(join(dir, '.bug-hunter'));
    writeFileSync(join(dir, '.bug-hunter', 'state.json'), '{}');
    assert.equal(caseManifest(dir).hash, m.hash);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('labels bound to a case load; after the case changes they are refused as stale', () => {
  const root = miniBenchmark(repoRoot);
  try {
    const cases = join(root, 'benchmark', 'cases');
    const labels = join(root, 'benchmark', 'labels');
    assert.throws(() => loadCases(cases, labels), IntegrityError, 'unbound labels (zero hash) are refused');
    assert.match(bindLabels(cases, labels).join('\n'), /shell: bound to/);
    assert.equal(loadCases(cases, labels).length, 2);

    appendFileSync(join(cases, 'shell', 'src', 'run.js'), '// a later edit\n');
    assert.throws(
      () => loadLabels(labels, 'shell', caseManifest(join(cases, 'shell'))),
      (error: Error) => error instanceof IntegrityError && /stale labels/.test(error.message) && /--bind-labels/.test(error.message),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('binding still refuses labels that point outside the case', () => {
  const root = miniBenchmark(repoRoot);
  try {
    const path = join(root, 'benchmark', 'labels', 'shell.json');
    const labels = JSON.parse(readFileSync(path, 'utf8'));
    labels.bugs[0].endLine = 99;
    writeFileSync(path, JSON.stringify(labels));
    assert.throws(() => bindLabels(join(root, 'benchmark', 'cases'), join(root, 'benchmark', 'labels')), /lines 3-99 are outside src\/run.js/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('every committed benchmark case has labels bound to its current content', () => {
  const cases = loadCases(join(repoRoot, 'benchmark', 'cases'), join(repoRoot, 'benchmark', 'labels'));
  assert.ok(cases.length >= 15, `${cases.length} cases`);
  assert.ok(cases.some((c) => c.bugs.length === 0), 'at least one clean case');
  assert.ok(cases.filter((c) => c.language === 'python').length >= 2);
  assert.ok(cases.filter((c) => c.language === 'go').length >= 2);
  assert.ok(cases.reduce((n, c) => n + c.decoys.length, 0) >= 30);
});
