import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emitSchemas, staleSchemas } from '../../src/artifacts/emit.ts';
import { artifactNames } from '../../src/artifacts/registry.ts';

test('the checked-in schemas/ match the TypeBox definitions (run pnpm schemas:emit when this fails)', () => {
  assert.deepEqual(staleSchemas(fileURLToPath(new URL('../../schemas/', import.meta.url))), []);
});

test('a hand-edited schema file is reported stale', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bh-schemas-'));
  try {
    emitSchemas(dir);
    assert.deepEqual(staleSchemas(dir), []);
    writeFileSync(join(dir, 'triage.schema.json'), '{}');
    assert.deepEqual(staleSchemas(dir), ['triage.schema.json']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every artifact named in the design has a schema', () => {
  const names = artifactNames();
  for (const name of ['triage', 'adaptive-plan', 'recon', 'threat-model', 'retrieval-plan', 'hunter-findings', 'skeptic', 'referee', 'verification-report', 'scan-report', 'coverage', 'fix-strategy', 'fix-plan', 'fixer-scope', 'fix-report', 'state']) {
    assert.ok(names.includes(name as never), `${name} has no schema`);
  }
});
