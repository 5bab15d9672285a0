// A promoted reproduction's run script runs a model-written test on the user's machine, outside the sandbox: every
// place that offers it says so plainly (the script itself, its README, `report show`, report.md, the issue body).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueBody } from '../../../src/engines/publish/body.ts';
import { renderMarkdown } from '../../../src/engines/report/markdown.ts';
import { renderShow } from '../../../src/engines/report/terminal.ts';
import { promote } from '../../../src/engines/repro/promote.ts';

import { tempDir } from '../../helpers/temp.ts';
import { ZERO_RUN, finding, identity, reported, scanReport } from '../../helpers/builders.ts';

const PLAIN = /runs a model-written test on this machine, outside the sandbox/;

test('the run script and its README say that `sh run.sh` runs model-written code on this machine, unsandboxed', (t) => {
  const outDir = tempDir(t, 'bh-repro-warning-');
  const bug = finding('BH-0000c1a0');
  const proven = { path: 'test/clamp.repro.test.js', content: "require('node:test');\n", argv: ['node', '--test', 'test/clamp.repro.test.js'], output: 'not ok 1\n', signature: { errorType: 'TypeError' } };
  const rel = promote(outDir, bug, proven.signature, proven);
  const script = readFileSync(join(outDir, rel, 'run.sh'), 'utf8');
  assert.match(script.split('set -e')[0]!, /^# WARNING: this runs a model-written test on this machine, outside the sandbox/m, 'a comment above the first command');
  assert.match(readFileSync(join(outDir, rel, 'README.md'), 'utf8'), /\*\*Warning:\*\* the script runs a model-written test on this machine, outside the sandbox/);
});

test('report show, report.md and the issue body put the warning beside the run-script command', () => {
  const f = reported(finding('BH-0000c1a0'), { repro: { outcome: 'reproduced', reason: 'failed twice the same way', dir: 'repro/BH-0000c1a0/', command: 'sh .bug-hunter/repro/BH-0000c1a0/run.sh' } });
  const show = renderShow(f, { colour: false });
  assert.match(show, /sh \.bug-hunter\/repro\/BH-0000c1a0\/run\.sh\n {2}\(it runs a model-written test on this machine, outside the sandbox/);
  const markdown = renderMarkdown(scanReport(identity({ ...ZERO_RUN, repoRoot: '/repo', baseCommit: null }), [f]));
  assert.match(markdown, /\*\*Reproduce:\*\* `sh \.bug-hunter\/repro\/BH-0000c1a0\/run\.sh`.*\*\*Warning:\*\* the script runs a model-written test on this machine, outside the sandbox/);
  const body = issueBody(f, { repo: null, serverUrl: 'https://github.com', commit: null, toolVersion: '0.0.0' });
  assert.match(body, PLAIN);
});
