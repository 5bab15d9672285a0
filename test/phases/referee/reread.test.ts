// The referee re-reads the source for the severities the plan's profile names (modes/profiles.json
// rereadSeverities), not a hard-coded critical/high: on the demo API, assurance re-reads the medium finding too.
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { tempDir } from '../../helpers/temp.ts';

const DEMO = fileURLToPath(new URL('../../../examples/demo-api', import.meta.url));

for (const [profile, expected] of [
  ['fast', ['critical']],
  ['balanced', ['critical', 'high']],
  ['assurance', ['critical', 'high', 'medium']],
] as const) {
  test(`profile ${profile}: the referee re-reads exactly the ${expected.join(', ')} findings`, async (t) => {
    const dir = tempDir(t, 'bh-reread-');
    cpSync(DEMO, dir, { recursive: true, filter: (p) => !p.includes('.bug-hunter') });
    const result = await runScan({ target: dir, options: { profile } });
    assert.deepEqual(readArtifact(result.outDir, 'adaptive-plan').limits.rereadSeverities, [...expected]);
    const verdicts = readArtifact(result.outDir, 'referee').verdicts.filter((v) => v.verdict !== 'unreviewed');
    assert.ok(new Set(verdicts.map((v) => v.severity)).size >= 3, 'the demo has critical, high and medium findings');
    for (const v of verdicts) assert.equal(v.reread, (expected as readonly string[]).includes(v.severity), `${v.findingId} (${v.severity})`);
  });
}
