import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { DEFAULT_RUN_OPTIONS } from '../../../src/engines/run/options.ts';
import { StateStore } from '../../../src/engines/run/state.ts';
import { tempDir } from '../../helpers/temp.ts';

const identity = { runId: '20261203T000000Z-abcdef', repoRoot: '/repo', baseCommit: null, scopeHash: 'a'.repeat(64), optionsHash: 'b'.repeat(64), toolVersion: '0.1.0' };

function fresh(outDir: string): StateStore {
  return StateStore.fresh(outDir, identity, 'bug-hunter scan', { ...DEFAULT_RUN_OPTIONS }, { includeTests: false });
}

test('chunk progress is written at most once a second; a phase change writes everything at once', (t) => {
  const outDir = tempDir(t);
  const store = fresh(outDir);
  store.save();
  store.markPhase('hunter', 'running');
  for (let i = 1; i <= 50; i++) store.markChunk(`chunk-${String(i).padStart(3, '0')}`, [`f${i}.js`], 'done');
  // Nothing past the phase change reached the disk yet: the loop never gave the deferred write a turn.
  assert.equal(readArtifact(outDir, 'state').chunks.length, 0);
  store.markPhase('hunter', 'done');
  const onDisk = readArtifact(outDir, 'state');
  assert.equal(onDisk.chunks.length, 50);
  assert.equal(onDisk.phases.hunter?.status, 'done');
});

test('the deferred write happens on its own when nothing else saves', async (t) => {
  const outDir = tempDir(t);
  const store = fresh(outDir);
  store.save();
  store.markChunk('chunk-001', ['a.js'], 'running');
  store.markChunk('chunk-001', ['a.js'], 'done');
  assert.equal(readArtifact(outDir, 'state').chunks.length, 0);
  // Wait for the deferred write itself (no timing assertion: we wait until it has happened).
  while (readArtifact(outDir, 'state').chunks.length === 0) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(readArtifact(outDir, 'state').chunks.map((c) => [c.id, c.status]), [['chunk-001', 'done']]);
});

test('an interruption writes the chunks seen so far', (t) => {
  const outDir = tempDir(t);
  const store = fresh(outDir);
  store.save();
  store.markChunk('chunk-001', ['a.js'], 'done');
  store.markChunk('chunk-002', ['b.js'], 'running');
  store.setRunStatus('interrupted');
  const onDisk = readArtifact(outDir, 'state');
  assert.equal(onDisk.status, 'interrupted');
  assert.deepEqual(onDisk.chunks.map((c) => [c.id, c.status]), [['chunk-001', 'done'], ['chunk-002', 'running']]);
});

test("a phase's start is saved with the next write, unless the phase was done: a re-run must not look finished if lost", (t) => {
  const outDir = tempDir(t);
  const store = fresh(outDir);
  store.save();
  store.markPhase('triage', 'running');
  // Not yet on disk: lost, the phase is simply not done, and a resume runs it.
  assert.equal(readArtifact(outDir, 'state').phases.triage, undefined);
  store.markPhase('triage', 'done');
  assert.equal(readArtifact(outDir, 'state').phases.triage?.status, 'done');
  // Running a done phase again: 'running' replaces 'done' on disk at once.
  store.markPhase('triage', 'running');
  assert.equal(readArtifact(outDir, 'state').phases.triage?.status, 'running');
  store.markPhase('triage', 'failed', 'boom');
  assert.equal(readArtifact(outDir, 'state').phases.triage?.status, 'failed');
});

test('every save checks the file records changed since the one before: a bad record is refused, and refused again until fixed', (t) => {
  const outDir = tempDir(t);
  const store = fresh(outDir);
  store.recordFile('a.js', 'a'.repeat(64), 'done');
  store.save();
  store.recordFile('b.js', 'b'.repeat(64), 'running');
  store.markPhase('hunter', 'done');
  assert.deepEqual(Object.keys(readArtifact(outDir, 'state').files), ['a.js', 'b.js']);
  store.recordFile('c.js', 'not a hash', 'done');
  assert.throws(() => store.markPhase('skeptic', 'done'), /Refusing to write .*state\.json.*\/files\/c\.js\/sha256/);
  assert.throws(() => store.setRunStatus('completed'), /\/files\/c\.js\/sha256/);
  assert.deepEqual(Object.keys(readArtifact(outDir, 'state').files), ['a.js', 'b.js']);
  store.recordFile('c.js', 'c'.repeat(64), 'done');
  store.setRunStatus('completed');
  assert.deepEqual(Object.keys(readArtifact(outDir, 'state').files), ['a.js', 'b.js', 'c.js']);
});
