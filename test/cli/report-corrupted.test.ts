import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArtifact } from '../../src/artifacts/store.ts';
import { runCompiledMany } from '../helpers/cli-many.ts';
import { tempDir } from '../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Report = Record<string, unknown> & { findings: { finding: Record<string, unknown> }[] };

// Each way to break the stored report, applied to a copy of the bundled example's scan-report.json.
const CORRUPTIONS: Record<string, (r: Report) => void> = {
  'an unknown severity and an extra property': (r) => {
    r.findings[0]!.finding.severity = 'apocalyptic';
    r.bogus = 1;
  },
  'a line number that is text': (r) => {
    r.findings[0]!.finding.line = 'nine';
  },
  'the run identity missing': (r) => {
    delete r.run;
  },
};

// The compiled CLI validates with the validators the build wrote as code (and TypeBox bundled into dist/vendor/);
// this process runs src/ under tsx, where ajv compiles the same schema now. Both must refuse with the same words.
test('report list refuses a corrupted scan-report.json (exit 3) with the message a run-time compiled validator gives', (t) => {
  const cases: { what: string; target: string; expected: string }[] = [];
  for (const [what, corrupt] of Object.entries(CORRUPTIONS)) {
    const target = tempDir(t, 'bh-corrupt-');
    cpSync(join(ROOT, 'examples/demo-api'), target, { recursive: true, filter: (src) => !src.includes('.bug-hunter') });
    cpSync(join(ROOT, '.bug-hunter.example'), join(target, '.bug-hunter'), { recursive: true });
    const file = join(target, '.bug-hunter', 'scan-report.json');
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    corrupt(report);
    const text = JSON.stringify(report, null, 2);
    writeFileSync(file, text);

    let expected = '';
    assert.throws(() => parseArtifact('scan-report', text, file), (error: Error) => ((expected = error.message), true));
    assert.match(expected, /is not valid \(\//, what);
    cases.push({ what, target, expected });
  }
  // The compiled CLI, one process for the three reports.
  const results = runCompiledMany(cases.map((c) => ['report', 'list', c.target, '--no-color']));
  for (const [i, { what, expected }] of cases.entries()) {
    const result = results[i]!;
    assert.equal(result.code, 3, `${what}: ${result.stderr}`);
    assert.equal(result.stdout, '', what);
    assert.ok(result.stderr.includes(expected), `${what}: the CLI said\n${result.stderr}\nnot\n${expected}`);
  }
});
