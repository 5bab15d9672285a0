// A scan whose library holds a pattern that kills recheck's agent (4.5's seeder overflows its stack on it) ends, on
// both hunting paths: a lone thread asking through its helper thread (sync.ts) and the worker pool (pool.ts). It
// used to wait for ever, deaf to SIGTERM. The pattern beside it is still judged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, writeFiles } from '../../helpers/temp.ts';
import { startCli } from '../../helpers/cli-process.ts';

const OVERFLOWING = String.raw`/^(?:(["'])((?:(?!\2)[^\\]|\\.)*?)\2)$/`;
const LIBRARY = [
  `const QUOTED = ${OVERFLOWING};`,
  'const NESTED = /^(a+)+$/;',
  'exports.unquote = function unquote(text) {',
  '  return QUOTED.test(text) ? text.slice(1, -1) : text;',
  '};',
  'exports.isRun = function isRun(text) {',
  '  return NESTED.test(text);',
  '};',
  '',
].join('\n');

// Far longer than the scan takes (seconds); only a hang reaches it, and then the test fails instead of hanging too.
const HANG_MS = 120_000;

for (const [path, workers] of [['a lone hunting thread', '1'], ['the worker pool', '2']] as const) {
  test(`a scan through ${path} ends when recheck's agent dies on a pattern, and still judges the next one`, async (t) => {
    const target = tempDir(t, 'bh-recheck-crash-');
    writeFiles(target, { 'package.json': '{"name":"quoting","version":"1.0.0","main":"index.js"}\n', 'index.js': LIBRARY });
    const cli = startCli(['scan', target, '--loop', '--json'], { env: { BUG_HUNTER_WORKERS: workers } });
    const kill = setTimeout(() => cli.child.kill('SIGKILL'), HANG_MS);
    const ended = await cli.ended.finally(() => clearTimeout(kill));
    assert.equal(ended.signal, null, `the scan hung and was killed: ${ended.stderr}`);
    assert.equal(ended.code, 1, ended.stderr);
    const { report } = JSON.parse(ended.stdout.toString('utf8')) as { report: { status: string; findings: { finding: { ruleId: string; startLine: number } }[] } };
    assert.equal(report.status, 'complete', ended.stderr);
    const redos = report.findings.filter((f) => f.finding.ruleId === 'redos').map((f) => f.finding.startLine);
    // A ReDoS finding cites the pattern (line 2); line 1's pattern, which recheck could not judge, is not reported.
    assert.deepEqual(redos, [2], ended.stderr);
  });
}
