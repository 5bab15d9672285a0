// An own-property check of the target (`hasOwnProperty.call(t, k)`) guards a write only when it stands in its way
// (governs.ts): the write, the merge's descent or the walk's step sits in the `if` it conditions, or the `if` leaves
// before them, or it reads or sets the written object's entries. A check after the merge loop, or one that only notes
// something beside the merge, was taken as a guard because its text was in the function; `__proto__` still reaches
// the write. Checks that skip, branch around, step or prepare the entry keep the rule silent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const fires = (content: string) => upheldFindings({ path: 'lib/merge.js', content, language: 'javascript', isTest: false }).some((f) => f.ruleId === 'prototype-pollution');

/** A path setter whose loop over all but the last key runs `step`. */
const WALK = (step: string) => `function set(obj, path, value) {
  const keys = path.split('.');
  let cur = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    ${step}
  }
  cur[keys[keys.length - 1]] = value;
  return obj;
}
module.exports = { set };
`;

const BUGS: Record<string, string> = {
  // the check comes after the merge loop
  afterLoop: `function isObject(v) { return v !== null && typeof v === 'object'; }
function merge(target, source) {
  for (const key in source) {
    if (isObject(source[key])) {
      if (!isObject(target[key])) target[key] = {};
      merge(target[key], source[key]);
    } else {
      target[key] = source[key];
    }
  }
  if (Object.prototype.hasOwnProperty.call(target, 'toJSON')) delete target.toJSON;
  return target;
}
module.exports = merge;
`,
  // the check only notes the key beside the merge
  sideNote: `function extend(target, source, added) {
  for (const key in source) {
    if (!Object.prototype.hasOwnProperty.call(target, key)) added.push(key);
    if (typeof source[key] === 'object' && source[key] !== null) {
      target[key] = target[key] || {};
      extend(target[key], source[key], added);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = extend;
`,
};

const DECOYS: Record<string, string> = {
  // the check decides the branch that descends
  branch: `function merge(target, source) {
  for (const key in source) {
    if (Object.prototype.hasOwnProperty.call(target, key) && isObject(target[key])) merge(target[key], source[key]);
    else target[key] = source[key];
  }
  return target;
}
function isObject(v) { return v !== null && typeof v === 'object'; }
module.exports = merge;
`,
  // the check skips the key before the descent
  continue: `function merge(target, source) {
  for (const key in source) {
    if (isObject(source[key])) {
      if (!Object.prototype.hasOwnProperty.call(target, key)) continue;
      merge(target[key], source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
function isObject(v) { return v !== null && typeof v === 'object'; }
module.exports = merge;
`,
  // the check decides which entry the descent enters
  entry: `function merge(target, source) {
  for (const key in source) {
    let next;
    if (Object.prototype.hasOwnProperty.call(target, key)) next = target[key];
    else next = target[key] = {};
    if (source[key] && typeof source[key] === 'object') merge(next, source[key]);
    else target[key] = source[key];
  }
  return target;
}
module.exports = merge;
`,
  // the check leaves before the walk's step
  loopEnd: `function set(obj, path, value) {
  const keys = path.split('.');
  let cur = obj;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (i === keys.length - 1) { cur[k] = value; break; }
    if (!Object.prototype.hasOwnProperty.call(cur, k)) return obj;
    cur = cur[k];
  }
  return obj;
}
module.exports = { set };
`,
  // the walk steps only into own entries
  walkOwnStep: WALK('if (Object.prototype.hasOwnProperty.call(cur, keys[i])) { cur = cur[keys[i]]; }'),
  // the walk steps into own entries, else returns
  walkStep: WALK('if (Object.prototype.hasOwnProperty.call(cur, keys[i])) cur = cur[keys[i]];\n    else return obj;'),
};

test('an own-property check that stands in no write\'s way is no guard', () => {
  for (const [name, content] of Object.entries(BUGS)) assert.ok(fires(content), `${name} not reported`);
});

test('an own-property check that skips, branches around, steps or prepares the entry still guards', () => {
  for (const [name, content] of Object.entries(DECOYS)) assert.equal(fires(content), false, `${name} reported`);
});
