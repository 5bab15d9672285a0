// The "Run '…' first" hint of a missing or invalid artifact is derived from the phase declarations: it names the
// phase that declares the artifact among its writes, or, for an artifact no phase writes, a real CLI command or, for
// the maintainers' benchmark report, a real package script (main once advised "bug-hunter phase fix-report", a phase
// that does not exist).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, type ArtifactName } from '../../src/artifacts/registry.ts';
import { artifactPath, readArtifact } from '../../src/artifacts/store.ts';
import { COMMANDS } from '../../src/commands/index.ts';
import { COMMAND_PRODUCERS, producerOf, producingPhases, withRerunHint } from '../../src/driver/hints.ts';
import { findPhase } from '../../src/driver/registry.ts';

const PACKAGE_SCRIPTS = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;

test('every artifact has a producer hint, and it names a built phase that writes it or a real command', async () => {
  for (const name of Object.keys(ARTIFACTS) as ArtifactName[]) {
    const hint = await producerOf(name);
    assert.ok(hint, `${name} has no producer`);
    const phaseName = /^bug-hunter phase (\S+)$/.exec(hint)?.[1];
    if (phaseName) {
      const entry = findPhase(phaseName);
      assert.ok(entry?.load, `${name}: '${hint}' names no built phase`);
      // state.json and ledger.json are written beside a phase (the run's start, the target's memory), not by it.
      if (!COMMAND_PRODUCERS[name]) assert.ok((await entry.load()).writes.includes(name), `${name}: phase ${phaseName} does not write it`);
      continue;
    }
    const script = /^pnpm (\S+)$/.exec(hint)?.[1];
    if (script) {
      assert.ok(Object.hasOwn(PACKAGE_SCRIPTS, script), `${name}: '${hint}' names no package script`);
      continue;
    }
    const command = /^bug-hunter (\S+)/.exec(hint)?.[1];
    assert.ok(COMMANDS.some((c) => c.name === command), `${name}: '${hint}' names no command`);
  }
});

test('no artifact has two producers: at most one phase declares it among its writes', async () => {
  for (const name of Object.keys(ARTIFACTS) as ArtifactName[]) {
    const phases = await producingPhases(name);
    assert.ok(phases.length <= 1, `${name} is written by ${phases.join(' and ')}`);
  }
});

test('an artifact a phase declares is never also listed as a command\'s', async () => {
  for (const name of Object.keys(COMMAND_PRODUCERS) as ArtifactName[]) {
    assert.deepEqual(await producingPhases(name), [], `${name} is declared by a phase and listed as a command's`);
  }
});

test('a missing or invalid artifact read outside a phase gets the hint of the phase that writes it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bh-producer-'));
  try {
    const missing = (name: ArtifactName) => withRerunHint(catching(() => readArtifact(dir, name)));
    assert.match(String(await missing('fix-report')), /fix-report\.json is missing\. Run 'bug-hunter phase fixer' first\./);
    assert.match(String(await missing('fixer-scope')), /Run 'bug-hunter phase fix-plan' first/);
    assert.match(String(await missing('suppressions')), /Run 'bug-hunter dismiss' first/);
    writeFileSync(artifactPath(dir, 'skeptic'), '{');
    assert.match(String(await missing('skeptic')), /skeptic\.json is not valid JSON .*Re-run 'bug-hunter phase skeptic' or delete the file\./);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function catching(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  assert.fail('expected the read to throw');
}
