// definePhase: the driver loads exactly the declared inputs (validated) and hands them to the phase, and writes the
// outputs the phase returns with the run-identity header and schema version, views first; an output the phase
// does not declare is refused and nothing is written; the phase may ask the model session only for its declared roles.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { artifactPath, readArtifact } from '../../src/artifacts/store.ts';
import { definePhase } from '../../src/phase-kit/define-phase.ts';
import { UndeclaredRoleError } from '../../src/phase-kit/roles.ts';
import { PhaseError } from '../../src/foundations/errors.ts';
import type { CompleteRequest, CompleteResult, ModelClient, Role } from '../../src/engines/models/types.ts';
import { modelFor, type PhaseContext } from '../../src/phase-kit/types.ts';
import { gitRepo } from '../helpers/temp.ts';
import { phaseContext } from '../phases/triage/context.ts';
import { triagePhase } from '../../src/phases/triage/index.ts';
import { asDriverRuns } from '../helpers/as-driver-runs.ts';

const notes = (text: string) => ({ budgets: { source: 'default' as const, maxFiles: 1, maxTokens: 1 }, index: { files: 0, precise: 0, fallback: 0, millis: 0, unindexed: [] }, notes: [text], chunks: [] });

test('the phase gets its declared inputs, and its output is written with the header the driver stamps', async (t) => {
  const ctx = phaseContext(gitRepo(t, { 'a.js': 'export const a = 1;\n' }));
  await triagePhase.run(ctx);
  let seen: unknown;
  const phase = definePhase({
    name: 'probe',
    summary: 'test phase',
    reads: { triage: 'required', recon: 'optional' },
    writes: ['retrieval-plan'],
    roles: [],
    views: [{ file: 'probe.md', render: (w) => `notes: ${w['retrieval-plan']?.notes.join(',')} of ${w['retrieval-plan']?.run.runId}\n` }],
    async run(_ctx, inputs) {
      seen = { files: inputs.triage.files.map((f) => f.path), recon: inputs.recon, frozen: Object.isFrozen(inputs.triage.files[0]) };
      return { 'retrieval-plan': notes('hello') };
    },
  });
  const written = await phase.run(ctx);
  // Inputs are shared with every phase reading the same bytes: frozen (test/artifacts/store.test.ts).
  assert.deepEqual(seen, { files: ['a.js'], recon: undefined, frozen: true });
  const onDisk = readArtifact(ctx.outDir, 'retrieval-plan');
  assert.deepEqual(onDisk, written['retrieval-plan']);
  assert.deepEqual(Object.keys(onDisk).slice(0, 4), ['schemaVersion', 'artifact', 'run', 'generatedAt']);
  assert.equal(onDisk.artifact, 'retrieval-plan');
  assert.deepEqual(onDisk.run, ctx.identity);
  assert.equal(readFileSync(join(ctx.outDir, 'probe.md'), 'utf8'), `notes: hello of ${ctx.identity.runId}\n`);
  assert.deepEqual(phase.requires, ['triage']);
  assert.deepEqual(phase.reads, ['triage', 'recon']);
});

test('an invalid declared input fails before the phase runs, with the hint of the phase that writes it', async (t) => {
  const ctx = phaseContext(gitRepo(t, { 'a.js': 'export const a = 1;\n' }));
  writeFileSync(artifactPath(ctx.outDir, 'triage'), '{"schemaVersion": 1}');
  let ran = false;
  const phase = definePhase({ name: 'probe', summary: '', reads: { triage: 'optional' }, writes: [], roles: [], run: async () => ((ran = true), {}) });
  await assert.rejects(asDriverRuns(phase.run(ctx)), /triage\.json is not valid .*Re-run 'bug-hunter phase triage' or delete the file\./);
  assert.equal(ran, false);
});

test("another run's input is no input: an optional one is absent, a required one refuses the phase, naming the run and the phase to run", async (t) => {
  const ctx = phaseContext(gitRepo(t, { 'a.js': 'export const a = 1;\n' }));
  await triagePhase.run(ctx);
  const later = { ...ctx, identity: { ...ctx.identity, runId: 'a-later-run' } };
  let seen: unknown = 'not run';
  const optional = definePhase({ name: 'probe', summary: '', reads: { triage: 'optional' }, writes: [], roles: [], run: async (_ctx, inputs) => ((seen = inputs.triage), {}) });
  await optional.run(later);
  assert.equal(seen, undefined, "the other run's triage is not handed to the phase");
  seen = 'not run';
  const required = definePhase({ name: 'probe', summary: '', reads: { triage: 'required' }, writes: [], roles: [], run: async (_ctx, inputs) => ((seen = inputs.triage), {}) });
  await assert.rejects(asDriverRuns(required.run(later)), new RegExp(`triage\\.json belongs to another run than run a-later-run \\(run id \\(${ctx.identity.runId} → a-later-run\\) differ\\)\\. Run 'bug-hunter phase triage' first\\.`));
  assert.equal(seen, 'not run');
  await required.run(ctx);
  assert.equal((seen as unknown as { run: { runId: string } }).run.runId, ctx.identity.runId, "the run's own triage is read");
});

