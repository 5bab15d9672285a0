// The threat-model refinement end to end, on by default with a recon model: that model (the fake server on 127.0.0.1,
// driven by the real OpenAI SDK) refines demo-api's threat model; only entries whose citations hold are applied, the
// rest are counted in the notes; the call is charged in usage.json. A recorded refinement replays to the same model;
// a malformed answer or a spent budget leaves the deterministic model, and the run says so and goes on;
// --no-refine-threat-model makes no call; --refine-threat-model without a recon model is a usage error.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { ThreatModel } from '../../../src/artifacts/schemas/threat-model.ts';
import { readUsage, usagePath } from '../../../src/engines/budget/ledger.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { installTranscripts, writeConfig } from '../../funnel/demo.ts';
import { recordingLogger } from '../../funnel/helpers.ts';
import { messagesOf } from '../../funnel/scripted-model.ts';
import { startFakeServer, type FakeServer, type SeenRequest } from '../../engines/models/fixtures/fake-server.ts';
import { runCli } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';

const DEMO = fileURLToPath(new URL('../../../examples/demo-api/', import.meta.url));
const FILES = 'src/routes/files.js';
const filesSource = readFileSync(join(DEMO, FILES), 'utf8').split('\n');
/** The 1-based line of demo-api's files router that contains `text`, and that line. */
const cite = (text: string) => {
  const i = filesSource.findIndex((l) => l.includes(text));
  assert.ok(i >= 0, text);
  return { file: FILES, line: i + 1, quote: filesSource[i]!.trim() };
};

function demoCopy(t: TestContext, recon: Record<string, unknown>): string {
  const dir = tempDir(t, 'bh-refine-');
  cpSync(DEMO, dir, { recursive: true, filter: (p) => !p.includes('.bug-hunter') });
  writeConfig(dir, recon);
  return dir;
}

const reconOnly = (url: string) => ({
  providers: { fake: { type: 'openai-compatible', baseURL: url, structuredOutput: 'strict', concurrency: 1 } },
  roles: { recon: { provider: 'fake', model: 'threat-refiner' } },
  retries: { maxAttempts: 1 },
});

