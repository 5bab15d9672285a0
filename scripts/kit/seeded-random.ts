// One seeded generator for the scripts (the frozen corpus splits, scripts/corpora/secbench/split.ts) and the tests'
// property checks (imported from here directly): the same sequence for the same seed on every machine,
// so a frozen split is recomputed byte for byte and a failing property case is run again from its seed.

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
