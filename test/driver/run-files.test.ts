// The table of what a new run moves aside is written out for speed; it must say exactly what the declarations say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtDeclarations, supersededFiles } from '../../src/driver/run-artifacts.ts';
import { RUN_FILES } from '../../src/driver/run-files.ts';

test('the written-out table of run files equals what the phase declarations derive (update src/driver/run-files.ts when a phase reads or writes another artifact)', async () => {
  assert.deepEqual(RUN_FILES, supersededFiles(await builtDeclarations()));
});
