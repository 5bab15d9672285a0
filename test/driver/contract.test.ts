// Issue #12 item 1 (part): a phase may read and write only the artifacts it declares. The driver runs each phase
// under its declaration; an undeclared read or write fails that phase at once, naming the phase and the artifact.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { underContract } from '../../src/artifacts/contract.ts';
import { hasArtifact, readArtifactIfPresent, writeArtifact } from '../../src/artifacts/store.ts';
import { PhaseError } from '../../src/foundations/errors.ts';
import { tempDir } from '../helpers/temp.ts';

const contract = { phase: 'skeptic', reads: ['triage', 'hunter-findings'], writes: ['skeptic'] } as const;

test('an undeclared read fails the phase and names the phase and the artifact', async (t) => {
  const outDir = tempDir(t);
  await assert.rejects(
    underContract(contract, async () => readArtifactIfPresent(outDir, 'retrieval-plan')),
    (e: unknown) => e instanceof PhaseError && /Phase 'skeptic' read the retrieval-plan artifact without declaring it/.test(e.message),
  );
  await assert.rejects(underContract(contract, async () => hasArtifact(outDir, 'recon')), PhaseError);
});

test('declared reads, the phase\'s own outputs and the driver\'s state are allowed; outside a phase nothing is checked', async (t) => {
  const outDir = tempDir(t);
  await underContract(contract, async () => {
    assert.equal(readArtifactIfPresent(outDir, 'triage'), undefined);
    assert.equal(hasArtifact(outDir, 'skeptic'), false);
    assert.equal(hasArtifact(outDir, 'state'), false);
  });
  assert.equal(readArtifactIfPresent(outDir, 'retrieval-plan'), undefined);
});

test('an undeclared write is refused before anything is written', async (t) => {
  const outDir = tempDir(t);
  // The value is never looked at: the declaration check comes first.
  const write = () => writeArtifact(outDir, 'referee', {} as never);
  await assert.rejects(underContract(contract, async () => write()), /Phase 'skeptic' wrote the referee artifact without declaring it in its writes \(skeptic\)/);
  assert.equal(hasArtifact(outDir, 'referee'), false);
});
