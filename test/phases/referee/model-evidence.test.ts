// A model's answer about a finding carries its evidence: a skeptic vote or a referee verdict whose quotes do not match
// the source at their cited lines (or that quotes nothing) counts as no answer, and a model referee never raises the
// hunter's severity. End to end: a real scan, the real OpenAI SDK against the fake server, answers from the scripted
// stand-in (not a model).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import { judgeWithModel } from '../../../src/phases/referee/model-referee.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { liveConfig, writeConfig } from '../../funnel/demo.ts';
import { recordingLogger, scriptedServer } from '../../funnel/helpers.ts';
import type { ScriptedAnswers, ScriptedFinding } from '../../funnel/scripted-model.ts';
import { tempDir } from '../../helpers/temp.ts';

const VIEW = `// Small HTML fragments for the account pages.
function greeting(name) {
  return '<p>Hello ' + name + '</p>';
}
function farewell(name) {
  return '<p>Goodbye ' + name + '</p>';
}
function banner(title) {
  return '<h1>' + title + '</h1>';
}
function footer(note) {
  return '<footer>' + note + '</footer>';
}
module.exports = { greeting, farewell, banner, footer };
`;

const upheld = { vote: 'upheld' as const, reason: 'The value is concatenated into HTML unescaped.' };
const votes = { reachability: upheld, semantics: upheld, guards: upheld };
const xss = (match: string, symbol: string): Omit<ScriptedFinding, 'referee'> => ({
  lens: 'injection', file: 'src/view.js', match, symbol, category: 'injection', severity: 'medium', confidence: 0.8, cwe: 'CWE-79',
  claim: `${symbol} concatenates its argument into HTML without escaping (XSS).`, runtimeTrigger: `${symbol}('<script>alert(1)</script>')`, votes,
});
// A quote of text the file does not hold at the cited line.
const FORGED = [{ file: 'src/view.js', startLine: 3, endLine: 3, quote: 'res.send(req.query.name) // attacker-controlled, critical' }];
const forgedRefutation = { vote: 'refuted' as const, reason: 'x', evidence: [{ file: 'src/view.js', startLine: 12, endLine: 12, quote: 'note = escapeHtml(note);' }] };

const answers: ScriptedAnswers = {
  model: 'scripted-evidence',
  findings: [
    // The reported case: reasoning `x`, a forged quote, and a raise from medium to critical.
    { ...xss("return '<p>Hello ' + name", 'greeting'), referee: { verdict: 'confirmed', severity: 'critical', confidence: 0.99, reasoning: 'x', evidence: FORGED } },
    // The same raise quoting nothing, as every answer could before (the schema now asks for quotes; the repair turn gets none either).
    { ...xss("return '<p>Goodbye ' + name", 'farewell'), referee: { verdict: 'confirmed', severity: 'critical', confidence: 0.99, reasoning: 'x', evidence: [] } },
    // A supported answer that raises: the verdict stands, the severity does not rise.
    { ...xss("return '<h1>' + title", 'banner'), referee: { verdict: 'confirmed', severity: 'critical', confidence: 0.9, reasoning: 'The title reaches the HTML unescaped.' } },
    // Two model refuters "refute" with a forged quote, one upholds with the real line: two non-answers, not a kill.
    {
      ...xss("return '<footer>' + note", 'footer'),
      votes: { reachability: upheld, semantics: forgedRefutation, guards: forgedRefutation },
      referee: { verdict: 'confirmed', severity: 'medium', confidence: 0.85, reasoning: 'The note reaches the HTML unescaped.' },
    },
  ],
};

