// `walk(obj, head)[last] = v`: the object a walking helper (often another module's) reached, written at once by the
// path's last segment — the popped tail, or a sibling piece of the same split (`parts[1]` walked, `parts[2]` written)
// — as with `parent = walk(obj, head); parent[last] = v`. A call given no input, keys from separate arguments, or the
// same piece walked and written are not a path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const fires = (content: string) => upheldFindings({ path: 'lib/set.js', content, language: 'javascript', isTest: false }).some((f) => f.ruleId === 'prototype-pollution');

const BUGS: Record<string, string> = {
  // the path split by one regular expression: the head walked, the tail written
  exec: `var namespace = require('./namespace');
function set(obj, prop, val) {
  var parts = (/^(.+)\\.(.+)$/).exec(prop);
  if (parts) {
    namespace(obj, parts[1])[parts[2]] = val;
  } else {
    obj[prop] = val;
  }
}
module.exports = set;
`,
  // the last segment popped, the rest walked
  pop: `const { walk } = require('./walk');
function setIn(obj, path, value) {
  const keys = path.split('.');
  const last = keys.pop();
  walk(obj, keys)[last] = value;
  return obj;
}
module.exports = { setIn };
`,
};

const DECOYS: Record<string, string> = {
  // the helper is given no input
  noInput: `const { defaults } = require('./defaults');
function remember(key, value) {
  defaults(Date.now(), 'cache')[key] = value;
}
module.exports = { remember };
`,
  // a name and a key from separate arguments: one of the library's entries
  registry: `const registry = require('./registry');
function configure(name, key, value) {
  registry.lookup(registry.all, name)[key] = value;
}
module.exports = { configure };
`,
  // walked and written by the same piece: no second level
  samePiece: `const { section } = require('./sections');
function setTop(config, line, value) {
  const parts = line.split('=');
  section(config, parts[0])[parts[0]] = value;
}
module.exports = { setTop };
`,
};

test("a write into what a walking helper returned, by the path's last piece, is reported", () => {
  for (const [name, content] of Object.entries(BUGS)) assert.ok(fires(content), `${name} not reported`);
});

test('a write into what a helper returned for separate, equal or no input keys is not', () => {
  for (const [name, content] of Object.entries(DECOYS)) assert.equal(fires(content), false, `${name} reported`);
});