test('an output the phase does not declare, or one that fails its schema, is refused and nothing is written', async (t) => {
  const ctx = phaseContext(gitRepo(t, { 'a.js': 'export const a = 1;\n' }));
  const before = readdirSync(ctx.outDir);
  const undeclared = definePhase({ name: 'probe', summary: '', reads: {}, writes: ['retrieval-plan'], roles: [], run: async () => ({ 'retrieval-plan': notes('x'), skeptic: { reviews: [] } }) as never });
  await assert.rejects(undeclared.run(ctx), (e: unknown) => e instanceof PhaseError && /returned skeptic, which it does not declare/.test(e.message));
  const invalid = definePhase({
    name: 'probe',
    summary: '',
    reads: {},
    writes: ['skeptic', 'retrieval-plan'],
    roles: [],
    views: [{ file: 'probe.md', render: () => 'view\n' }],
    run: async () => ({ 'retrieval-plan': notes('x'), skeptic: { reviews: [{ findingId: 'nope' }] } }) as never,
  });
  await assert.rejects(invalid.run(ctx), /Refusing to write .*skeptic\.json/);
  assert.deepEqual(readdirSync(ctx.outDir), before);
  assert.equal(existsSync(join(ctx.outDir, 'probe.md')), false);
});

// A stand-in for the run's model session (a real provider needs the network): it records which roles reached it.
function recordingClient(): ModelClient & { asked: Role[] } {
  const asked: Role[] = [];
  return {
    asked,
    complete: async <T>(req: CompleteRequest<T>): Promise<CompleteResult<T>> => {
      asked.push(req.role);
      return { value: {} as T, usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0, model: 'stand-in', provider: 'stand-in', attempts: 1 };
    },
  };
}

const ALL_ROLES: ReadonlySet<Role> = new Set(['recon', 'hunter', 'skeptic', 'referee', 'tester', 'fixer']);
const ask = (ctx: PhaseContext, role: Role) => ctx.models!.complete({ role, system: '', prompt: '', schema: Type.Object({}), schemaName: 'probe' });

test('a phase sees only the model roles it declares, and the session serves it those', async (t) => {
  const client = recordingClient();
  const ctx = { ...phaseContext(gitRepo(t, { 'a.js': 'export const a = 1;\n' })), models: client, modelRoles: ALL_ROLES };
  let served: { referee: boolean; roles: Role[] } | undefined;
  const phase = definePhase({
    name: 'probe',
    summary: '',
    reads: {},
    writes: [],
    roles: ['referee'],
    async run(inner) {
      served = { referee: modelFor(inner, 'referee') !== undefined, roles: [...(inner.modelRoles ?? [])] };
      await ask(inner, 'referee');
      return {};
    },
  });
  await phase.run(ctx);
  assert.deepEqual(served, { referee: true, roles: ['referee'] });
  assert.deepEqual(client.asked, ['referee']);
});

test('asking for a role the phase does not declare is refused, naming the phase and the role, and no model is asked', async (t) => {
  const client = recordingClient();
  const ctx = { ...phaseContext(gitRepo(t, { 'a.js': 'export const a = 1;\n' })), models: client, modelRoles: ALL_ROLES };
  const named = /Phase 'probe' asked the model session for the 'hunter' role, which it does not declare in its roles \(referee\)/;
  const viaModelFor = definePhase({ name: 'probe', summary: '', reads: {}, writes: [], roles: ['referee'], run: async (inner) => (modelFor(inner, 'hunter'), {}) });
  await assert.rejects(viaModelFor.run(ctx), (e: unknown) => e instanceof UndeclaredRoleError && named.test(e.message));
  const direct = definePhase({ name: 'probe', summary: '', reads: {}, writes: [], roles: ['referee'], run: async (inner) => (await ask(inner, 'hunter'), {}) });
  await assert.rejects(direct.run(ctx), named);
  const none = definePhase({ name: 'probe', summary: '', reads: {}, writes: [], roles: [], run: async (inner) => (modelFor(inner, 'fixer'), {}) });
  await assert.rejects(none.run(ctx), /'fixer' role, which it does not declare in its roles \(none\)/);
  assert.deepEqual(client.asked, []);
});
