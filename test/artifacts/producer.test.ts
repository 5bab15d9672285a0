// The "Run '…' first" hint of a missing artifact names a command that really writes it: no hint may name a phase
// that does not exist or does not write the artifact (main once advised "bug-hunter phase fix-report").
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, type ArtifactName } from '../../src/artifacts/registry.ts';
import { PRODUCER, readArtifact } from '../../src/artifacts/store.ts';
import { PIPELINE, findPhase } from '../../src/phases/registry.ts';

// Written outside any phase's declared writes: the run state by every phase, the ledger by the report phase
// through the target's memory folder.
const WRITTEN_ASIDE = new Set<ArtifactName>(['state', 'ledger']);

test('every artifact\'s producer hint names a phase that declares it among its writes (or a command)', async () => {
  for (const name of Object.keys(ARTIFACTS) as ArtifactName[]) {
    const hint = PRODUCER[name];
    const phaseName = /^bug-hunter phase (\S+)$/.exec(hint)?.[1];
    if (!phaseName) {
      assert.match(hint, /^bug-hunter (benchmark|dismiss|publish|scan|scan --baseline <ref>|work|repro)$/, `${name}: ${hint}`);
      continue;
    }
    const entry = findPhase(phaseName);
    assert.ok(entry?.load, `${name}: '${hint}' names no built phase`);
    if (WRITTEN_ASIDE.has(name)) continue;
    const phase = await entry.load();
    assert.ok(phase.writes.includes(name), `${name}: phase ${phaseName} does not write it (writes ${phase.writes.join(', ')})`);
  }
});

test('every artifact a phase declares is one whose producer hint is a phase that writes it', async () => {
  for (const entry of PIPELINE) {
    if (!entry.load) continue;
    for (const name of (await entry.load()).writes) assert.match(PRODUCER[name], /^bug-hunter phase /, `${entry.name} writes ${name}`);
  }
});

test('a missing artifact names its producer in the error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bh-producer-'));
  try {
    assert.throws(() => readArtifact(dir, 'fix-report'), /Run 'bug-hunter phase fixer' first/);
    assert.throws(() => readArtifact(dir, 'fixer-scope'), /Run 'bug-hunter phase fix-plan' first/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
