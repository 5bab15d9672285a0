// `this.x` read in the function that stored it: an ES5 constructor (`function Hash(hash) { this.source = hash.trim();
// this.source.match(…) }`, as a class compiled to ES5 reads it) or any function storing before it reads. The value is
// what the function stored there before the read. Before, only a class constructor's own reads, and a prototype
// method's, were traced: the field of an ES5 constructor was of unknown origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../src/engines/static/score.ts';

const rules = (content: string, rule: string) => upheldFindings({ path: 'lib/hash.js', content, language: 'javascript', isTest: false, publicApi: 'hash-lib' }).filter((f) => f.ruleId === rule);

const ctor = (stored: string) => `'use strict';
function Hash(hash, opts) {
  this.source = ${stored};
  var match = this.source.match(/^([a-z]+)+$/);
  this.algorithm = match && match[1];
}
Hash.prototype.toString = function () { return this.algorithm; };
function parse(sri, opts) {
  return new Hash(sri, opts);
}
module.exports.parse = parse;
`;

test('an ES5 constructor reads the field it stored from its argument: the caller\'s text reaches the pattern', () => {
  assert.equal(rules(ctor('hash.trim()'), 'redos').length, 1);
});

test('decoy: the field stored from a literal stays the library\'s', () => {
  assert.equal(rules(ctor("'sha512'"), 'redos').length, 0);
});

test('a command built from a field the exported constructor stored from its parameter', () => {
  const content = `var cp = require('child_process');
function Runner(cmd) {
  this.cmd = cmd;
  this.out = cp.execSync('git ' + this.cmd);
}
module.exports = Runner;
`;
  assert.equal(rules(content, 'command-injection').length, 1);
  assert.equal(rules(content.replace('this.cmd = cmd;', "this.cmd = 'status';"), 'command-injection').length, 0);
});
