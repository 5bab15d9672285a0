import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { forgetSharedArtifacts, knownValid, readArtifact, readSharedArtifact, writeArtifact, writeSharedArtifact, artifactPath } from '../../src/artifacts/store.ts';
import type { Referee } from '../../src/artifacts/schemas/referee.ts';
import { PhaseError } from '../../src/foundations/errors.ts';
import { createIdentity } from '../../src/engines/run/identity.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE } from '../../src/engines/run/options.ts';
import { tempDir } from '../helpers/temp.ts';

function referee(dir: string): Referee {
  return {
    schemaVersion: 1,
    artifact: 'referee',
    run: createIdentity(dir, DEFAULT_SCOPE, DEFAULT_RUN_OPTIONS),
    generatedAt: new Date().toISOString(),
    verdicts: [{ findingId: 'BH-0123456789ab', verdict: 'confirmed', severity: 'high', confidence: 0.9, reasoning: 'r', reread: true, engine: 'static' }],
  };
}

test('a written artifact reads back identical and leaves no temp file behind', (t) => {
  const dir = tempDir(t);
  const value = referee(dir);
  writeArtifact(dir, 'referee', value);
  assert.deepEqual(readArtifact(dir, 'referee'), value);
  assert.deepEqual(readdirSync(dir), ['referee.json']);
});

test('an invalid artifact is refused on write and nothing is written', (t) => {
  const dir = tempDir(t);
  const value = referee(dir);
  (value.verdicts[0] as { confidence: number }).confidence = 2;
  assert.throws(() => writeArtifact(dir, 'referee', value), (e: Error) => e instanceof PhaseError && /\/verdicts\/0\/confidence/.test(e.message));
  assert.deepEqual(readdirSync(dir), []);
});

test('a missing artifact names the file (the driver adds the phase to run: test/artifacts/producer.test.ts)', (t) => {
  const dir = tempDir(t);
  assert.throws(() => readArtifact(dir, 'triage'), (e: Error) => e instanceof PhaseError && e.message.includes('triage.json is missing'));
});

test('malformed JSON names the file and is not overwritten by the read', (t) => {
  const dir = tempDir(t);
  writeFileSync(artifactPath(dir, 'referee'), '{"schemaVersion": 1,');
  assert.throws(() => readArtifact(dir, 'referee'), (e: Error) => e instanceof PhaseError && e.message.includes('referee.json is not valid JSON'));
  assert.equal(readFileSync(join(dir, 'referee.json'), 'utf8'), '{"schemaVersion": 1,');
});

test('a schema violation names the JSON pointer and the rule', (t) => {
  const dir = tempDir(t);
  const value = referee(dir) as unknown as Record<string, unknown>;
  value.verdicts = 'nope';
  writeFileSync(artifactPath(dir, 'referee'), JSON.stringify(value));
  assert.throws(() => readArtifact(dir, 'referee'), (e: Error) => e instanceof PhaseError && /\/verdicts: must be array \(type\)/.test(e.message));
});

test('an artifact read again is checked again: an edit between two reads is refused, the same text still passes', (t) => {
  const dir = tempDir(t);
  const value = referee(dir);
  writeArtifact(dir, 'referee', value);
  const text = readFileSync(artifactPath(dir, 'referee'), 'utf8');
  assert.deepEqual(readArtifact(dir, 'referee'), value);
  writeFileSync(artifactPath(dir, 'referee'), text.replace('"confidence": 0.9', '"confidence": 2'));
  assert.throws(() => readArtifact(dir, 'referee'), (e: Error) => e instanceof PhaseError && /\/verdicts\/0\/confidence/.test(e.message));
  writeFileSync(artifactPath(dir, 'referee'), text);
  assert.deepEqual(readArtifact(dir, 'referee'), value);
  // The text of one artifact is not taken as valid for another.
  writeFileSync(artifactPath(dir, 'skeptic'), text);
  assert.throws(() => readArtifact(dir, 'skeptic'), (e: Error) => e instanceof PhaseError && e.message.includes('skeptic.json is not valid'));
});

