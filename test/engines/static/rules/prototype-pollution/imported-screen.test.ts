// A row builder writing `row[table][column] = value` with the table name passed through another module's screen that
// throws on `__proto__` (mysql2's `fieldEscape`): `row.constructor` is a function and `prototype` is not writable on
// it, so with `__proto__` refused the two-level write reaches no prototype. The screen is read from the other module
// (cross-file/key-screen.ts); a screen that misses `__proto__`, a negated allow-list, a check after a return, or a third
// level keep the finding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossFileIncoming } from '../../../../../src/engines/static/index.ts';
import { exportFacts } from '../../../../../src/engines/static/cross-file/export-facts.ts';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const ROWS = (write: string) => [
  "const helpers = require('./helpers');",
  'module.exports = function buildRow(fields, values) {',
  '  const row = {};',
  '  for (let i = 0; i < fields.length; i++) {',
  '    const table = helpers.checkName(fields[i].table);',
  '    if (!row[table]) row[table] = {};',
  `    ${write};`,
  '  }',
  '  return row;',
  '};',
  '',
].join('\n');
const TWO_LEVELS = ROWS('row[table][helpers.checkName(fields[i].name)] = values[i]');

const SCREEN = [
  "const privateProps = new Set(['__defineGetter__', '__lookupGetter__', '__proto__']);",
  'const checkName = (name, quote = false) => {',
  '  if (privateProps.has(name)) {',
  "    throw new Error(`The field name (${name}) can't be an object's private property.`);",
  '  }',
  '  return quote ? JSON.stringify(name) : name;',
  '};',
  'exports.checkName = checkName;',
  '',
].join('\n');

/** Whether the first module is reported, scanned with the facts the cross-file pass reads from its relative imports. */
function reportedAcross(files: Record<string, string>): boolean {
  const sources = Object.entries(files).map(([path, content]) => ({ path, content, language: 'javascript', isTest: false, publicApi: 'rows' }));
  const { imported } = crossFileIncoming(sources);
  const main = sources[0]!;
  const facts = imported.get(main.path);
  return upheldFindings({ ...main, ...(facts ? { imported: facts } : {}) }).some((f) => f.ruleId === 'prototype-pollution');
}

test('a two-level write whose outer key passed another module\'s __proto__ screen is not reported', () => {
  assert.equal(reportedAcross({ 'lib/rows.js': TWO_LEVELS, 'lib/helpers.js': SCREEN }), false);
  // The screen compared with the literal, as a function declaration.
  const literal = "function checkName(name) {\n  if (name === '__proto__' || name === '__defineGetter__') throw new Error('bad name');\n  return name;\n}\nmodule.exports = { checkName };\n";
  assert.equal(reportedAcross({ 'lib/rows.js': TWO_LEVELS, 'lib/helpers.js': literal }), false);
});

test('the screen module records the fact; a screen that does not refuse __proto__ on every call records none', () => {
  assert.deepEqual(exportFacts({ path: 'lib/helpers.js', content: SCREEN, language: 'javascript', isTest: false }).map((f) => [f.key, f.screen]), [['checkName', true]]);
  const none = (content: string) => exportFacts({ path: 'lib/helpers.js', content, language: 'javascript', isTest: false }).length;
  // The list leaves `__proto__` out.
  assert.equal(none(SCREEN.replace(", '__proto__'", '')), 0);
  // A negated allow-list throws on what it leaves out, and lets `__proto__` (which it lists) through.
  assert.equal(none(SCREEN.replace('if (privateProps.has(name))', 'if (!privateProps.has(name))')), 0);
  // The check stands after a return: a call can skip it.
  assert.equal(none(SCREEN.replace('  if (privateProps.has(name)) {', '  if (quote) return JSON.stringify(name);\n  if (privateProps.has(name)) {')), 0);
  // It returns something other than what it made of the name.
  assert.equal(none(SCREEN.replace('return quote ? JSON.stringify(name) : name;', 'return lookup[quote];')), 0);
});

test('the write is reported when the screen misses __proto__, the name is not screened, or the chain goes a level deeper', () => {
  assert.equal(reportedAcross({ 'lib/rows.js': TWO_LEVELS, 'lib/helpers.js': SCREEN.replace(", '__proto__'", '') }), true);
  assert.equal(reportedAcross({ 'lib/rows.js': TWO_LEVELS, 'lib/helpers.js': SCREEN.replace('if (privateProps.has(name))', 'if (!privateProps.has(name))') }), true);
  assert.equal(reportedAcross({ 'lib/rows.js': TWO_LEVELS.replace('helpers.checkName(fields[i].table)', 'String(fields[i].table)'), 'lib/helpers.js': SCREEN }), true);
  // `row.constructor.prototype[name]`: three levels reach Object.prototype through `constructor`, which the screen allows.
  const three = ROWS('row[table][fields[i].group][fields[i].name] = values[i]');
  assert.equal(reportedAcross({ 'lib/rows.js': three, 'lib/helpers.js': SCREEN }), true);
});
