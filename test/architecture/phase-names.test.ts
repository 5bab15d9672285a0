import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PIPELINE } from '../../src/driver/registry.ts';
import { EXEMPT, exemptFor, phaseNameUses } from './phase-names.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const PHASE_NAMES = new Set(PIPELINE.map((p) => p.name));

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return /\.[cm]?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

test('no code in src/ names a phase outside that phase\'s folder and the registry', () => {
  const uses = modulesUnder(SRC).flatMap((path) => phaseNameUses(relative(SRC, path).split(sep).join('/'), readFileSync(path, 'utf8'), PHASE_NAMES));
  const lines = uses.map((u) => `src/${u.file}:${u.line} '${u.name}' in: ${u.context}`);
  assert.deepEqual(lines, [], `string literals equal to a phase name (declare the step on the phase or in the registry instead; exemptions in test/architecture/phase-names.ts):\n${lines.join('\n')}`);
});

test('a phase name compared, listed or passed outside its folder is found; inside a longer string it is not', () => {
  const names = new Set(['report', 'plan']);
  const code = [
    "if (entry.name === 'report') prepare();",
    "const wanted = ['plan'];",
    "run(step, 'report');",
    "log.info(`run 'bug-hunter phase report' first`);",
    "const message = 'phase report failed';",
  ].join('\n');
  assert.deepEqual(phaseNameUses('driver/scan.ts', code, names).map((u) => [u.line, u.name]), [[1, 'report'], [2, 'plan'], [3, 'report']]);
  assert.deepEqual(phaseNameUses('phases/report/index.ts', code, names).map((u) => u.name), ['plan'], "the report phase's folder may name the report phase, not another");
});

test('a literal of another vocabulary is not a phase name: a type, a property name, a typed literal, an argument of a library below the phases', () => {
  const names = new Set(['triage', 'recon']);
  const code = [
    "import { readArtifact } from '../../artifacts/store.ts';",
    "import { localHelper } from './helper.ts';",
    "type Kept = Pick<Inputs, 'triage'>;",
    "const reads = { triage: 'required', 'recon': 'optional' };",
    "const role = 'recon' satisfies Role;",
    "const triage = readArtifact(outDir, 'triage');",
    "localHelper('triage');",
    "const listed = ['recon'] as const;",
  ].join('\n');
  assert.deepEqual(phaseNameUses('commands/merge/merge.ts', code, names).map((u) => [u.line, u.name]), [[7, 'triage'], [8, 'recon']]);
});

test('every exemption is an existing file or folder of src/, with a reason', () => {
  for (const [path, reason] of Object.entries(EXEMPT)) {
    assert.ok(reason.length > 20, `${path}: say why it may name a phase`);
    const all = modulesUnder(SRC).map((p) => relative(SRC, p).split(sep).join('/'));
    assert.ok(all.some((f) => (path.endsWith('/') ? f.startsWith(path) : f === path)), `src/${path} does not exist`);
  }
  assert.ok(exemptFor('phases/hunter/index.ts', 'hunter') && !exemptFor('phases/hunter/index.ts', 'skeptic'));
});
