// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rules assignment-in-condition, constant-condition, unreachable-code: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
function log(_s: string): void {}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function isNaNValue(x: unknown): boolean {
  // underscore's isEqual: `+a !== +a` is the NaN test on the number a coerces to.
  const n: any = x;
  // ok: assignment-in-condition, constant-condition, unreachable-code
  if (+n !== +n) return true;
  return x !== x;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
// ok: assignment-in-condition, constant-condition, unreachable-code
export function strictTrue(x: unknown): boolean {
  return x === true;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function matches(re: RegExp, s: string): string[] {
  const out: string[] = [];
  let m: RegExpExecArray | null;
  // ok: assignment-in-condition, constant-condition, unreachable-code
  while ((m = re.exec(s))) out.push(m[0]);
  if ((m = re.exec(s))) out.push(m[0]);
  return out;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function grade(score: number): string {
  // ok: assignment-in-condition, constant-condition, unreachable-code
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

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function sum(items: number[]): number {
  let total = 0;
  // ok: assignment-in-condition, constant-condition, unreachable-code
  for (let i = 0; i < items.length; i++) total += items[i] ?? 0;
  for (let i = 1; i <= items.length; i++) total += items[i - 1] ?? 0;
  return total;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function outer(): number {
  // ok: assignment-in-condition, constant-condition, unreachable-code
  return inner();
  function inner(): number {
    return 1;
  }
}
