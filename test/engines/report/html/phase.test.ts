// Every run that reaches the report phase writes report.html beside report.md, an incomplete one included, and
// `bug-hunter report --format html` prints the same kind of page from the stored report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../../helpers/cli.ts';
import { makeFinding } from '../../../helpers/builders.ts';
import { makeTarget, outDirOf, removeTarget, runReport } from '../run-phase.ts';

const SOURCE = "import { exec } from 'node:child_process';\nexport function run(req) {\n  exec(req.query.cmd);\n}\n";

test('an incomplete run (a finding left unreviewed) still writes report.html with that finding in its section', async (t) => {
  const target = makeTarget({ 'src/a.ts': SOURCE });
  t.after(() => removeTarget(target));
  const f = makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(req.query.cmd);' });
  await runReport(target, 'run-incomplete', ['src/a.ts'], [f], { [f.id]: 'unreviewed' });
  const report = JSON.parse(readFileSync(join(outDirOf(target), 'scan-report.json'), 'utf8')) as { status: string };
  assert.equal(report.status, 'incomplete');
  const page = readFileSync(join(outDirOf(target), 'report.html'), 'utf8');
  assert.match(page, /<h2 id="unreviewed-h">Unreviewed \(1\)/);
  assert.ok(page.includes(`id="${f.id}"`));
  // The evidence is shown with the lines around it, read from the target.
  assert.match(page, /<code>1  import \{ exec \}[^\n]*\n2  export function run\(req\) \{\n<mark>3    exec\(req\.query\.cmd\);\n<\/mark>4  \}\n/);

  const printed = await runCli(['report', '--format', 'html', target]);
  assert.equal(printed.code, 0, printed.stderr);
  assert.match(printed.stdout, /^<!DOCTYPE html>/);
  assert.ok(printed.stdout.includes(`id="${f.id}"`));
  assert.ok(existsSync(join(outDirOf(target), 'report.md')));
});
