import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MODES_DIR, loadModes } from '../../../src/engines/modes/load.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { tempDir } from '../../helpers/temp.ts';

// The data files are edited as plain JSON on purpose (to break them), so `any` is the honest type here.
function copyModes(dir: string, edit: { profiles?: (v: any) => void; modes?: (v: any) => void } = {}): void {
  const profiles = JSON.parse(readFileSync(join(DEFAULT_MODES_DIR, 'profiles.json'), 'utf8'));
  const modes = JSON.parse(readFileSync(join(DEFAULT_MODES_DIR, 'execution-modes.json'), 'utf8'));
  edit.profiles?.(profiles);
  edit.modes?.(modes);
  writeFileSync(join(dir, 'profiles.json'), JSON.stringify(profiles));
  writeFileSync(join(dir, 'execution-modes.json'), JSON.stringify(modes));
}

test('the shipped modes/ data loads: three profiles, every execution mode', () => {
  const data = loadModes();
  assert.deepEqual(Object.keys(data.profiles.profiles).sort(), ['assurance', 'balanced', 'fast']);
  assert.equal(data.profiles.profiles.fast.refuters, 1);
  assert.equal(data.profiles.profiles.balanced.refuters, 3);
  assert.equal(data.profiles.profiles.assurance.refuters, 3);
  assert.deepEqual(
    [...data.executionModes.sizeModes.map((m) => m.name), data.executionModes.localSequential.name],
    ['single-file', 'small', 'parallel', 'extended', 'scaled', 'large-codebase', 'local-sequential'],
  );
});

test('a broken modes file is a usage error naming the file and the problem', (t) => {
  const dir = tempDir(t);
  copyModes(dir);
  writeFileSync(join(dir, 'profiles.json'), '{ "profiles": ');
  assert.throws(() => loadModes(dir), (e: Error) => e instanceof UsageError && e.message.includes(join(dir, 'profiles.json')) && /cannot be read/.test(e.message));

  copyModes(dir, { profiles: (p) => (p.profiles.fast.lenses = ['telepathy']) });
  assert.throws(() => loadModes(dir), /profiles\.json is not valid \(\/profiles\/fast\/lenses\/0/);

  copyModes(dir, { modes: (m) => (m.sizeModes[0].concurrency = 0) });
  assert.throws(() => loadModes(dir), /execution-modes\.json is not valid \(\/sizeModes\/0\/concurrency/);
});

test('size modes must all be present, once, ending in a catch-all', (t) => {
  const dir = tempDir(t);
  copyModes(dir, { modes: (m) => m.sizeModes.splice(1, 1) });
  assert.throws(() => loadModes(dir), /size modes missing: small/);
  copyModes(dir, { modes: (m) => (m.sizeModes.at(-1).when = { maxChunks: 999 }) });
  assert.throws(() => loadModes(dir), /must have an empty "when"/);
  copyModes(dir, { modes: (m) => m.sizeModes.push(m.sizeModes[0]) });
  assert.throws(() => loadModes(dir), /repeated: single-file/);
});
