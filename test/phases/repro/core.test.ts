// The repro phase's pure core: only confirmed findings are reproduced, no tester means skipped at T2, and what an
// attempt leaves in reproductions.json (no raw output; a promoted one with its folder and command).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingsToReproduce, recordedReproduction, reproductionLine, skippedReproduction } from '../../../src/phases/repro/core.ts';
import { hunterOf, refereeOf } from '../../engines/report/helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';

const A = makeFinding({ file: 'src/a.ts', symbol: 'a', subject: 'id', line: 1, quote: 'a' });
const B = makeFinding({ file: 'src/b.ts', symbol: 'b', subject: 'id', line: 1, quote: 'b' });
const C = makeFinding({ file: 'src/c.ts', symbol: 'c', subject: 'id', line: 1, quote: 'c' });

test('only the findings the referee confirmed are reproduced, in the hunter order', () => {
  const referee = refereeOf({ [A.id]: 'confirmed', [B.id]: 'manual-review', [C.id]: 'confirmed' }, [C, B, A]);
  assert.deepEqual(findingsToReproduce(referee, hunterOf([A, B, C], [])).map((f) => f.id), [A.id, C.id]);
  assert.deepEqual(findingsToReproduce(refereeOf({ [A.id]: 'dismissed' }, [A]), hunterOf([A], [])), []);
});

test('without a tester the finding is skipped, stays T2 and says why', () => {
  assert.deepEqual(skippedReproduction(A), { findingId: A.id, outcome: 'skipped', reason: 'unknown: no tester model configured', attempts: 0, tier: 'T2' });
});

test('an attempt is recorded without its raw output; a promoted one gains its folder and command', () => {
  const result = { findingId: A.id, outcome: 'reproduced' as const, reason: 'failed for the bug’s own reason, twice', attempts: 2, tier: 'T1' as const, lastOutput: 'AssertionError: BH-REPRO', proven: { signature: {} } };
  const promoted = recordedReproduction(result, { dir: `repro/${A.id}/`, command: `sh .bug-hunter/repro/${A.id}/run.sh` });
  assert.deepEqual(promoted, { findingId: A.id, outcome: 'reproduced', reason: 'failed for the bug’s own reason, twice', attempts: 2, tier: 'T1', dir: `repro/${A.id}/`, command: `sh .bug-hunter/repro/${A.id}/run.sh` });
  const notReproduced = recordedReproduction({ findingId: B.id, outcome: 'not-reproduced', reason: 'not reproduced: wrong failure', attempts: 3, lastOutput: 'TypeError' });
  assert.deepEqual(notReproduced, { findingId: B.id, outcome: 'not-reproduced', reason: 'not reproduced: wrong failure', attempts: 3 });
  assert.equal(reproductionLine(notReproduced), `repro ${B.id}: not-reproduced after 3 attempt(s) — not reproduced: wrong failure`);
});
