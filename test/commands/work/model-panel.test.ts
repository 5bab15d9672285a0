// The panel's model reviewers through the real model client and the real OpenAI SDK against the fake model server,
// answered by a scripted stand-in (not a model) per reviewer prompt: every reviewer is asked, red-team too for a
// security finding; its failing verdict fails it; an unreachable provider throws (systemic), never a pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import { parseDiff } from '../../../src/commands/work/diff-stats.ts';
import { modelPanel } from '../../../src/commands/work/model-panel.ts';
import { proofOf } from '../../../src/commands/work/proof.ts';

import { messagesOf } from '../../funnel/scripted-model.ts';
import { configFor, TEST_KEY, TEST_KEY_ENV } from '../../engines/models/fixtures/harness.ts';
import { startFakeServer } from '../../engines/models/fixtures/fake-server.ts';
import { tempDir } from '../../helpers/temp.ts';
import { finding, reported } from '../../helpers/builders.ts';

const patch = '--- a/src/clamp.js\n+++ b/src/clamp.js\n@@ -3 +3 @@\n-  if (x > hi) return lo;\n+  if (x > hi) return hi;\n';

test('modelPanel asks every reviewer in parallel, red-team for a security finding; a failing red-team verdict fails it; a 500 throws', async (t) => {
  const server = await startFakeServer();
  t.after(() => server.close());
  const asked: string[] = [];
  let down = false;
  server.fallback = (req) => {
    if (down) return { status: 500, message: 'down' };
    const name = /^# Review: ([\w-]+)/.exec(messagesOf(req.body).system)?.[1] ?? 'unknown';
    asked.push(name);
    const reply = name === 'red-team' ? { json: { verdict: 'fail', remarks: [{ remark: 'an encoded ../ (%2e%2e/) still gets through', file: 'src/clamp.js', line: 3 }] } } : { json: { verdict: 'pass', remarks: [] } };
    // Slow answers, so reviewers asked together are seen in flight together.
    // oxlint-disable-next-line unicorn/no-thenable -- the fake server's delayed reply names what follows `then`; never awaited
    return { delayMs: 300, then: reply };
  };
  const dir = tempDir(t);
  const config = configFor({ providers: { p: { type: 'openai-compatible', baseURL: server.openaiURL, apiKeyEnv: TEST_KEY_ENV, concurrency: 5 } }, roles: { referee: { provider: 'p', model: 'm' } }, retries: { maxAttempts: 1 } }, dir);
  const client = createModelClient(config, { env: { [TEST_KEY_ENV]: TEST_KEY }, outDir: dir });
  const issue = { number: 7, title: 'path traversal', body: 'fix it', labels: [], state: 'open' as const, createdAt: '2026-01-01T00:00:00Z' };
  const subject = { issue, finding: reported(finding('BH-1', { category: 'path-traversal' })), patch, changes: parseDiff(patch), proof: proofOf(['repro BH-1: FAIL'], ['repro BH-1: PASS', 'test: PASS'], 'BH-1') };

  const result = await modelPanel(client)(subject);
  assert.deepEqual([...asked].sort(), ['code-reviewer', 'red-team', 'scope-checker', 'spec-compliance', 'test-coverage']);
  assert.ok(server.maxInFlight > 1, 'the reviewers were asked in parallel');
  assert.deepEqual(result.notRun, []);
  const red = result.verdicts.find((v) => v.reviewer === 'red-team')!;
  assert.deepEqual([red.passed, red.remarks], [false, ['src/clamp.js:3: an encoded ../ (%2e%2e/) still gets through']]);
  assert.ok(result.verdicts.filter((v) => v.reviewer !== 'red-team').every((v) => v.passed));

  down = true;
  await assert.rejects(modelPanel(client)(subject), (error) => error instanceof ProviderError && error.kind !== 'invalid-output');
});
