// A method's callers through a name holding `this` (`var self = this`, `var _this = this` as compilers write an
// arrow's `this` for ES5): `self._run(cmd)` calls `Ctor.prototype._run` as `this._run(cmd)` does. Before, only
// `this.`-calls were the method's callers, so a private method reached from an exported one through `self` had none,
// and what it passed to the sink was never traced to the caller.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../src/engines/static/score.ts';

const ruleAt = (content: string, rule: string) => upheldFindings({ path: 'lib/disk.js', content, language: 'javascript', isTest: false, publicApi: 'disk-lib' }).filter((f) => f.ruleId === rule);

const library = (alias: string, passed: string) => `var childProcess = require('child_process');
function Disk() {}
Disk.prototype._size = function (dir) {
  return new Promise(function (resolve) {
    childProcess.exec('du -s ' + dir, function (err, out) { resolve(out); });
  });
};
Disk.prototype.size = function (dir) {
  var ${alias} = this;
  return new Promise(function (resolve) {
    ${alias}._size(${passed}).then(resolve);
  });
};
module.exports = Disk;
`;

for (const alias of ['self', '_this', 'disk']) {
  test(`a private method called through \`${alias} = this\` gets the exported method's argument`, () => {
    assert.equal(ruleAt(library(alias, 'dir'), 'command-injection').length, 1);
  });
}

test('decoy: called through the alias with the library\'s own constant, it stays the library\'s', () => {
  assert.equal(ruleAt(library('self', "'/var/log'"), 'command-injection').length, 0);
});