/** The refiner stand-in: reads the flow ids from the model in the prompt, and answers what the demo's source supports plus three entries that do not hold. */
function refiner(req: SeenRequest) {
  const { system, user } = messagesOf(req.body);
  assert.match(system, /^# Threat model — refinement/);
  const model = JSON.parse(user.slice(user.indexOf('{'), user.indexOf('\n\nThe source it was built from:'))) as { flows: Array<{ id: string; at: string }>; assets: Array<{ id: string; kind: string }> };
  const flowAt = (line: number) => model.flows.find((f) => f.at === `${FILES}:${line}`)!.id;
  const raw = cite("router.get('/raw/:name'");
  const send = cite('res.sendFile(req.params.name');
  const download = cite("router.get('/download'");
  const join_ = cite('path.join(UPLOADS, req.query.name)');
  const files = model.assets.find((a) => a.kind === 'files')!.id;
  return {
    json: {
      threats: [
        { flow: flowAt(raw.line), stride: 'information-disclosure', threat: 'The name parameter reaches sendFile.', mitigation: 'seen', detail: "express's root option confines the path", reason: 'sendFile with root refuses paths that leave it', ...send },
        { flow: flowAt(download.line + 2), stride: 'information-disclosure', threat: 'The name parameter is joined to the uploads folder.', mitigation: 'absent', detail: 'path.join keeps ../ segments: no containment check', reason: 'join does not confine', ...join_ },
        { flow: 'F999', stride: 'spoofing', threat: 'x', mitigation: 'absent', detail: 'x', reason: 'x', ...raw },
        { flow: flowAt(raw.line), stride: 'tampering', threat: 'x', mitigation: 'absent', detail: 'x', reason: 'x', ...send, line: 400 },
      ],
      flows: [
        { boundary: 'filesystem', direction: 'outbound', name: 'res.sendFile', asset: files, assetKind: '', ...send, threats: [{ stride: 'information-disclosure', threat: 'A file is sent to the client.', mitigation: 'seen', detail: 'root option', reason: 'confined to the uploads folder', ...send }] },
        { boundary: 'shell', direction: 'outbound', name: 'exec', asset: files, assetKind: '', ...send, quote: 'exec(req.query.cmd)', threats: [{ stride: 'elevation-of-privilege', threat: 'x', mitigation: 'absent', detail: 'x', reason: 'x', ...send }] },
      ],
    },
  };
}

async function fakeServer(t: TestContext, respond: FakeServer['fallback']): Promise<FakeServer> {
  const server = await startFakeServer();
  server.fallback = respond;
  t.after(() => server.close());
  return server;
}

const flowKey = (m: ThreatModel) => m.flows.map((f) => ({ id: f.id, at: `${f.at.file}:${f.at.line}`, threats: f.threats.map((x) => `${x.stride}:${x.mitigation.status}`) }));

test('by default the recon model refines the threat model; only checked entries are applied, the rest are dropped and counted; the call is charged; a recording replays', async (t) => {
  const server = await fakeServer(t, refiner);
  const target = demoCopy(t, reconOnly(server.openaiURL));
  const log = recordingLogger();
  const result = await runScan({ target, models: { trustRepoConfig: true, record: true }, log });
  assert.equal(server.requests.length, 1, 'one refinement call, with no flag; the other roles are the static engine');
  const runId = readArtifact(result.outDir, 'state').run.runId;
  const usage = readUsage(usagePath(result.outDir)).runs.find((r) => r.runId === runId)!;
  assert.equal(usage.byRole.recon?.calls, 1, 'the refinement is charged to the recon role');
  assert.equal(usage.totals.calls, 1);
  assert.ok(usage.totals.inputTokens > 0);
  // A model that a model refines is not kept whole in the evidence cache (the refinement's call is): no lookup, no entry.
  const cacheUsage = JSON.parse(readFileSync(join(result.outDir, 'cache-usage.json'), 'utf8')) as { enabled: boolean; kinds: Record<string, unknown> };
  assert.equal(cacheUsage.enabled, true);
  assert.deepEqual(cacheUsage.kinds['threat-model'], { hits: 0, misses: 0, corrupt: 0, writes: 0 });

  const model = readArtifact(result.outDir, 'threat-model');
  assert.equal(model.source, 'model-refined');
  const refined = model.flows.filter((f) => !f.addedBy).flatMap((f) => f.threats.filter((x) => x.refined).map((x) => ({ flow: f.at.line, stride: x.stride, change: x.refined!.change, status: x.mitigation.status, by: x.refined!.by })));
  assert.deepEqual(refined.map(({ flow, stride, change, status }) => `${flow} ${stride} ${change} ${status}`).sort(), [
    `${cite("router.get('/download'").line + 2} information-disclosure adjusted absent`,
    `${cite("router.get('/raw/:name'").line} information-disclosure added seen`,
  ]);
  assert.ok(refined.every((r) => r.by.endsWith('/threat-refiner')));
  const added = model.flows.filter((f) => f.addedBy);
  assert.equal(added.length, 1);
  assert.equal(added[0]!.at.line, cite('res.sendFile(req.params.name').line);
  assert.deepEqual(added[0]!.threats.map((x) => x.refined?.change), ['added']);
  const note = model.notes.find((n) => n.startsWith('Model refinement by'))!;
  assert.match(note, /1 flow\(s\) added, 1 threat\(s\) added, 1 threat\(s\) adjusted; 3 entries dropped/);
  assert.match(note, /flow F999 does not exist/);
  assert.match(note, /past the end of the file/);
  assert.match(note, /the quote is not on src\/routes\/files\.js/);
  const md = readFileSync(join(result.outDir, 'threat-model.md'), 'utf8');
  assert.match(md, /refined by a model/);
  assert.match(md, /added by openai-compatible\/threat-refiner|added by [^)]*threat-refiner/);

  // The recorded exchange replays to the same refined model, with no server.
  const replay = demoCopy(t, { providers: { replay: { type: 'replay' } }, roles: { recon: { provider: 'replay', model: 'threat-refiner' } } });
  installTranscripts(join(replay, '.bug-hunter'), join(result.outDir, 'transcripts'));
  const replayed = await runScan({ target: replay, models: { trustRepoConfig: true }, log: recordingLogger() });
  const again = readArtifact(replayed.outDir, 'threat-model');
  assert.equal(again.source, 'model-refined');
  assert.deepEqual(flowKey(again), flowKey(model));
});