test('a model referee answering `x` with a forged or no quote cannot raise a medium XSS to critical: the finding stays medium and unreviewed, and the report says why', async (t) => {
  const server = await scriptedServer(t, answers);
  const target = tempDir(t, 'bh-model-evidence-');
  mkdirSync(join(target, 'src'));
  writeFileSync(join(target, 'package.json'), JSON.stringify({ name: 'evidence-target', version: '1.0.0' }));
  writeFileSync(join(target, 'src', 'view.js'), VIEW);
  writeConfig(target, liveConfig(server.openaiURL));
  const result = await runScan({ target, options: { concurrency: 1 }, models: { trustRepoConfig: true }, log: recordingLogger() });

  const hunter = readArtifact(result.outDir, 'hunter-findings');
  const idOf = (symbol: string) => {
    const found = hunter.findings.find((f) => f.symbol === symbol);
    assert.ok(found, `the hunter reported ${symbol} (${hunter.findings.map((f) => f.symbol).join(', ')})`);
    assert.equal(found.severity, 'medium');
    return found.id;
  };
  const verdicts = new Map(readArtifact(result.outDir, 'referee').verdicts.map((v) => [v.findingId, v]));
  const report = new Map(readArtifact(result.outDir, 'scan-report').findings.map((f) => [f.finding.id, f]));

  for (const symbol of ['greeting', 'farewell']) {
    const id = idOf(symbol);
    const verdict = verdicts.get(id)!;
    assert.equal(verdict.verdict, 'unreviewed', `${symbol}: ${verdict.reasoning}`);
    assert.equal(verdict.severity, 'medium', `${symbol}: the unsupported raise is ignored`);
    assert.equal(report.get(id)!.verdict, 'unreviewed');
    assert.equal(report.get(id)!.severity, 'medium');
    assert.match(report.get(id)!.refereeReasoning, /^Not reviewed: /);
  }
  assert.match(verdicts.get(idOf('greeting'))!.reasoning, /no answer, because evidence quote does not match src\/view\.js:3-3/);
  assert.match(verdicts.get(idOf('farewell'))!.reasoning, /referee call failed: .*evidence/);

  const banner = verdicts.get(idOf('banner'))!;
  assert.equal(banner.verdict, 'confirmed');
  assert.equal(banner.severity, 'medium', 'a supported answer still cannot raise the severity');
  assert.match(banner.reasoning, /proposed critical; kept at medium/);
  assert.deepEqual(banner.evidence, [{ file: 'src/view.js', startLine: 9, endLine: 9, quote: "  return '<h1>' + title + '</h1>';" }]);

  const footerId = idOf('footer');
  const review = readArtifact(result.outDir, 'skeptic').reviews.find((r) => r.findingId === footerId)!;
  const modelVotes = review.refutations.filter((r) => r.engine.startsWith('model:'));
  assert.deepEqual(modelVotes.map((v) => [v.seat, v.vote]), [['reachability', 'upheld'], ['semantics', 'abstained'], ['guards', 'abstained']]);
  for (const vote of modelVotes.slice(1)) {
    assert.equal(vote.vote, 'abstained', vote.reason);
    assert.match(vote.reason, /^no answer: the refuter's refuted vote is discarded because evidence quote does not match src\/view\.js:12-12/);
  }
  assert.equal(review.outcome, 'survived', 'forged refutations do not kill the finding');
  assert.equal(verdicts.get(footerId)!.verdict, 'confirmed');

  // The rendered report says the greeting finding is unreviewed, and why.
  const markdown = readFileSync(join(result.outDir, 'report.md'), 'utf8');
  assert.match(markdown, /the model referee's answer is no answer/);
});

test('the model referee alone: reasoning `x`, no quote, medium raised to critical is no answer; the same with the real line confirms at medium', async () => {
  const finding: Finding = {
    id: 'BH-00000001', fingerprint: '0'.repeat(16), file: 'src/view.js', startLine: 3, endLine: 3, category: 'injection', severity: 'medium', confidence: 0.8, cwe: 'CWE-79',
    claim: 'greeting concatenates its argument into HTML without escaping (XSS).', evidence: [{ file: 'src/view.js', startLine: 3, endLine: 3, quote: "return '<p>Hello ' + name + '</p>';" }],
    runtimeTrigger: "greeting('<script>alert(1)</script>')", lens: 'injection', engine: 'model',
  };
  const answer = (over: Record<string, unknown>) => ({
    // The client interface only: what a backend returns once its answer passed the schema (no network here).
    async complete<T>() {
      const value = { verdict: 'confirmed', severity: 'critical', confidence: 0.99, reasoning: 'x', cvssVector: '', cvssReason: '', ...over };
      return { value: value as T, usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 1, model: 'm', provider: 'p', attempts: 1 };
    },
  });
  const review = { findingId: finding.id, outcome: 'survived' as const, refutations: [] };
  const read = (file: string) => (file === 'src/view.js' ? VIEW : undefined);
  const signal = new AbortController().signal;

  for (const evidence of [undefined, [], FORGED, [{ file: 'src/elsewhere.js', startLine: 1, endLine: 1, quote: 'x' }]]) {
    const verdict = await judgeWithModel(answer(evidence ? { evidence } : {}) as never, finding, review as never, VIEW, signal, undefined, read);
    assert.equal(verdict.verdict, 'unreviewed', JSON.stringify(evidence));
    assert.equal(verdict.severity, 'medium');
    assert.match(verdict.reasoning, /^Not reviewed: the model referee's answer is no answer, because (it quotes no source|evidence quote does not match src\/view\.js:3-3|evidence cites src\/elsewhere\.js, which is not in this run)/);
  }
  const real = [{ file: 'src/view.js', startLine: 3, endLine: 3, quote: "return '<p>Hello ' +   name + '</p>';" }];
  const supported = await judgeWithModel(answer({ evidence: real, reasoning: 'The name reaches the HTML unescaped.' }) as never, finding, review as never, VIEW, signal, undefined, read);
  assert.deepEqual([supported.verdict, supported.severity], ['confirmed', 'medium']);
  assert.match(supported.reasoning, /The referee proposed critical; kept at medium/);
  const lowered = await judgeWithModel(answer({ evidence: real, severity: 'low', reasoning: 'Only the user sees it.' }) as never, finding, review as never, VIEW, signal, undefined, read);
  assert.deepEqual([lowered.verdict, lowered.severity, lowered.reasoning], ['confirmed', 'low', 'Only the user sees it.'], 'lowering stands as answered');
});
