// scan --leads with a real analyser: oxlint (a dependency) writes SARIF for a small Express app, and the scan
// turns its results into candidates that the same skeptic and referee judge. No result is confirmed on oxlint's
// word: the engine's own finding is confirmed (and lists oxlint), a literal eval is dismissed, a guarded eval is
// dismissed, a test file's result is dropped with the reason, and a rule outside our classes goes to a person.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitRepo, tempDir } from '../../helpers/temp.ts';
import { spawnCli } from '../../helpers/cli.ts';

const OXLINT = fileURLToPath(new URL('../../../node_modules/.bin/oxlint', import.meta.url));

const APP = [
  "const express = require('express');",
  'const app = express();',
  "app.get('/calc', (req, res) => {",
  '  res.json({ result: eval(req.query.expr) });', // 4: the engine's own finding too
  '});',
  "app.get('/version', (req, res) => {",
  "  res.json({ version: eval('1 + 1') });", // 7: literal code
  '});',
  "app.get('/guarded', (req, res) => {",
  '  const expr = req.query.expr;',
  "  if (!/^[0-9+*-]+$/.test(expr)) return res.status(400).end();",
  '  res.json({ result: eval(expr) });', // 12: guarded
  '});',
  "app.get('/debug', (req, res) => {",
  '  debugger;', // 15: a rule outside our bug classes: only oxlint's text to go on
  '  res.end();',
  '});',
  'module.exports = app;',
].join('\n');

function json(dir: string, name: string): any {
  return JSON.parse(readFileSync(join(dir, '.bug-hunter', name), 'utf8'));
}