test('a malformed answer leaves the deterministic threat model, and the notes and the log say so', async (t) => {
  const server = await fakeServer(t, () => ({ json: { threats: 'all clear', flows: [{ boundary: 'moon' }] } }));
  const target = demoCopy(t, reconOnly(server.openaiURL));
  const log = recordingLogger();
  const result = await runScan({ target, options: { refineThreatModel: true }, models: { trustRepoConfig: true }, log });
  assert.ok(server.requests.length >= 1);
  const model = readArtifact(result.outDir, 'threat-model');
  assert.equal(model.source, 'deterministic');
  assert.match(model.notes.join('\n'), /Model refinement failed \(.+\): the deterministic threat model stands unchanged/);
  assert.ok(log.lines.some((l) => /warning: threat: Model refinement failed/.test(l)), log.lines.join('\n'));
  assert.ok(model.flows.every((f) => !f.addedBy && f.threats.every((x) => !x.refined)));

  const plain = await runScan({ target: demoCopy(t, {}), log: recordingLogger() });
  assert.deepEqual(flowKey(model), flowKey(readArtifact(plain.outDir, 'threat-model')), 'the same model as a run without the flag');
  assert.equal(readArtifact(result.outDir, 'state').status, 'completed');
});

test('--refine-threat-model without a model for the recon role is a usage error (exit 2) naming the flag; so is giving both flags', async (t) => {
  const target = demoCopy(t, {});
  const out = await runCli(['scan', target, '--refine-threat-model', '--quiet']);
  assert.equal(out.code, 2);
  assert.match(out.stderr, /--refine-threat-model needs a model for the recon role/);
  const both = await runCli(['scan', target, '--refine-threat-model', '--no-refine-threat-model', '--quiet']);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--refine-threat-model and --no-refine-threat-model contradict each other/);
});

test('--no-refine-threat-model: a recon model is configured, but no call is made and the model is deterministic', async (t) => {
  const server = await fakeServer(t, refiner);
  const target = demoCopy(t, reconOnly(server.openaiURL));
  const out = await runCli(['scan', target, '--no-refine-threat-model', '--trust-repo-config', '--quiet']);
  assert.ok(out.code === 0 || out.code === 1, out.stderr);
  assert.equal(server.requests.length, 0);
  const model = readArtifact(join(target, '.bug-hunter'), 'threat-model');
  assert.equal(model.source, 'deterministic');
  assert.ok(!model.notes.some((n) => /Model refinement/.test(n)));
});

test('a spent token budget skips the refinement with a note; the run completes and is not failed by it', async (t) => {
  const server = await fakeServer(t, refiner);
  const target = demoCopy(t, { ...reconOnly(server.openaiURL), budgets: { perRunTokens: 50 } });
  const log = recordingLogger();
  const result = await runScan({ target, models: { trustRepoConfig: true }, log });
  assert.equal(server.requests.length, 0, 'the call was refused before it was sent');
  assert.notEqual(result.exitCode, 3, 'the skipped refinement does not fail the run');
  assert.equal(readArtifact(result.outDir, 'state').status, 'completed');
  const model = readArtifact(result.outDir, 'threat-model');
  assert.equal(model.source, 'deterministic');
  assert.match(model.notes.join('\n'), /Model refinement skipped: Token per-run budget \(0\/50 tokens used\) is spent.*The deterministic threat model stands unchanged/);
  assert.ok(log.lines.some((l) => /warning: threat: Model refinement skipped/.test(l)), log.lines.join('\n'));
});
