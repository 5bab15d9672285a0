// Text order for everything bug-hunter writes: by UTF-16 code unit, as `Array.prototype.sort` and git order paths.
// localeCompare follows the user's locale (LANG): a Swedish machine sorts `ä.js` after `z.js`, a Turkish one moves
// `I` and `ı`, so the same scan wrote its findings, ledger and fingerprints in a different order on another machine.
// It also starts ICU's collator, about 10 ms at the first comparison in a process (2026-12-05).

/** Negative, zero or positive as `a` sorts before, with or after `b`; the same on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
