// A sink bound as a later declarator of a `var` list (network 0.6.1's `var os = require('os'), exec =
// require('child_process').exec`) is the sink as much as in its own declaration; a member of another module is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moduleBindings } from '../../../src/engines/static/modules.ts';
import { huntFile, judgeStatic, refuteStatic } from '../../../src/engines/static/index.ts';

test('a member of child_process held by a later declarator of a var list is bound to that member', () => {
  const b = moduleBindings("var os = require('os'),\n    exec = require('child_process').exec,\n    spawn = require('other').spawn;", ['child_process']);
  assert.equal(b.named.get('exec'), 'exec');
  assert.equal(b.named.has('spawn'), false);
});

test('the library command built from an exported parameter and run through that binding is found', () => {
  const content = [
    "var os = require('os'),",
    "    exec = require('child_process').exec;",
    'function trim_exec(cmd, cb) { exec(cmd, cb); }',
    "exports.mac_address_for = function (nic, cb) { trim_exec('cat /sys/class/net/' + nic + '/address', cb); };",
  ].join('\n');
  const found = huntFile({ path: 'lib/linux.js', content, language: 'javascript', isTest: false, publicApi: 'network' });
  assert.deepEqual(found.map((f) => [f.ruleId, f.startLine]), [['command-injection', 3]]);
});

const nic = (check: string[]) => [
  "var exec = require('child_process').exec;",
  ...check,
  'function trim_exec(cmd, cb) { exec(cmd, cb); }',
  "exports.mac_address_for = function (nic, cb) {",
  '  ensure_valid_nic(nic);',
  "  trim_exec('cat /sys/class/net/' + nic + '/address', cb);",
  '};',
].join('\n');

test('a validator helper that throws unless the name fits an allow-list contains it (network 0.7.0); one that checks less does not', () => {
  const hunt = (content: string) => huntFile({ path: 'lib/linux.js', content, language: 'javascript', isTest: false, publicApi: 'network' }).map((f) => f.ruleId);
  assert.deepEqual(hunt(nic(['function ensure_valid_nic(str) {', '  if (str.match(/[^\\w]/)) throw new Error("Invalid nic name given: " + str);', '}'])), []);
  assert.deepEqual(hunt(nic(['function ensure_valid_nic(str) {', '  if (!/^\\w+$/.test(str)) throw new Error("bad");', '}'])), []);
  // Counter-decoys: a length check, and a pattern that only rejects some characters, are no allow-list.
  assert.deepEqual(hunt(nic(['function ensure_valid_nic(str) {', '  if (str.length > 15) throw new Error("too long");', '}'])), ['command-injection']);
  assert.deepEqual(hunt(nic(['function ensure_valid_nic(str) {', '  if (str.match(/[;&]/)) throw new Error("bad");', '}'])), ['command-injection']);
});

test('the validator helper also contains a sink in the same function after it', () => {
  const content = [
    "var exec = require('child_process').exec;",
    'function ensure_valid_nic(str) { if (str.match(/[^\\w]/)) throw new Error("bad"); }',
    'exports.interface_type_for = function (nic_name, cb) {',
    '  ensure_valid_nic(nic_name);',
    "  exec('cat /proc/net/wireless | grep ' + nic_name, cb);",
    '};',
    'exports.unchecked = function (nic_name, cb) {',
    "  exec('cat /proc/net/wireless | grep ' + nic_name, cb);",
    '};',
  ].join('\n');
  const found = huntFile({ path: 'lib/linux.js', content, language: 'javascript', isTest: false, publicApi: 'network' });
  const confirmed = found.filter((f) => judgeStatic(f, refuteStatic(f, { path: 'lib/linux.js', content, language: 'javascript', isTest: false, publicApi: 'network' })).verdict === 'confirmed');
  assert.deepEqual(confirmed.map((f) => f.startLine), [8]);
});
