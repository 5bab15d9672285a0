// A sink bound as a later declarator of a `var` list (network 0.6.1's `var os = require('os'), exec =
// require('child_process').exec`) is the sink as much as in its own declaration; a member of another module is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moduleBindings } from '../../src/static/modules.ts';
import { huntFile } from '../../src/static/index.ts';

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
