import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ArtifactName } from '../../src/artifacts/registry.ts';
import { supersededFiles } from '../../src/driver/run-artifacts.ts';
import { staleChain, type ArtifactRun, type RunView } from '../../src/driver/stale-phases.ts';

// A pipeline shaped like the real one: triage → plan → recon → hunter → skeptic → report, with deps reading triage
// only and verify (opt-in) read by the report when present.
const PIPE = [
  { name: 'triage', reads: [], requires: [], writes: ['triage'] },
  { name: 'plan', reads: ['triage'], requires: ['triage'], writes: ['adaptive-plan'] },
  { name: 'recon', reads: ['triage'], requires: ['triage'], writes: ['recon'] },
  { name: 'hunter', reads: ['triage', 'adaptive-plan', 'recon'], requires: ['triage', 'adaptive-plan'], writes: ['hunter-findings'] },
  { name: 'skeptic', reads: ['hunter-findings'], requires: ['hunter-findings'], writes: ['skeptic'] },
  { name: 'deps', reads: ['triage'], requires: ['triage'], writes: ['dep-findings'] },
  { name: 'verify', reads: ['hunter-findings'], requires: [], writes: ['verification-report'] },
  { name: 'report', reads: ['triage', 'adaptive-plan', 'hunter-findings', 'skeptic', 'verification-report', 'dep-findings'], requires: ['triage', 'adaptive-plan', 'hunter-findings', 'skeptic'], writes: ['scan-report'] },
] as const satisfies readonly { name: string; reads: readonly ArtifactName[]; requires: readonly ArtifactName[]; writes: readonly ArtifactName[] }[];

function view(done: string[], runs: Partial<Record<ArtifactName, ArtifactRun>> = {}, notInRun: string[] = ['verify']): RunView {
  const writers = new Map<ArtifactName, string>(PIPE.flatMap((p) => p.writes.map((w) => [w, p.name] as const)));
  return {
    inRun: (name) => !notInRun.includes(name),
    done: (name) => done.includes(name),
    artifactRun: (name) => runs[name] ?? (done.includes(writers.get(name) ?? '') ? 'this-run' : 'missing'),
  };
}

const ALL = PIPE.map((p) => p.name);

test('every input of this run: nothing to run first', () => {
  assert.equal(staleChain(PIPE, 'report', view(ALL), new Set()), null);
});

test('after a new triage, the report needs every phase it depends on, in pipeline order, itself last', () => {
  const chain = staleChain(PIPE, 'report', view(['triage']), new Set());
  assert.deepEqual(chain?.phases, ['plan', 'recon', 'hunter', 'skeptic', 'deps', 'report']);
  assert.equal(chain?.reason, 'phase plan has not run in this run');
});

test('a stale hunter takes the phases after it that read it, not those that do not', () => {
  const chain = staleChain(PIPE, 'report', view(ALL, { 'hunter-findings': 'other-run' }), new Set());
  assert.deepEqual(chain?.phases, ['hunter', 'skeptic', 'report']);
  assert.match(chain!.reason, /hunter-findings is another run's/);
});

test('a deleted required artifact is stale; a phase that does not read it is unaffected', () => {
  assert.deepEqual(staleChain(PIPE, 'skeptic', view(ALL, { 'hunter-findings': 'missing' }), new Set())?.phases, ['hunter', 'skeptic']);
  assert.equal(staleChain(PIPE, 'deps', view(ALL, { 'hunter-findings': 'missing' }), new Set()), null);
});

test('an opt-in phase the run does not take is no input; once in the run, it is', () => {
  const withoutVerify = view(ALL.filter((n) => n !== 'verify'));
  assert.equal(staleChain(PIPE, 'report', withoutVerify, new Set()), null);
  const withVerify = view(ALL.filter((n) => n !== 'verify'), {}, []);
  assert.deepEqual(staleChain(PIPE, 'report', withVerify, new Set())?.phases, ['verify', 'report']);
});

test('an artifact read across runs by design never makes its writer stale', () => {
  assert.equal(staleChain(PIPE, 'report', view(ALL, { 'dep-findings': 'other-run' }), new Set<ArtifactName>(['dep-findings'])), null);
});

test("a new run supersedes every artifact the phases read or write but the last report and the fixer's grant", () => {
  const files = supersededFiles([
    { reads: ['triage'], writes: ['threat-model'], viewFiles: ['threat-model.md'] },
    { reads: ['triage', 'verification-report', 'baseline'], writes: ['coverage', 'scan-report'], viewFiles: ['report.md', 'report.sarif'] },
    { reads: ['scan-report', 'fixer-scope'], writes: ['fix-plan', 'fixer-scope'] },
    { reads: ['fix-plan'], writes: ['fix-report'], viewFiles: ['report.md'] },
  ]);
  assert.deepEqual(files.artifacts, ['baseline', 'fix-plan', 'fix-report', 'threat-model', 'triage', 'verification-report']);
  assert.deepEqual(files.views, ['threat-model.md']);
});
