// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule switch-fallthrough: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function label(code: number): string {
  let text = '';
  switch (code) {
    case 200:
      text = 'ok'; // ruleid: switch-fallthrough
    case 404:
      text = 'missing';
      break;
    default:
      text = 'other';
  }
  return text;
}
