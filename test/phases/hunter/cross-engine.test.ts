// A static lead and a model finding of the same bug are one finding: same fingerprint, so the hunter's merge
// records the model (and its lens) as corroboration of the static engine's finding, and keeps both former keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { liveConfig, writeConfig } from '../../funnel/demo.ts';
import { recordingLogger } from '../../funnel/helpers.ts';
import { messagesOf, scriptedResponder, type ScriptedAnswers } from '../../funnel/scripted-model.ts';
import { startFakeServer } from '../../engines/models/fixtures/fake-server.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const PING = [
  "import { exec } from 'node:child_process';",
  '',
  'export function ping(req, res) {',
  '  exec(`ping -c 1 ${req.query.host}`, (err, out) => res.send(out));',
  '}',
  '',
].join('\n');

const ANSWERS: ScriptedAnswers = {
  model: 'scripted-demo',
  findings: [
    {
      lens: 'injection',
      file: 'src/ping.js',
      match: 'exec(`ping -c 1',
      // Not the static engine's words: another symbol name and a looser category, but the CWE of the bug.
      symbol: 'ping handler',
      category: 'logic',
      cwe: 'CWE-78',
      severity: 'critical',
      confidence: 0.9,
      claim: 'The host query parameter is interpolated into a shell command, so ?host=x;id runs id.',
      runtimeTrigger: 'GET /ping?host=127.0.0.1;id',
      votes: {},
    },
  ],
};

test('a static lead and a model finding of the same bug merge into one finding corroborated by both engines', async (t) => {
  const server = await startFakeServer();
  t.after(() => server.close());
  const scripted = scriptedResponder(ANSWERS);
  server.fallback = scripted.respond;
  const target = tempDir(t, 'bh-cross-engine-');
  writeFiles(target, { 'package.json': JSON.stringify({ name: 'ping', version: '1.0.0', type: 'module' }), 'src/ping.js': PING });
  writeConfig(target, liveConfig(server.openaiURL));

  const result = await runScan({ target, models: { trustRepoConfig: true }, log: recordingLogger() });
  const hunter = readArtifact(result.outDir, 'hunter-findings');
  assert.ok(hunter.chunks.every((c) => c.status === 'done' && c.engine === 'static+model'));

  // The model did report it: the injection lens was asked about src/ping.js and answered with the finding.
  const injectionCalls = server.requests.map((r) => messagesOf(r.body)).filter((m) => m.system.startsWith('# Hunter — lens: injection'));
  assert.ok(injectionCalls.some((m) => m.user.includes('<source file="src/ping.js">')));

  const atSink = hunter.findings.filter((f) => f.file === 'src/ping.js' && f.startLine === 4);
  assert.equal(atSink.length, 1, `one finding at the sink, not one per engine: ${JSON.stringify(atSink.map((f) => [f.engine, f.lens]))}`);
  const [finding] = atSink;
  assert.equal(finding!.engine, 'static');
  assert.equal(finding!.ruleId, 'command-injection');
  // The static rule's lens is also 'injection', so the model engine is the corroboration recorded.
  assert.deepEqual(finding!.corroboratedBy, ['model']);
  // Both engines' previous-version fingerprints are kept: the static one (64 hex) and the model one (32 hex).
  assert.deepEqual(finding!.formerFingerprints?.map((k) => k.length).sort(), [32, 64]);

  const report = readArtifact(result.outDir, 'scan-report');
  assert.equal(report.findings.filter((f) => f.finding.file === 'src/ping.js').length, 1);
});
