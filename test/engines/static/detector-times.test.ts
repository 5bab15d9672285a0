// The engine's opt-in CPU attribution (pnpm bench:static --detectors): off, a scan records nothing; on, each stage and
// each detector that ran on a file is charged once per file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse, clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { detectorTimes, recordDetectorTimes } from '../../../src/engines/static/detector-times.ts';

const file = (n: number) => ({
  path: `src/f${n}.js`, language: 'javascript', isTest: false,
  content: `const { exec } = require('child_process');\nmodule.exports = function run${n}(cmd) { exec('ls ' + cmd); };\n`,
});

test('detector times are recorded only while turned on, per stage and per detector that ran', () => {
  recordDetectorTimes(false);
  clearAnalysisMemo();
  analyse(file(1));
  assert.deepEqual(detectorTimes(), []);
  recordDetectorTimes(true);
  try {
    analyse(file(2));
    analyse(file(3));
    const times = new Map(detectorTimes().map((t) => [t.name, t]));
    assert.equal(times.get('<parse>')?.files, 2);
    assert.equal(times.get('<prefilters>')?.files, 2);
    assert.equal(times.get('command-injection')?.files, 2, [...times.keys()].join(', '));
    assert.ok(!times.has('sql-injection'), 'a detector whose prefilter failed is not charged');
    assert.ok([...times.values()].every((t) => t.cpuMs >= 0));
  } finally {
    recordDetectorTimes(false);
    clearAnalysisMemo();
  }
  assert.deepEqual(detectorTimes(), []);
});
