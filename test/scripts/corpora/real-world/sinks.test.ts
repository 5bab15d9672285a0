import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RealWorldCase } from '../../../../scripts/corpora/real-world/corpus.ts';
import { enclosingFunctionAt, functionNamed } from '../../../../scripts/corpora/real-world/locate.ts';
import { locateCaseSinks } from '../../../../scripts/corpora/real-world/sinks.ts';

const VULNERABLE = [
  "var exec = require('child_process').exec;",
  '',
  'module.exports = function (iface, callback) {',
  '  exec("ifconfig " + iface, function (err, out) {',
  '    callback(err, out);',
  '  });',
  '};',
  'module.exports.end = s => s.replace(/[\\r\\n]+$/, "");',
  '',
].join('\n');
const FIXED = [
  "var execFile = require('child_process').execFile;",
  '// a comment line that shifts everything down',
  'module.exports = function (iface, callback) {',
  '  execFile("ifconfig", [iface], function (err, out) {',
  '    callback(err, out);',
  '  });',
  '};',
].join('\n');

const base: RealWorldCase = {
  id: 'mac', package: 'macaddress', vulnerable: '0.2.8', fixed: '0.2.9', advisories: ['CVE-2018-13797'], year: 2018,
  class: 'command-injection', cwe: 'CWE-78', kind: 'library', summary: 's',
  sink: { file: 'lib/unix.js', line: 4, function: 'module.exports', snippet: 'exec("ifconfig " + iface' },
};
const read = (which: 'vulnerable' | 'fixed', path: string) => (path === 'lib/unix.js' ? (which === 'vulnerable' ? VULNERABLE : FIXED) : undefined);

test('the sink\'s function is the one around the snippet, not a callback that starts on the same line', () => {
  assert.deepEqual(enclosingFunctionAt('a.js', VULNERABLE, 4, 'exec("ifconfig'), { name: 'module.exports', startLine: 3, endLine: 7, occurrence: 0 });
  // Without a snippet the first non-blank character decides, which is also outside the callback.
  assert.equal(enclosingFunctionAt('a.js', VULNERABLE, 4)?.name, 'module.exports');
  // Inside a one-line arrow function, the snippet's column puts the sink in the arrow.
  assert.equal(enclosingFunctionAt('a.js', VULNERABLE, 8, 's.replace(')?.name, 'module.exports.end');
  assert.equal(enclosingFunctionAt('a.js', VULNERABLE, 1), undefined);
});

test('a correct pin locates the sink in both versions', () => {
  const sinks = locateCaseSinks(base, read);
  assert.deepEqual(sinks.errors, []);
  assert.deepEqual(sinks.vulnerable, [{ file: 'lib/unix.js', line: 4, functionStart: 3, functionEnd: 7 }]);
  assert.deepEqual(sinks.fixed, [{ file: 'lib/unix.js', functionStart: 3, functionEnd: 7 }]);
});

test('a pin whose line, snippet, function or file is wrong is refused with the reason', () => {
  assert.match(locateCaseSinks({ ...base, sink: { ...base.sink, line: 5 } }, read).errors.join(), /does not contain 'exec\("ifconfig " \+ iface'/);
  assert.match(locateCaseSinks({ ...base, sink: { ...base.sink, function: 'one' } }, read).errors.join(), /is 'module\.exports', not 'one'/);
  assert.match(locateCaseSinks({ ...base, sink: { ...base.sink, file: 'lib/linux.js' } }, read).errors.join(), /lib\/linux\.js is not in macaddress@0\.2\.8/);
  assert.match(locateCaseSinks({ ...base, sink: { ...base.sink, line: 99 } }, read).errors.join(), /fewer than 99 lines/);
  // A module-level sink must say so.
  assert.deepEqual(locateCaseSinks({ ...base, sink: { file: 'lib/unix.js', line: 1, function: '<module>', snippet: 'require(' } }, read).errors, []);
});

test('when the fix removed the function, the fixed sink is the whole file', () => {
  const sinks = locateCaseSinks({ ...base, alsoAt: [{ file: 'lib/unix.js', line: 8, function: 'module.exports.end', snippet: 's.replace(' }] }, read);
  assert.deepEqual(sinks.errors, []);
  assert.deepEqual(sinks.fixed[1], { file: 'lib/unix.js' });
});

test('functions sharing a name are told apart by their rank in the file', () => {
  const src = ['a.forEach(function () {', '  x();', '});', 'a.forEach(function () {', '  y();', '});'].join('\n');
  assert.equal(enclosingFunctionAt('a.js', src, 5)?.occurrence, 1);
  assert.deepEqual(functionNamed('a.js', src, 'a.forEach() callback', 1), { name: 'a.forEach() callback', startLine: 4, endLine: 6, occurrence: 1 });
});
