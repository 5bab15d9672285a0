// A file whose text another file of the run had takes that file's candidates (candidate-memo.ts): its findings must be
// exactly those it gets analysed cold, under its own path, and whatever else the candidates depend on (the path as the
// handler shapes read it, the library it belongs to) must keep two files apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { huntFile, type SourceFile } from '../../../src/engines/static/index.ts';
import { clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { detectorTimes, recordDetectorTimes } from '../../../src/engines/static/detector-times.ts';

// An app-router handler: its parameter is request input only at a route path (frameworks.json's export shape).
const CONTENT = `export async function GET(incoming) {
  const where = incoming.url;
  const r = await fetch(where);
  return r;
}
export function run(code) {
  return eval(code);
}
`;

const file = (path: string, extra: Partial<SourceFile> = {}): SourceFile => ({ path, content: CONTENT, language: 'javascript', isTest: false, ...extra });

function cold(f: SourceFile) {
  clearAnalysisMemo();
  return huntFile(f);
}

const parses = (): number => detectorTimes().find((t) => t.name === '<parse>')?.files ?? 0;

test('a second file with the same text and inputs takes the first one\'s candidates, with findings of its own path', () => {
  const second = file('app/api/two/route.js');
  const expected = cold(second);
  assert.ok(expected.some((f) => f.ruleId === 'ssrf'), 'the route handler\'s parameter is request input');
  clearAnalysisMemo();
  recordDetectorTimes(true);
  try {
    huntFile(file('app/api/one/route.js'));
    assert.equal(parses(), 1);
    const again = huntFile(second);
    assert.equal(parses(), 1, 'the second file was not parsed and analysed again');
    assert.deepEqual(again, expected);
    assert.ok(again.every((f) => f.evidence.every((e) => e.file === 'app/api/two/route.js')));
  } finally {
    recordDetectorTimes(false);
  }
});

test('the same text at a path the handler shapes read otherwise, or in a library, is analysed for itself', () => {
  const variants = [file('lib/go.js'), file('app/api/go/route.js', { publicApi: 'go' }), file('lib/go.js', { publicApi: 'go' })];
  const expected = variants.map(cold);
  assert.ok(!expected[0]!.some((f) => f.ruleId === 'ssrf'), 'outside a route the parameter is no request input');
  clearAnalysisMemo();
  huntFile(file('app/api/go/route.js'));
  assert.deepEqual(variants.map((v) => huntFile(v)), expected);
});
