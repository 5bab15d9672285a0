/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule unreachable-code: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/more-bugs.js
function stop(timer) {
  clearInterval(timer);
  return;
  timer.stopped = true; // ruleid: unreachable-code
}
