// The real CLI's output through a pipe: a reader that reads late gets every byte of a large report (the process
// waits for stdout to drain before it exits), and a reader that goes away early costs no crash trace nor the exit code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, writeFiles } from '../helpers/temp.ts';
import { startCli } from '../helpers/cli-process.ts';
import { buggyProject } from '../helpers/project.ts';

/** A pipe this much bigger than the kernel's (64 KiB) shows a cut at any point. */
const LARGE = 1_000_000;
const LATE_MS = 1_000;

test('a pipe read 1 s late gets the whole output: scan --json and report --format json|sarif|md, byte for byte', async (t) => {
  const target = tempDir(t, 'bh-drain-');
  // 300 files, two confirmed findings each: a report well over 1 MB.
  writeFiles(target, buggyProject(300));
  const scan = await startCli(['scan', target, '--json'], { readStdoutAfterMs: LATE_MS }).ended;
  assert.equal(scan.code, 1, scan.stderr);
  assert.ok(scan.stdout.length > LARGE, `scan --json printed ${scan.stdout.length} bytes`);
  assert.doesNotThrow(() => JSON.parse(scan.stdout.toString('utf8')), 'scan --json is whole JSON');

  const stored = JSON.parse(readFileSync(join(target, '.bug-hunter', 'scan-report.json'), 'utf8')) as unknown;
  for (const format of ['json', 'sarif', 'md'] as const) {
    const late = await startCli(['report', target, '--format', format], { readStdoutAfterMs: LATE_MS }).ended;
    const prompt = await startCli(['report', target, '--format', format]).ended;
    assert.equal(late.code, 0, late.stderr);
    assert.ok(late.stdout.length > 100_000, `${format}: ${late.stdout.length} bytes`);
    // The same bytes as a reader that keeps up (which a cut at 64 KiB would not be).
    assert.equal(late.stdout.length, prompt.stdout.length, `${format}: ${late.stdout.length} bytes read late, ${prompt.stdout.length} read at once`);
    assert.ok(late.stdout.equals(prompt.stdout), format);
    if (format !== 'md') assert.doesNotThrow(() => JSON.parse(late.stdout.toString('utf8')), `${format} is whole JSON`);
    if (format === 'json') {
      assert.ok(late.stdout.length > LARGE, `report --format json printed ${late.stdout.length} bytes`);
      assert.deepEqual(JSON.parse(late.stdout.toString('utf8')), stored);
    }
  }
});

test('a reader that closes the pipe after 10 bytes (| head -c 10): no crash trace, the documented exit code', async (t) => {
  const target = tempDir(t, 'bh-drain-');
  writeFiles(target, buggyProject(100));
  const scan = await startCli(['scan', target, '--json'], { closeStdoutAfter: 10 }).ended;
  assert.equal(scan.code, 1, scan.stderr);
  assert.doesNotMatch(scan.stderr, /EPIPE|Error:|\n\s+at /, scan.stderr);
  for (const format of ['json', 'md']) {
    const report = await startCli(['report', target, '--format', format], { closeStdoutAfter: 10 }).ended;
    assert.equal(report.code, 0, report.stderr);
    assert.equal(report.signal, null);
    assert.doesNotMatch(report.stderr, /EPIPE|Error:|\n\s+at /, report.stderr);
  }
});
