import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import type { ThreatModel } from '../../../src/artifacts/schemas/threat-model.ts';
import { deepFreeze } from '../../../src/artifacts/store.ts';
import { classifyFinding, isSecurityFinding } from '../../../src/engines/security/classify.ts';
import { scoreVector } from '../../../src/engines/security/cvss.ts';
import { buildThreatModel } from '../../../src/phases/threat/core.ts';

const RUN = { runId: 'r', repoRoot: '/repo', baseCommit: null, scopeHash: '0'.repeat(64), optionsHash: '0'.repeat(64), toolVersion: '0' };
const stack = { languages: ['javascript'], frameworks: [], packageManagers: [], manifests: [], lockFiles: [] };

const APP = "const open = require('./routes/open');\nconst users = require('./routes/users');\napp.use('/open', open);\napp.use('/users', requireUser, users);\n";
const OPEN = "const { run } = require('../lib/run');\nrouter.get('/ping', (req, res) => {\n  exec(`ping ${req.query.host}`);\n});\n";
const USERS = "router.get('/search', (req, res) => {\n  db.query('x' + req.query.q);\n});\n";
const RUNLIB = 'module.exports.run = (x) => x;\n';

function model(): ThreatModel {
  const body = buildThreatModel({
    recon: {
      stack,
      entryPoints: [
        { kind: 'http-route', name: 'GET /ping', file: 'src/routes/open.js', line: 2 },
        { kind: 'http-route', name: 'GET /search', file: 'src/routes/users.js', line: 1 },
      ],
      trustBoundaries: [],
    },
    sources: new Map([['src/app.js', APP], ['src/routes/open.js', OPEN], ['src/routes/users.js', USERS], ['src/lib/run.js', RUNLIB]]),
  });
  return { schemaVersion: 1, artifact: 'threat-model', run: RUN, generatedAt: '2026-01-01T00:00:00.000Z', ...body };
}

function finding(over: Partial<Finding>): Finding {
  return {
    id: 'BH-00000001', fingerprint: '0'.repeat(16), file: 'src/routes/open.js', startLine: 3, endLine: 3, category: 'injection', severity: 'high', confidence: 0.9,
    claim: 'c', evidence: [{ file: 'src/routes/open.js', startLine: 3, endLine: 3, quote: 'x' }], runtimeTrigger: 'a crafted host', lens: 'security', engine: 'static', ...over,
  };
}

const metric = (c: ReturnType<typeof classifyFinding>, m: string) => c!.cvss.metrics.find((x) => x.metric === m)!;

