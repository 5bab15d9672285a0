// The leads phase's pure core: SARIF results parsed from real logs become lead records — placed candidates, or
// dropped with the reason — with one id per distinct result, a bug class when one is known, in a stable order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSarif } from '../../../src/engines/leads/sarif.ts';
import { leadPath } from '../../../src/engines/leads/paths.ts';
import { classOf } from '../../../src/engines/static/lead-classes.ts';
import type { LeadFile } from '../../../src/engines/leads/read.ts';
import { buildLeads, type ScannedFile } from '../../../src/phases/leads/core.ts';

const ROOT = '/srv/target';
const log = (tool: string, results: unknown[]) => JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: tool, version: '1.0.0' } }, results }] });
const at = (uri: string, startLine: number) => ({ physicalLocation: { artifactLocation: { uri }, region: { startLine } } });
const sarif = (path: string, text: string): LeadFile => ({ path, sha256: 'b'.repeat(64), parsed: parseSarif(text, path) });

function build(files: LeadFile[], scanned: ReadonlyMap<string, ScannedFile>) {
  const paths = new Set(scanned.keys());
  return buildLeads(files, scanned, { place: (uri) => leadPath(uri, ROOT, paths), classify: classOf });
}

test('a result at a scanned file and line is a candidate with its bug class; a file the run does not hunt drops it with the reason', () => {
  const scanned = new Map([['src/run.js', { lines: 20 }]]);
  const built = build([sarif('a.sarif', log('eslint', [
    { ruleId: 'security/detect-child-process', message: { text: 'child_process.exec with a variable' }, locations: [at('src/run.js', 4)] },
    { ruleId: 'no-eval', message: { text: 'eval' }, locations: [at('src/vendor/min.js', 1)] },
  ]))], scanned);
  const [candidate, dropped] = [built.leads.find((l) => l.status === 'candidate'), built.leads.find((l) => l.status === 'dropped')];
  assert.equal(candidate?.file, 'src/run.js');
  assert.equal(candidate?.startLine, 4);
  assert.equal(candidate?.bugClass, 'command-injection');
  assert.match(dropped?.reason ?? '', /"src\/vendor\/min\.js" is not a file this run hunts/);
  assert.equal(dropped?.file, undefined);
  assert.deepEqual(built.sources, [{ path: 'a.sarif', sha256: 'b'.repeat(64), tools: [{ name: 'eslint', version: '1.0.0', results: 2 }] }]);
});

test('the same result in two SARIF files is one lead; results differing only in message are two', () => {
  const scanned = new Map([['src/a.js', { lines: 10 }]]);
  const same = { ruleId: 'no-eval', message: { text: 'eval of input' }, locations: [at('src/a.js', 3)] };
  const built = build([
    sarif('one.sarif', log('eslint', [same])),
    sarif('two.sarif', log('eslint', [same, { ...same, message: { text: 'eval again' } }])),
  ], scanned);
  assert.equal(built.leads.length, 2);
  assert.equal(new Set(built.leads.map((l) => l.id)).size, 2);
  assert.ok(built.leads.every((l) => /^LEAD-[0-9a-f]{12}$/.test(l.id)));
  // The first file that reported it is its source.
  assert.equal(built.leads.find((l) => l.message === 'eval of input')?.source, 0);
  assert.equal(built.leads.find((l) => l.message === 'eval again')?.source, 1);
});

test('leads are sorted by file, then line; a result with no location is dropped, saying so', () => {
  const scanned = new Map([['src/a.js', { lines: 50 }], ['src/b.js', { lines: 50 }]]);
  const built = build([sarif('x.sarif', log('semgrep', [
    { ruleId: 'r1', message: { text: 'late' }, locations: [at('src/b.js', 9)] },
    { ruleId: 'r2', message: { text: 'later in a' }, locations: [at('src/a.js', 30)] },
    { ruleId: 'r3', message: { text: 'early in a' }, locations: [at('src/a.js', 2)] },
    { ruleId: 'r4', message: { text: 'nowhere' } },
  ]))], scanned);
  const placed = built.leads.filter((l) => l.file !== undefined).map((l) => `${l.file}:${l.startLine}`);
  assert.deepEqual(placed, ['src/a.js:2', 'src/a.js:30', 'src/b.js:9']);
  const nowhere = built.leads.find((l) => l.message === 'nowhere');
  assert.equal(nowhere?.status, 'dropped');
  assert.equal(nowhere?.reason, 'x.sarif runs[0].results[3] has no physical location');
  assert.equal(built.leads[0], nowhere, 'a lead with no file sorts first');
});