test('the text a write produced is known valid, so the next phase reading it only parses it; other bytes are not', (t) => {
  const dir = tempDir(t);
  const value = referee(dir);
  // Non-ASCII text: the digest taken while writing must be of the UTF-8 the file holds.
  value.verdicts[0]!.reasoning = 'naïve check — 日本語 ✓';
  writeArtifact(dir, 'referee', value);
  const text = readFileSync(artifactPath(dir, 'referee'), 'utf8');
  assert.equal(knownValid('referee', text), true);
  assert.equal(knownValid('skeptic', text), false);
  assert.equal(knownValid('referee', text.replace('"confidence": 0.9', '"confidence": 0.8')), false);
  assert.deepEqual(readArtifact(dir, 'referee'), value);
});

test('a phase input is parsed once per text and shared frozen: changing it throws, other bytes are read afresh', (t) => {
  const dir = tempDir(t);
  const value = referee(dir);
  writeArtifact(dir, 'referee', value);
  const first = readSharedArtifact(dir, 'referee');
  assert.deepEqual(first, value);
  assert.equal(readSharedArtifact(dir, 'referee'), first, 'the same bytes give the same object');
  assert.throws(() => {
    (first.verdicts[0] as { confidence: number }).confidence = 0.1;
  }, TypeError);
  assert.throws(() => (first.verdicts as unknown[]).push({}), TypeError);
  // readArtifact still gives each caller its own value to change.
  const own = readArtifact(dir, 'referee');
  (own.verdicts[0] as { confidence: number }).confidence = 0.1;
  // Other bytes: a new value, validated (a bad edit is refused, never served from the memory of the old text).
  const text = readFileSync(artifactPath(dir, 'referee'), 'utf8');
  writeFileSync(artifactPath(dir, 'referee'), text.replace('"confidence": 0.9', '"confidence": 0.8'));
  const edited = readSharedArtifact(dir, 'referee');
  assert.notEqual(edited, first);
  assert.equal(edited.verdicts[0]!.confidence, 0.8);
  writeFileSync(artifactPath(dir, 'referee'), text.replace('"confidence": 0.9', '"confidence": 2'));
  assert.throws(() => readSharedArtifact(dir, 'referee'), (e: Error) => e instanceof PhaseError && /\/verdicts\/0\/confidence/.test(e.message));
});

test('an artifact the driver wrote is shared, frozen, while the file is the one written; an edit of the same size, or a replacement, is read afresh', (t) => {
  const dir = tempDir(t);
  const value = referee(dir);
  writeSharedArtifact(dir, 'referee', value);
  const shared = readSharedArtifact(dir, 'referee');
  assert.equal(shared, value, 'the value written, not a parse of the file');
  assert.ok(Object.isFrozen(shared.verdicts[0]));

  // Same size, other content: the change time moves, so the file is read (and validated) again.
  const path = artifactPath(dir, 'referee');
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace('"confidence": 0.9', '"confidence": 0.8'));
  // Before Linux 6.13 file times move once per clock tick: an edit within the tick of the write would keep them
  // (the limit the store's comment names). A later time, as any edit a tick on gets, keeps this test exact.
  const later = new Date(statSync(path).mtimeMs + 2000);
  utimesSync(path, later, later);
  const edited = readSharedArtifact(dir, 'referee');
  assert.notEqual(edited, value);
  assert.equal(edited.verdicts[0]!.confidence, 0.8);

  // Written again, then replaced by another file (a new inode): the replacement is what a reader gets.
  const again = referee(dir);
  writeSharedArtifact(dir, 'referee', again);
  assert.equal(readSharedArtifact(dir, 'referee'), again);
  writeFileSync(`${path}.new`, text.replace('"confidence": 0.9', '"confidence": 2'));
  renameSync(`${path}.new`, path);
  assert.throws(() => readSharedArtifact(dir, 'referee'), (e: Error) => e instanceof PhaseError && /\/verdicts\/0\/confidence/.test(e.message));
});

test("a session's end forgets what it shared: the next read is of the file", (t) => {
  const dir = tempDir(t);
  const value = referee(dir);
  writeSharedArtifact(dir, 'referee', value);
  assert.equal(readSharedArtifact(dir, 'referee'), value);
  forgetSharedArtifacts(dir);
  const read = readSharedArtifact(dir, 'referee');
  assert.notEqual(read, value);
  assert.deepEqual(read, value);
});
