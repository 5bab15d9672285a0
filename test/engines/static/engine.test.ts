// The static engine end to end: precision on the labelled rule cases (each rule's fixtures/), stable ids across line shifts,
// schema-valid findings with exact quotes, suppressions, test-code refutation and determinism.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { Finding } from '../../../src/artifacts/schemas/common.ts';
import { Refutation } from '../../../src/artifacts/schemas/skeptic.ts';
import { huntFile, judgeStatic, listRules, refuteStatic, STATIC_ENGINE_VERSION, type SourceFile } from '../../../src/engines/static/index.ts';
import { clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { labelledCorpus, ruleCases } from '../../../src/engines/static/corpus.ts';
import { scoreFiles } from '../../../src/engines/static/score.ts';

const repo = process.cwd();

test('precision on the labelled fixtures and example is at least 0.90, and every planted bug is found', () => {
  const score = scoreFiles(labelledCorpus(repo));
  console.log(`static fixtures: precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, ${score.reported.length} reported`);
  assert.ok(score.reported.length >= 50, 'the corpus plants at least 50 bugs');
  assert.ok(score.precision >= 0.9, `precision ${score.precision}`);
  assert.deepEqual(score.missed, []);
});

test('every finding fits the Finding schema and quotes the exact source lines', () => {
  for (const { file } of ruleCases(repo)) {
    const lines = file.content.split('\n');
    for (const f of huntFile(file)) {
      assert.ok(Value.Check(Finding, f), `${f.id} is not a valid Finding: ${[...Value.Errors(Finding, f)][0]?.message}`);
      assert.equal(f.id, `BH-${f.fingerprint.slice(0, 12)}`);
      assert.equal(f.engine, 'static');
      for (const e of f.evidence) assert.equal(e.quote, lines.slice(e.startLine - 1, e.endLine).join('\n'));
      for (const r of refuteStatic(f, file)) assert.ok(Value.Check(Refutation, r));
    }
  }
});

const HANDLER: SourceFile = {
  path: 'src/routes/ping.js',
  language: 'javascript',
  isTest: false,
  content: [
    "const { exec } = require('child_process');",
    "app.get('/ping', (req, res) => {",
    '  exec(`ping -c 1 ${req.query.host}`, (e, out) => res.send(out));',
    '});',
  ].join('\n'),
};

test('ids and fingerprints survive line shifts; the cited lines move with the code', () => {
  const before = huntFile(HANDLER);
  const after = huntFile({ ...HANDLER, content: `// header\n\n\n${HANDLER.content}` });
  assert.equal(before.length, 1);
  assert.deepEqual(after.map((f) => f.id), before.map((f) => f.id));
  assert.equal(after[0]?.startLine, (before[0]?.startLine ?? 0) + 3);
});

test('a request-derived shell command is confirmed at T2; a literal command is not reported', () => {
  const [finding] = huntFile(HANDLER);
  assert.ok(finding);
  assert.equal(finding.ruleId, 'command-injection');
  const verdict = judgeStatic(finding, refuteStatic(finding, HANDLER));
  assert.equal(verdict.verdict, 'confirmed');
  assert.equal(verdict.tier, 'T2');
  assert.ok(verdict.confidence >= 0.7 && verdict.confidence <= 1);
  assert.deepEqual(huntFile({ ...HANDLER, content: HANDLER.content.replace('${req.query.host}', 'localhost') }), []);
});

test('test, fixture and example code is refuted unless includeTests is passed', () => {
  const testFile = { ...HANDLER, path: 'test/fixtures/ping.js' };
  const [finding] = huntFile(testFile);
  assert.ok(finding);
  const refs = refuteStatic(finding, testFile);
  assert.ok(refs.some((r) => r.seat === 'test-code' && r.vote === 'refuted'));
  assert.equal(judgeStatic(finding, refs).verdict, 'dismissed');
  assert.equal(judgeStatic(finding, refuteStatic(finding, testFile, { includeTests: true })).verdict, 'confirmed');
});

test('a suppression with a reason refutes; one without a reason is reported and does not suppress', () => {
  const sink = HANDLER.content.split('\n');
  const withReason = { ...HANDLER, content: [sink[0], sink[1], '  // bug-hunter-ignore command-injection: host is validated by the gateway', sink[2], sink[3]].join('\n') };
  const [f] = huntFile(withReason);
  assert.ok(f);
  const refs = refuteStatic(f, withReason);
  assert.ok(refs.some((r) => r.seat === 'suppression' && r.vote === 'refuted' && r.reason.includes('validated by the gateway')));
  const bare = { ...HANDLER, content: [sink[0], sink[1], '  // bug-hunter-ignore command-injection', sink[2], sink[3]].join('\n') };
  const found = huntFile(bare);
  assert.deepEqual(found.map((x) => x.ruleId).sort(), ['command-injection', 'suppression-without-reason']);
  const injection = found.find((x) => x.ruleId === 'command-injection');
  assert.ok(injection);
  assert.equal(judgeStatic(injection, refuteStatic(injection, bare)).verdict, 'confirmed');
});

test('a parameter that is never traced to input goes to manual review (T3), not confirmed', () => {
  const lib: SourceFile = { path: 'src/run.js', language: 'javascript', isTest: false, content: "const cp = require('child_process');\nexport function run(cmd) {\n  return cp.execSync(cmd);\n}\n" };
  const [f] = huntFile(lib);
  assert.ok(f);
  const j = judgeStatic(f, refuteStatic(f, lib));
  assert.equal(j.verdict, 'manual-review');
  assert.equal(j.tier, 'T3');
});

test('two cold runs over the fixtures produce identical findings', () => {
  const corpus = ruleCases(repo);
  const run = () => JSON.stringify(corpus.map(({ file }) => huntFile(file).map((f) => [f, judgeStatic(f, refuteStatic(f, file))])));
  clearAnalysisMemo();
  const first = run();
  clearAnalysisMemo();
  assert.equal(run(), first);
});

test('rules are listed with category, severity and calibrated precision; the version names the rule data', () => {
  const rules = listRules();
  assert.ok(rules.length >= 20);
  for (const r of rules) assert.ok(r.precision > 0 && r.precision < 1, r.id);
  assert.ok(rules.some((r) => r.id === 'prototype-pollution' && r.cwe === 'CWE-1321'));
  assert.match(STATIC_ENGINE_VERSION, /^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
});
