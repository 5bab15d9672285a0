import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact, writeArtifact } from '../../../src/artifacts/store.ts';
import { createReproPhase } from '../../../src/phases/repro/index.ts';
import { phaseContext } from '../../engines/verify/helpers.ts';
import { buggyProject, scriptedWriter } from '../../engines/repro/helpers.ts';
import { CART_FINDING, finding } from '../../helpers/builders.ts';

test('the repro phase promotes a proven finding to T1 under repro/<id>/ and skips, as T2, without a tester', async () => {
  const project = buggyProject();
  try {
    const ctx = phaseContext(project.dir);
    const bug = finding('BH-0000cccc', { claim: 'total skips the first item', startLine: 3 }, CART_FINDING);
    const header = (name: 'hunter-findings' | 'referee') => ({ schemaVersion: 1 as const, artifact: name, run: ctx.identity, generatedAt: new Date().toISOString() });
    writeArtifact(ctx.outDir, 'hunter-findings', { ...header('hunter-findings'), artifact: 'hunter-findings', findings: [bug], chunks: [] });
    writeArtifact(ctx.outDir, 'referee', { ...header('referee'), artifact: 'referee', verdicts: [{ findingId: bug.id, verdict: 'confirmed', severity: 'medium', confidence: 0.9, reasoning: 'off by one', reread: true, engine: 'static' }] });

    await createReproPhase().run(ctx);
    assert.deepEqual(readArtifact(ctx.outDir, 'reproductions').reproductions.map((r) => [r.outcome, r.tier]), [['skipped', 'T2']]);

    const writer = scriptedWriter(["test('sums all', () => { assert.equal(cart.total([{ price: 10 }, { price: 20 }]), 30, `${process.env.BUG_HUNTER_MARKER}: first item skipped`); });"]);
    await createReproPhase({ writer }).run(ctx);
    const [repro] = readArtifact(ctx.outDir, 'reproductions').reproductions;
    assert.equal(repro?.outcome, 'reproduced', repro?.reason);
    assert.equal(repro?.tier, 'T1');
    assert.equal(repro?.dir, 'repro/BH-0000cccc/');
    assert.ok(existsSync(join(ctx.outDir, 'repro', 'BH-0000cccc', 'README.md')));
  } finally {
    project.cleanup();
  }
});
