import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wantsColour } from '../../src/engines/terminal/colour.ts';

test('FORCE_COLOR=0 and FORCE_COLOR=false turn colour off, even on a terminal', () => {
  assert.equal(wantsColour(undefined, { FORCE_COLOR: '0' }, true), false);
  assert.equal(wantsColour(undefined, { FORCE_COLOR: 'false' }, true), false);
  assert.equal(wantsColour(undefined, { FORCE_COLOR: '1' }, false), true);
});

test('an explicit flag wins over the environment; NO_COLOR wins over FORCE_COLOR; otherwise a terminal gets colour', () => {
  assert.equal(wantsColour(true, { NO_COLOR: '1' }, false), true);
  assert.equal(wantsColour(false, { FORCE_COLOR: '1' }, true), false);
  assert.equal(wantsColour(undefined, { NO_COLOR: '1', FORCE_COLOR: '1' }, true), false);
  assert.equal(wantsColour(undefined, {}, true), true);
  assert.equal(wantsColour(undefined, {}, false), false);
});
