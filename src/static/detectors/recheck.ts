// recheck's verdict on one regex, asked synchronously (this thread) or asynchronously (the main thread, serving the
// file pool's workers through regex-channel.ts). Both ask recheck's native agent with the same limits, so a verdict
// is the same whichever thread asks. The analyser runs seeded and is bounded by steps and sizes only, never by
// wall-clock time, so a verdict cannot depend on how loaded the machine is.
import { createRequire } from 'node:module';
import type { Diagnostics } from 'recheck';

export interface RegexVerdict {
  vulnerable: boolean;
  complexity: string;
  attack: string;
}

// recheck is 5.6 MB of compiled Scala: loaded on the first pattern judged, not with the engine, so a run whose every
// file is answered from the evidence cache (or holds no regex on request input) never pays to load it.
let recheck: typeof import('recheck') | undefined;
const loadRecheck = () => (recheck ??= createRequire(import.meta.url)('recheck') as typeof import('recheck'));

// Every timeout off (recall validation, which runs the regex, is skipped by a negative timeout); the attack is
// bounded by characters read instead. 30,000-character attack strings against a 1,000,000-step limit: a linear
// pattern stays ~30x under it, a quadratic one passes it many times over.
const RECHECK_LIMITS = {
  timeout: null,
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
  recallTimeout: -1,
  attackLimit: 1_000_000,
  maxAttackStringSize: 30_000,
  randomSeed: 1,
  checker: 'auto',
} as const;

/** The analyser failing is not evidence of a bug. */
export const NOT_PROVEN: RegexVerdict = { vulnerable: false, complexity: 'unknown', attack: '' };

function verdictOf(d: Diagnostics): RegexVerdict {
  if (d.status !== 'vulnerable') return NOT_PROVEN;
  return { vulnerable: true, complexity: d.complexity.type === 'exponential' ? 'exponential' : d.complexity.summary, attack: d.attack.pattern.slice(0, 120) };
}

/** Blocks this thread while recheck judges the pattern (through a helper thread recheck starts on first use). */
export function checkRegexSync(source: string, flags: string): RegexVerdict {
  try {
    return verdictOf(loadRecheck().checkSync(source, flags, RECHECK_LIMITS));
  } catch {
    return NOT_PROVEN;
  }
}

/** The same verdict without blocking: for the main thread, whose event loop is free while the workers hunt. */
export async function checkRegex(source: string, flags: string): Promise<RegexVerdict> {
  try {
    return verdictOf(await loadRecheck().check(source, flags, RECHECK_LIMITS));
  } catch {
    return NOT_PROVEN;
  }
}
