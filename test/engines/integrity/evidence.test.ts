import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import { unsupportedAnswer, unsupportedEvidence } from '../../../src/engines/integrity/evidence.ts';

const source = ['function run(cmd) {', '  exec("ls " + cmd);', '}'].join('\n');

function finding(quote: string, line = 2, file = 'src/a.js'): Finding {
  return {
    id: 'BH-0123456789ab',
    fingerprint: '0123456789abcdef',
    file,
    startLine: line,
    endLine: line,
    category: 'injection',
    severity: 'high',
    confidence: 0.9,
    claim: 'command injection',
    evidence: [{ file, startLine: line, endLine: line, quote }],
    runtimeTrigger: 'cmd contains ;',
    lens: 'injection',
    engine: 'static',
  };
}

const sources = new Map([['src/a.js', source]]);

test('a quote that matches the cited line, whitespace-normalised, is supported', () => {
  assert.equal(unsupportedEvidence(finding('exec("ls "   +   cmd);'), sources), null);
});

test('a quote that is not at the cited lines is unsupported', () => {
  assert.match(unsupportedEvidence(finding('exec("ls " + cmd);', 1), sources) ?? '', /does not match src\/a.js:1-1/);
});

test('an invented quote is unsupported', () => {
  assert.match(unsupportedEvidence(finding('eval(userInput)'), sources) ?? '', /does not match/);
});

test('lines past the end of the file are unsupported', () => {
  assert.match(unsupportedEvidence(finding('x', 40), sources) ?? '', /outside src\/a.js/);
});

test('a file outside the chunk is unsupported', () => {
  assert.match(unsupportedEvidence(finding('x', 1, 'src/other.js'), sources) ?? '', /not in the chunk/);
});

test("a model's answer about a finding is checked by the same rule: it must quote, and each quote must be at its cited lines", () => {
  const read = (file: string) => (file === 'src/a.js' ? source : undefined);
  const quote = (text: string, line = 2, file = 'src/a.js') => ({ file, startLine: line, endLine: line, quote: text });
  assert.equal(unsupportedAnswer([quote('exec("ls "   + cmd);')], read), null);
  assert.equal(unsupportedAnswer([], read), 'it quotes no source');
  assert.equal(unsupportedAnswer(undefined, read), 'it quotes no source');
  assert.equal(unsupportedAnswer([quote('exec("ls " + cmd);', 1)], read), 'evidence quote does not match src/a.js:1-1');
  assert.equal(unsupportedAnswer([quote('x', 1, 'src/other.js')], read), 'evidence cites src/other.js, which is not in this run');
  assert.equal(unsupportedAnswer([quote('exec("ls " + cmd);'), quote('}', 9)], read), 'evidence lines 9-9 are outside src/a.js', 'every quote, not only the first');
});
