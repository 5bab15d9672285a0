import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PIPELINE } from '../../src/driver/registry.ts';

// The fix group runs through runOptInGroup (src/driver/run-opt-in.ts); `repro --fix` end to end: test/commands/repro/repro-fix.test.ts.

test('a phase built with collaborators (create) declares what the same phase loaded without them declares', async () => {
  const creatable = PIPELINE.filter((entry) => entry.create);
  assert.ok(creatable.length > 0, 'at least one phase accepts collaborators');
  for (const entry of creatable) {
    const [built, loaded] = [await entry.create!({ fixTimeLimitMs: 1 }), await entry.load()];
    assert.equal(built.name, entry.name);
    assert.notEqual(built, loaded, `${entry.name}: create builds a new phase`);
    assert.deepEqual([built.reads, built.requires, built.writes, built.roles, built.viewFiles], [loaded.reads, loaded.requires, loaded.writes, loaded.roles, loaded.viewFiles], entry.name);
  }
});

test('the fix group is its opt-in entries in pipeline order, each after the producers of what it requires', async () => {
  const group = PIPELINE.filter((entry) => entry.optIn === 'fix');
  assert.ok(group.length >= 2, 'the fix group has the plan and the fixer');
  const written = new Set<string>();
  for (const entry of PIPELINE.slice(0, PIPELINE.indexOf(group[0]!))) for (const name of (await entry.load()).writes) written.add(name);
  for (const entry of group) {
    const phase = await entry.load();
    for (const name of phase.requires) assert.ok(written.has(name), `${entry.name} requires ${name}, written earlier`);
    for (const name of phase.writes) written.add(name);
  }
});
