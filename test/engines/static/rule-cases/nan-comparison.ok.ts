// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rules nan-comparison, self-comparison: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
function log(_s: string): void {}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function isNaNValue(x: unknown): boolean {
  // ok: nan-comparison, self-comparison
  // underscore's isEqual: `+a !== +a` is the NaN test on the number a coerces to.
  const n: any = x;
  if (+n !== +n) return true;
  return x !== x;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function strictTrue(x: unknown): boolean {
  // ok: nan-comparison, self-comparison
  return x === true;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function sum(items: number[]): number {
  let total = 0;
  // ok: nan-comparison, self-comparison
  for (let i = 0; i < items.length; i++) total += items[i] ?? 0;
  for (let i = 1; i <= items.length; i++) total += items[i - 1] ?? 0;
  return total;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function guard(x: number): string {
  // ok: nan-comparison, self-comparison
  if (x > 0) {
    return 'positive';
  } else {
    return 'non-positive';
  }
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function matches(re: RegExp, s: string): string[] {
  const out: string[] = [];
  let m: RegExpExecArray | null;
  // ok: nan-comparison, self-comparison
  while ((m = re.exec(s))) out.push(m[0]);
  if ((m = re.exec(s))) out.push(m[0]);
  return out;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function grade(score: number): string {
  // ok: nan-comparison, self-comparison
  switch (score) {
    case 10:
    case 9:
      return 'A';
    case 8:
      log('eight');
      // falls through
    case 7:
      return 'B';
    default:
      return 'C';
  }
}