test('the library scores vectors by the FIRST formula and refuses what is not a full 3.1 base vector', () => {
  assert.deepEqual(scoreVector('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'), { ok: true, vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', baseScore: 9.8, baseSeverity: 'critical' });
  assert.equal((scoreVector('CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N') as { baseScore: number }).baseScore, 5.4);
  for (const bad of ['CVSS:3.1/AV:N', 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', '9.8']) assert.equal(scoreVector(bad).ok, false, bad);
});

test('attack vector and privileges come from the threat model: an unauthenticated route, an authenticated one, an imported helper', () => {
  const m = model();
  const open = classifyFinding(finding({ cwe: 'CWE-78' }), m)!;
  assert.equal(open.cvss.vector, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
  assert.equal(open.cvss.baseScore, 9.8);
  assert.equal(open.stride, 'elevation-of-privilege');
  assert.match(metric(open, 'AV').reason, /GET \/open\/ping \(src\/routes\/open\.js:2\)/);
  assert.match(metric(open, 'PR').reason, /mounted without authentication/);

  const users = classifyFinding(finding({ cwe: 'CWE-89', file: 'src/routes/users.js', startLine: 2 }), m)!;
  assert.equal(users.cvss.vector, 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:L');
  assert.equal(users.stride, 'tampering');

  const helper = classifyFinding(finding({ cwe: 'CWE-1321', category: 'prototype-pollution', file: 'src/lib/run.js', startLine: 1 }), m)!;
  assert.match(metric(helper, 'AV').reason, /imported \(1 hop\) from src\/routes\/open\.js/);
  assert.equal(metric(helper, 'AV').value, 'N');

  // Without a threat model nothing is known: a target with no routes is local, and the reason says why.
  const alone = classifyFinding(finding({ cwe: 'CWE-78' }), undefined)!;
  assert.equal(metric(alone, 'AV').value, 'L');
  assert.match(metric(alone, 'AV').reason, /no threat model/);
});

test('the referee may change the vector with a reason; the score is recomputed, a bad vector is ignored; non-security findings get nothing', () => {
  const m = model();
  const f = finding({ cwe: 'CWE-78' });
  const adjusted = classifyFinding(f, m, { vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H', reason: 'needs a race with the cleanup job' })!;
  assert.equal(adjusted.cvss.baseScore, 8.1);
  assert.equal(adjusted.cvss.adjusted?.from, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
  assert.deepEqual(metric(adjusted, 'AC'), { metric: 'AC', value: 'H', reason: 'referee: needs a race with the cleanup job' });
  const ignored = classifyFinding(f, m, { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/score:0.1', reason: 'x' })!;
  assert.equal(ignored.cvss.baseScore, 9.8);
  assert.equal(ignored.cvss.adjusted, undefined);
  assert.equal(isSecurityFinding({ category: 'logic', cwe: 'CWE-570' }), false);
  assert.equal(classifyFinding(finding({ category: 'error-handling', cwe: 'CWE-390' }), m), undefined);
  const xss = classifyFinding(finding({ cwe: 'CWE-79' }), m)!;
  assert.equal(xss.cvss.vector, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N');
  assert.equal(xss.cvss.baseScore, 6.1);
});

test('the model referee sees the derived vector and may propose another with a reason; it is kept only for a security finding', async () => {
  const { judgeWithModel } = await import('../../../src/phases/referee/model-referee.ts');
  const prompts: string[] = [];
  // The client interface only: the answer a backend would return after schema validation (no network here).
  const client = {
    async complete<T>(req: { prompt: string }) {
      prompts.push(req.prompt);
      const value = { verdict: 'confirmed', severity: 'high', confidence: 0.9, reasoning: 'r', evidence: [{ file: 'src/routes/open.js', startLine: 1, endLine: 1, quote: 'x' }], cvssVector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H', cvssReason: 'needs a race' };
      return { value: value as T, usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 1, model: 'm', provider: 'p', attempts: 1 };
    },
  };
  const f = finding({ cwe: 'CWE-78' });
  const review = { findingId: f.id, outcome: 'survived' as const, refutations: [] };
  const security = classifyFinding(f, model())!;
  const read = (file: string) => (file === 'src/routes/open.js' ? 'x\n' : undefined);
  const verdict = await judgeWithModel(client as never, f, review as never, 'x\n', new AbortController().signal, security, read);
  assert.match(prompts[0]!, /Derived security classification: CWE-78, elevation-of-privilege, CVSS:3\.1\/AV:N\/AC:L\/PR:N/);
  assert.deepEqual(verdict.cvss, { vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H', reason: 'needs a race' });
  const plain = await judgeWithModel(client as never, finding({ category: 'logic', cwe: 'CWE-570' }), review as never, 'x\n', new AbortController().signal, undefined, read);
  assert.equal(plain.cvss, undefined);
  assert.ok(!prompts[1]!.includes('Derived security classification'));
});

test('attack complexity is H only with evidence: a race CWE, a race in the claim, a setting guarding the sink; else L with what was looked for', () => {
  const m = model();
  const plain = classifyFinding(finding({ cwe: 'CWE-78' }), m)!;
  assert.equal(metric(plain, 'AC').value, 'L');
  assert.match(metric(plain, 'AC').reason, /no race, network position, non-default setting.*a crafted host/);

  const toctou = classifyFinding(finding({ cwe: 'CWE-367', category: 'injection' }), m)!;
  assert.equal(metric(toctou, 'AC').value, 'H');
  assert.match(metric(toctou, 'AC').reason, /time-of-check\/time-of-use race\) \(CWE-367\)/);
  assert.equal(toctou.cvss.vector.includes('/AC:H/'), true);

  const race = classifyFinding(finding({ cwe: 'CWE-78', claim: 'The temp script is written, then run; an attacker who wins the race replaces it.' }), m)!;
  assert.deepEqual([metric(race, 'AC').value, metric(race, 'AC').reason], ['H', 'the evidence describes a race the attacker must win: "wins the race"']);

  const gated = classifyFinding(finding({ cwe: 'CWE-78', evidence: [{ file: 'src/routes/open.js', startLine: 3, endLine: 4, quote: 'if (process.env.ENABLE_DIAGNOSTICS) {\n  exec(`ping ${req.query.host}`);' }] }), m)!;
  assert.equal(metric(gated, 'AC').value, 'H');
  assert.match(metric(gated, 'AC').reason, /runs only when process\.env\.ENABLE_DIAGNOSTICS is set \(src\/routes\/open\.js:3\)/);
  // The score follows the vector: the same finding without the setting scores higher.
  assert.ok(gated.cvss.baseScore < plain.cvss.baseScore, `${gated.cvss.baseScore} < ${plain.cvss.baseScore}`);

  // An options object the caller passes is not the operator's configuration.
  const option = classifyFinding(finding({ cwe: 'CWE-78', evidence: [{ file: 'src/routes/open.js', startLine: 3, endLine: 3, quote: 'if (options.verbose) exec(cmd);' }] }), m)!;
  assert.equal(metric(option, 'AC').value, 'L');
});

test('user interaction and scope say why per CWE: reflected XSS and open redirect need a victim and land in the browser; CSRF needs a victim, stays in scope', () => {
  const m = model();
  const xss = classifyFinding(finding({ cwe: 'CWE-79' }), m)!;
  assert.match(metric(xss, 'UI').reason, /victim has to open a crafted link.*\(CWE-79\)/);
  assert.match(metric(xss, 'S').reason, /victim's browser.*\(CWE-79\)/);
  const redirect = classifyFinding(finding({ cwe: 'CWE-601' }), m)!;
  assert.equal(redirect.cvss.vector, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N');
  assert.match(metric(redirect, 'UI').reason, /follow a crafted link on the trusted domain/);
  const csrf = classifyFinding(finding({ cwe: 'CWE-352', category: 'logic' }), m)!;
  assert.equal(csrf.cvss.vector, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:H/A:N');
  assert.equal(metric(csrf, 'S').value, 'U');
  const sql = classifyFinding(finding({ cwe: 'CWE-89' }), m)!;
  assert.deepEqual([metric(sql, 'UI').value, metric(sql, 'S').value], ['N', 'U']);
});

test('a frozen threat model (a phase input, indexed once) classifies every finding as the plain model does', () => {
  const plain = model();
  const route = plain.flows.find((f) => f.entry?.file === 'src/routes/open.js' && f.to === 'process')!;
  // In one file: a later entry (the nearest above a finding wins), and a flow to an asset, not into the process,
  // which reaches nothing.
  plain.flows.push({ ...route, entry: { kind: 'cli-bin', name: 'late', file: 'src/routes/open.js', line: 9 } });
  plain.flows.push({ ...route, to: 'asset-1', entry: { kind: 'cli-bin', name: 'to-asset', file: 'src/routes/open.js', line: 3 } });
  // A second exposure record for the helper's file: the first one counts.
  const helper = plain.exposure.find((e) => e.file === 'src/lib/run.js')!;
  plain.exposure.push({ ...helper, entry: { kind: 'cli-bin', name: 'second', file: 'bin/x.js', line: 1 } });
  // Deeply frozen, as a phase receives the threat model from the driver.
  const still = deepFreeze(structuredClone(plain));
  assert.equal(metric(classifyFinding(finding({ startLine: 3, endLine: 3 }), still), 'AV').value, 'N', 'the route at line 2; the flow to an asset is no entry');
  assert.equal(metric(classifyFinding(finding({ file: 'src/lib/run.js', startLine: 1, endLine: 1 }), still), 'AV').value, 'N', 'the first exposure record');
  const cases = ['src/routes/open.js', 'src/routes/users.js', 'src/lib/run.js', 'src/app.js', 'src/elsewhere.js'].flatMap((file) =>
    [1, 3, 10].flatMap((line) => (['injection', 'secrets', 'path-traversal'] as const).map((category) => finding({ file, startLine: line, endLine: line, category }))),
  );
  for (const f of cases) assert.deepEqual(classifyFinding(f, still), classifyFinding(f, plain), `${f.file}:${f.startLine} ${f.category}`);
  assert.equal(metric(classifyFinding(finding({ startLine: 10, endLine: 10 }), still), 'AV').value, 'L', 'the cli entry at line 9 is nearest');
});
