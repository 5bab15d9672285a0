import { test } from 'node:test';
import assert from 'node:assert/strict';
import { panelOutcome, staticUndecided, type Vote } from '../../../../src/engines/static/refute/panel.ts';

// The one panel rule (src/engines/static/refute/panel.ts), for the static and model paths alike.
const v = (vote: Vote['vote']): Vote => ({ seat: 's', engine: 'model:fake/m', vote, reason: 'r' });
const check = (vote: Vote['vote']): Vote => ({ seat: 'guards', engine: 'static', vote, reason: 'a guard on line 3' });

test('a strict majority of examining refuters kills a finding', () => {
  assert.equal(panelOutcome([v('refuted'), v('refuted'), v('upheld')]), 'killed');
  assert.equal(panelOutcome([v('refuted')]), 'killed');
});

test('abstentions do not count as examined', () => {
  assert.equal(panelOutcome([v('refuted'), v('abstained'), v('abstained')]), 'killed');
  assert.equal(panelOutcome([v('upheld'), v('abstained')]), 'survived');
});

test('an even split goes to the referee', () => {
  assert.equal(panelOutcome([v('refuted'), v('upheld')]), 'split');
});

test('a refutation checked against the source kills, however many refuters uphold the finding', () => {
  assert.equal(panelOutcome([check('refuted'), v('upheld'), v('upheld'), v('upheld')]), 'killed');
  assert.equal(panelOutcome([check('refuted'), check('upheld')]), 'killed');
  // A model's refutation is an argument: one against two is outvoted, one against one is for the referee.
  assert.equal(panelOutcome([v('refuted'), v('upheld'), v('upheld')]), 'survived');
  assert.equal(panelOutcome([check('upheld'), v('refuted')]), 'split');
});

test('nobody examined it: unreviewed, never survived', () => {
  assert.equal(panelOutcome([]), 'unreviewed');
  assert.equal(panelOutcome([v('abstained')]), 'unreviewed');
});

test('static checks that examined a finding but could not decide send it to the referee', () => {
  const undecided: Vote = { seat: 'guards', engine: 'static', vote: 'abstained', reason: 'needs a person' };
  assert.equal(staticUndecided([undecided]), true);
  assert.equal(staticUndecided([{ ...undecided, seat: 'integrity' }]), false);
  assert.equal(staticUndecided([undecided, { ...undecided, engine: 'model:x/y' }]), false);
  assert.equal(staticUndecided([]), false);
});
