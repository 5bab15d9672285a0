/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule assignment-in-condition: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/more-bugs.js
function reset(state, mode) {
  if (mode = 'full') { // ruleid: assignment-in-condition
    state.items = [];
  }
  return state;
}
