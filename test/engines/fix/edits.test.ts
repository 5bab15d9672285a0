import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ScopeEntry } from '../../../src/artifacts/schemas/fix.ts';
import { applyEdits } from '../../../src/engines/fix/edits.ts';
import { changeStats, gateViolation, unifiedDiff } from '../../../src/engines/fix/gates.ts';
import { DEFAULT_GATES } from '../../../src/engines/fix/plan.ts';
import { BREAKS_SUITE, CLAMP, GOOD, OUT_OF_SCOPE } from './helpers.ts';

const entry: ScopeEntry = { clusterId: 'C1', bugIds: ['BH-00000001'], files: [{ path: 'src/clamp.js', ranges: [{ start: 3, end: 3 }] }], gates: DEFAULT_GATES };
const files: Record<string, string> = { 'src/clamp.js': CLAMP, 'package.json': '{}', 'src/other.js': 'x\n' };
const read = (p: string) => files[p] ?? null;

test('an edit inside the scoped range applies and yields a unified diff', () => {
  const out = applyEdits([GOOD], entry, 3, read);
  assert.ok(out.ok);
  const after = out.files.get('src/clamp.js')!.after;
  assert.match(after, /if \(x > hi\) return hi;/);
  assert.match(unifiedDiff(out.files), /^--- a\/src\/clamp\.js\n\+\+\+ b\/src\/clamp\.js\n@@ .*\n(.*\n)*-  if \(x > hi\) return lo;\n\+  if \(x > hi\) return hi;/m);
  assert.deepEqual(changeStats(out.files), { files: 1, added: 1, removed: 1 });
});

test('edits outside the line ranges, outside the files, on new files or on manifests are rejected', () => {
  const outside = applyEdits([OUT_OF_SCOPE], entry, 3, read);
  assert.deepEqual(outside.ok ? null : [outside.kind, /lines 8-8 are outside the allowed ranges 3-3 \(±3\)/.test(outside.reason)], ['rejected', true]);
  const otherFile = applyEdits([{ file: 'src/other.js', search: 'x', replace: 'y' }], entry, 3, read);
  assert.match(otherFile.ok ? '' : otherFile.reason, /outside the fixer scope/);
  const manifest = applyEdits([{ file: 'package.json', search: '{}', replace: '{"dependencies":{"evil":"1"}}' }], { ...entry, files: [...entry.files, { path: 'package.json', ranges: [{ start: 1, end: 1 }] }] }, 3, read);
  assert.match(manifest.ok ? '' : manifest.reason, /dependency manifest or lockfile/);
  const created = applyEdits([{ file: 'src/new.js', search: 'a', replace: 'b' }], { ...entry, files: [{ path: 'src/new.js', ranges: [{ start: 1, end: 1 }] }] }, 3, read);
  assert.match(created.ok ? '' : created.reason, /creates a new file/);
});

test('a search block that is missing or ambiguous is an invalid edit, not a guess', () => {
  const missing = applyEdits([{ file: 'src/clamp.js', search: 'nope', replace: '' }], entry, 3, read);
  assert.equal(missing.ok ? null : missing.kind, 'invalid-edit');
  const twice = applyEdits([{ file: 'src/clamp.js', search: 'return', replace: 'yield' }], entry, 3, read);
  assert.match(twice.ok ? '' : twice.reason, /more than once/);
});

test('change gates: deletions beyond the net gate are refused', () => {
  const out = applyEdits([BREAKS_SUITE], entry, 3, read);
  assert.ok(out.ok);
  assert.equal(gateViolation(changeStats(out.files), DEFAULT_GATES), null);
  assert.match(gateViolation({ files: 1, added: 0, removed: 16 }, DEFAULT_GATES) ?? '', /16 net lines deleted \(gate 15\)/);
  assert.match(gateViolation({ files: 16, added: 1, removed: 0 }, DEFAULT_GATES) ?? '', /16 files changed/);
  assert.match(gateViolation({ files: 1, added: 300, removed: 201 }, DEFAULT_GATES) ?? '', /501 lines changed/);
  assert.match(gateViolation({ files: 1, added: 30, removed: 41 }, DEFAULT_GATES) ?? '', /41 lines deleted \(gate 40\)/);
});
