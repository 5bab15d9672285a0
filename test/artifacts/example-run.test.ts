import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ARTIFACTS, type ArtifactName } from '../../src/artifacts/registry.ts';
import { parseArtifact } from '../../src/artifacts/store.ts';
import { parseConfig } from '../../src/engines/config/load.ts';

const dir = fileURLToPath(new URL('../../.bug-hunter.example/', import.meta.url));
const byFile = new Map<string, ArtifactName>(Object.entries(ARTIFACTS).map(([name, a]) => [a.file, name as ArtifactName]));

test('every artifact in .bug-hunter.example/ is schema-valid (refresh with pnpm example:refresh)', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const checked = files.filter((f) => byFile.has(f));
  for (const file of checked) parseArtifact(byFile.get(file)!, readFileSync(join(dir, file), 'utf8'), file);
  for (const required of ['triage.json', 'adaptive-plan.json', 'recon.json', 'retrieval-plan.json', 'hunter-findings.json', 'skeptic.json', 'referee.json', 'scan-report.json', 'coverage.json', 'state.json']) {
    assert.ok(checked.includes(required), `${required} is missing from .bug-hunter.example/`);
  }
});

test('the example config is valid and selects the static engine', () => {
  const config = parseConfig(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')), 'config.json', dir);
  assert.equal(config.roles.hunter.provider, 'static');
});

test('the example run confirms findings and reports them in markdown and SARIF', () => {
  const report = parseArtifact('scan-report', readFileSync(join(dir, 'scan-report.json'), 'utf8'), 'scan-report.json');
  assert.ok(report.findings.some((f) => f.verdict === 'confirmed'));
  assert.match(readFileSync(join(dir, 'report.md'), 'utf8'), /Confirmed findings/);
  assert.equal(JSON.parse(readFileSync(join(dir, 'report.sarif'), 'utf8')).version, '2.1.0');
});