test('oxlint SARIF leads go through the skeptic and referee; none is confirmed on oxlint\'s word alone', { timeout: 120_000 }, async (t) => {
  const repo = gitRepo(t, {
    'package.json': JSON.stringify({ name: 'calc-api', private: true, dependencies: { express: '^4.21.0' } }),
    'src/app.js': `${APP}\n`,
    'test/app.test.js': "console.log(eval(process.argv[2]));\n",
  });
  // The real analyser, run as a user would: only its code-evaluation rules, SARIF out (exit 1: it found errors).
  let sarif: string;
  try {
    sarif = execFileSync(OXLINT, ['-A', 'all', '-D', 'no-eval', '-D', 'no-debugger', '-f', 'sarif', '.'], { cwd: repo, encoding: 'utf8' });
  } catch (error) {
    sarif = (error as { stdout: string }).stdout;
  }
  const log = JSON.parse(sarif);
  assert.equal(log.runs[0].tool.driver.name, 'oxlint');
  assert.ok(log.runs[0].results.length >= 5, `oxlint reported ${log.runs[0].results.length} results`);
  const file = join(tempDir(t), 'oxlint.sarif');
  writeFileSync(file, sarif);

  const run = await spawnCli(['scan', repo, '--leads', file, '--quiet', '--json']);
  assert.equal(run.code, 1, run.stderr);

  const leads = json(repo, 'leads.json');
  assert.equal(leads.sources[0].tools[0].name, 'oxlint');
  const at = (line: number) => leads.leads.find((l: any) => l.file === 'src/app.js' && l.startLine === line);
  for (const line of [4, 7, 12]) {
    assert.equal(at(line)?.status, 'candidate', `line ${line}`);
    assert.equal(at(line)?.bugClass, 'code-injection');
  }
  assert.equal(at(15)?.status, 'candidate');
  assert.equal(at(15)?.bugClass, undefined);
  const inTest = leads.leads.find((l: any) => l.uri === 'test/app.test.js');
  assert.equal(inTest.status, 'dropped');
  assert.match(inTest.reason, /not a file this run hunts .*test code without --include-tests/);

  const hunter = json(repo, 'hunter-findings.json');
  const outcome = (line: number) => hunter.leads.find((o: any) => o.leadId === at(line).id);
  const finding = (line: number) => hunter.findings.find((f: any) => f.id === outcome(line).findingId);
  const verdict = (line: number) => json(repo, 'referee.json').verdicts.find((v: any) => v.findingId === outcome(line).findingId);

  // Line 4: the engine's own code-injection finding, confirmed by its own rule, lists oxlint as corroboration.
  assert.equal(outcome(4).outcome, 'corroborated');
  assert.equal(finding(4).engine, 'static');
  assert.deepEqual(finding(4).corroboratedBy, ['oxlint:eslint(no-eval)']);
  assert.equal(verdict(4).verdict, 'confirmed');
  // Line 7: a lead of its own; the same source check finds a literal and the panel refutes it.
  assert.equal(outcome(7).outcome, 'candidate');
  assert.equal(finding(7).lens, 'lead:oxlint');
  assert.equal(verdict(7).verdict, 'dismissed');
  assert.match(verdict(7).reasoning, /literal, not input/);
  // Line 12: guarded by an anchored allow-list: dismissed with the guard named.
  assert.equal(verdict(12).verdict, 'dismissed');
  assert.match(verdict(12).reasoning, /allow-list guard precedes/);
  // Line 15: no bug class and no check of ours applies: kept with oxlint's own text for a person — never confirmed.
  assert.equal(finding(15).lens, 'lead:oxlint');
  assert.match(finding(15).claim, /^oxlint rule eslint\(no-debugger\) reports: /);
  assert.equal(verdict(15).verdict, 'manual-review');
  assert.match(verdict(15).reasoning, /No static check of ours applies to oxlint's rule eslint\(no-debugger\)/);

  const confirmed = json(repo, 'referee.json').verdicts.filter((v: any) => v.verdict === 'confirmed');
  assert.deepEqual(confirmed.map((v: any) => v.findingId), [outcome(4).findingId]);

  // The report joins it: every lead with its tool, rule and what became of it.
  const report = json(repo, 'scan-report.json');
  const joined = (id: string) => report.leads.find((l: any) => l.leadId === id);
  assert.equal(report.leads.length, leads.leads.length);
  assert.deepEqual([joined(at(4).id).outcome, joined(at(4).id).verdict], ['corroborated', 'confirmed']);
  assert.deepEqual([joined(at(7).id).outcome, joined(at(7).id).verdict, joined(at(7).id).tool, joined(at(7).id).ruleId], ['candidate', 'dismissed', 'oxlint', 'eslint(no-eval)']);
  assert.match(joined(at(7).id).reason, /literal, not input/);
  assert.deepEqual([joined(inTest.id).outcome, joined(inTest.id).reason], ['dropped', inTest.reason]);
  const markdown = readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8');
  assert.match(markdown, /## Leads from other analysers \(5 leads\)/);
  assert.match(markdown, new RegExp(`\\| oxlint \\| eslint\\\\?\\(no-eval\\\\?\\) \\| src/app\\.js:7 \\| candidate: dismissed \\| ${outcome(7).findingId} \\|`));
});

test('a SARIF file that is not usable stops the scan with exit 2, naming the file and what is wrong', async (t) => {
  const repo = gitRepo(t, { 'src/a.js': 'module.exports = 1;\n' });
  const dir = tempDir(t);
  const cases: Array<[string, string, RegExp]> = [
    ['not-json.sarif', '{ "version": ', /not-json\.sarif is not JSON/],
    ['old.sarif', JSON.stringify({ version: '2.0.0', runs: [] }), /old\.sarif is not SARIF 2\.1\.0: version is "2\.0\.0"/],
    ['no-runs.sarif', JSON.stringify({ version: '2.1.0' }), /no-runs\.sarif: "runs" must be an array/],
    ['no-tool.sarif', JSON.stringify({ version: '2.1.0', runs: [{ results: [] }] }), /no-tool\.sarif runs\[0\]: tool\.driver\.name is missing/],
  ];
  for (const [name, content, expected] of cases) {
    writeFileSync(join(dir, name), content);
    const run = await spawnCli(['scan', repo, '--leads', join(dir, name), '--quiet']);
    assert.equal(run.code, 2, `${name}: ${run.stderr}`);
    assert.match(run.stderr, expected);
  }
  const missing = await spawnCli(['scan', repo, '--leads', join(dir, 'absent.sarif'), '--quiet']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--leads .*absent\.sarif: cannot read it \(ENOENT\)/);
});
