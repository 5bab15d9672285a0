// The model referee's CVSS adjustment end to end, through the real OpenAI SDK against the fake server (the scripted
// stand-in answers): a vector proposed with a reason replaces the derived one and is re-scored by the library; a
// vector that does not parse is ignored and the derived one stands. The score is never taken from the model.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { scoreVector } from '../../../src/engines/security/cvss.ts';
import { liveConfig, writeConfig } from '../../funnel/demo.ts';
import { recordingLogger, scriptedServer } from '../../funnel/helpers.ts';
import type { ScriptedAnswers, ScriptedFinding } from '../../funnel/scripted-model.ts';
import { tempDir } from '../../helpers/temp.ts';

const APP = `const express = require('express');
const { exec } = require('child_process');
const fs = require('fs');
const app = express();
app.get('/ping', (req, res) => {
  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out));
});
app.get('/file', (req, res) => {
  res.send(fs.readFileSync('/srv/files/' + req.query.name, 'utf8'));
});
app.listen(3000);
`;

const upheld = { vote: 'upheld' as const, reason: 'The request value reaches the call unchanged.' };
const votes = { reachability: upheld, semantics: upheld, guards: upheld };
const base = { lens: 'injection', file: 'src/app.js', symbol: 'handler', severity: 'high', confidence: 0.9, votes };
const RACE = 'The ping host is only exploitable while the diagnostics window is open: the attacker must win a race with its cleanup.';

const answers: ScriptedAnswers = {
  model: 'scripted-cvss',
  findings: [
    {
      ...base, match: "exec('ping -c 1 ' + req.query.host", category: 'injection', cwe: 'CWE-78',
      claim: 'The host query parameter is concatenated into a shell command.', runtimeTrigger: 'GET /ping?host=x;id runs id.',
      referee: { verdict: 'confirmed', severity: 'high', confidence: 0.9, reasoning: 'exec runs the concatenated host in a shell.', cvssVector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H', cvssReason: RACE },
    },
    {
      ...base, match: "fs.readFileSync('/srv/files/' + req.query.name", category: 'path-traversal', cwe: 'CWE-22',
      claim: 'The name query parameter is joined to the files folder without a containment check.', runtimeTrigger: 'GET /file?name=../../etc/passwd reads /etc/passwd.',
      referee: { verdict: 'confirmed', severity: 'high', confidence: 0.9, reasoning: 'readFileSync reads any path the name reaches.', cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N/SCORE:10.0', cvssReason: 'worst case' },
    },
  ] as ScriptedFinding[],
};

test('a model referee adjusts a CVSS vector with its reason and the library re-scores it; an unparsable vector is ignored', async (t) => {
  const server = await scriptedServer(t, answers);
  const target = tempDir(t, 'bh-referee-cvss-');
  mkdirSync(join(target, 'src'));
  writeFileSync(join(target, 'package.json'), JSON.stringify({ name: 'cvss-target', version: '1.0.0', dependencies: { express: '4.18.2' } }));
  writeFileSync(join(target, 'src', 'app.js'), APP);
  writeConfig(target, liveConfig(server.openaiURL));
  const result = await runScan({ target, options: { concurrency: 1 }, models: { trustRepoConfig: true }, log: recordingLogger() });

  const referee = readArtifact(result.outDir, 'referee');
  const proposed = referee.verdicts.filter((v) => v.cvss);
  assert.equal(proposed.length, 2, 'both proposals are kept in referee.json as proposals');
  const report = readArtifact(result.outDir, 'scan-report');
  // The static engine finds both bugs too: each is one finding (one fingerprint) that the model corroborates and its
  // referee judges.
  const byCwe = (cwe: string) => report.findings.find((f) => f.finding.cwe === cwe);
  const shell = byCwe('CWE-78');
  assert.ok(shell?.security, 'the finding on the shell call is classified');
  const expected = scoreVector('CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H');
  assert.ok(expected.ok);
  assert.equal(shell.security.cvss.vector, expected.vector);
  assert.equal(shell.security.cvss.baseScore, expected.baseScore);
  assert.equal(shell.security.cvss.adjusted?.by, 'referee');
  assert.equal(shell.security.cvss.adjusted?.reason, RACE);
  assert.match(shell.security.cvss.adjusted?.from ?? '', /^CVSS:3\.1\/AV:N\/AC:L\//, 'the derived vector it replaced');
  assert.deepEqual(shell.security.cvss.metrics.find((m) => m.metric === 'AC'), { metric: 'AC', value: 'H', reason: `referee: ${RACE}` });

  const file = byCwe('CWE-22');
  assert.ok(file?.security);
  assert.equal(file.security.cvss.adjusted, undefined, 'a vector with an extra metric does not parse: ignored');
  assert.notEqual(file.security.cvss.baseScore, 10);
  assert.equal(file.security.cvss.vector, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N');
});
