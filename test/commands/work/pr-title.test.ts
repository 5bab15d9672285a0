// A hostile issue title through `bug-hunter work`: the real CLI, the real Octokit against the GitHub stand-in, the
// real fixer proven in bubblewrap. What the stand-in receives as the pull request's title holds no control character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld } from './queue-setup.ts';

// ESC sequences (a colour, an OSC-8 hyperlink, a window retitle), C0 and C1 controls, and a bidi override.
const HOSTILE = 'clamp \u001b[31mreturns\u001b[0m lo \u001b]8;;https://evil.example/\u001b\\above\u001b]8;;\u001b\\ the range\u0007\r\n\u009b2J \u202eevil\u202c @octocat';
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// The same, line breaks and tabs allowed (a body has lines).
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

test('a hostile issue title reaches the draft pull request without any control character, on one line, without pings', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  const issue = w.queueIssue({ title: HOSTILE });
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr + result.stdout);
  assert.equal(w.github.pulls.length, 1, 'the fix was opened as a pull request');
  const pull = w.github.pulls[0]!;
  assert.doesNotMatch(pull.title, CONTROL, JSON.stringify(pull.title));
  assert.match(pull.title, new RegExp(`^Fix #${issue.number}: clamp `), 'our own issue reference is kept');
  assert.match(pull.title, /returns.*lo.*above.*the range/, 'the readable words are kept');
  assert.doesNotMatch(pull.title, /@octocat/, 'no ping');
  assert.doesNotMatch(pull.body, CONTROL_IN_TEXT, 'the body carries no control character either');
});
