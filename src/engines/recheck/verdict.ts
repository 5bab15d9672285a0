// recheck's verdict on one regex. Every path asks recheck's native agent with the same limits (agent.ts), or, where
// recheck has no native agent for the platform, recheck's own client, so a verdict is the same whichever thread asks.
// The analyser runs seeded and is bounded by steps and sizes only, never by wall-clock time, so a verdict cannot
// depend on how loaded the machine is.
import { createRequire } from 'node:module';
import pLimit from 'p-limit';
import type { Diagnostics } from 'recheck';
import { AgentCrashed, nativeAgentBinary, startAgent, type Agent } from './agent.ts';

export interface RegexVerdict {
  vulnerable: boolean;
  complexity: string;
  attack: string;
}

/** Which of recheck's analysers answers. 'auto' rates growth in the input's length (its automaton, or its fuzzer where
 * the automaton cannot). 'fuzz' runs the pattern on strings it grows, bounded by the characters its matcher reads: it
 * also sees a blowup bounded by the pattern's own repeat counts, which the automaton rates safe. Its limit is 100 times
 * higher (FUZZ_ATTACK_LIMIT): a bounded pattern must read 100,000,000 characters on one string, seconds in V8, not
 * the tens of milliseconds a pattern with a large constant factor takes. */
export type RecheckChecker = 'auto' | 'fuzz';

// Every timeout off (recall validation, which runs the regex, is skipped by a negative timeout); the attack is
// bounded by characters read instead. 30,000-character attack strings against a 1,000,000-step limit: a linear
// pattern stays ~30x under it, a quadratic one passes it many times over.
export const RECHECK_LIMITS = {
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

/** recheck found no super-linear backtracking, or no verdict applies (a pattern it cannot parse). */
export const NOT_PROVEN: RegexVerdict = { vulnerable: false, complexity: 'unknown', attack: '' };

export function verdictOf(d: Diagnostics): RegexVerdict {
  if (d.status !== 'vulnerable') return NOT_PROVEN;
  return { vulnerable: true, complexity: d.complexity.type === 'exponential' ? 'exponential' : d.complexity.summary, attack: d.attack.pattern.slice(0, 120) };
}

export const FUZZ_ATTACK_LIMIT = 100_000_000;

/** recheck's limits with the analyser asked for. */
export function limitsFor(checker: RecheckChecker) {
  return checker === 'fuzz' ? { ...RECHECK_LIMITS, checker, attackLimit: FUZZ_ATTACK_LIMIT } : RECHECK_LIMITS;
}

// recheck's own client (5.6 MB of compiled Scala): loaded only where there is no native agent, on the first pattern.
let library: typeof import('recheck') | undefined;
export const loadRecheck = () => (library ??= createRequire(import.meta.url)('recheck') as typeof import('recheck'));

// This thread's agent, started on the first pattern; null when this platform has none (or it failed).
let agent: Agent | null | undefined;

function agentHere(): Agent | null {
  if (agent === undefined) {
    const binary = nativeAgentBinary();
    agent = binary ? startAgent(binary) : null;
  }
  return agent;
}

// A crash fails every question the agent had: they are asked again one at a time, not as that many agents at once.
const oneAtATime = pLimit(1);

/** The pattern asked alone, of an agent of its own: a crash then names this pattern, not one asked beside it. A
 * pattern that crashes recheck's analyser is one recheck could not judge, as when it answers "unknown" (verdictOf):
 * not proven. Its own client would not help: it asks the same native agent. */
function askAlone(binary: string, source: string, flags: string, hold: boolean, checker: RecheckChecker): Promise<RegexVerdict> {
  return oneAtATime(() => askOwnAgent(binary, source, flags, hold, checker));
}

async function askOwnAgent(binary: string, source: string, flags: string, hold: boolean, checker: RecheckChecker): Promise<RegexVerdict> {
  const alone = startAgent(binary);
  try {
    return verdictOf(await alone.check(source, flags, limitsFor(checker), hold));
  } catch (error) {
    if (error instanceof AgentCrashed) return NOT_PROVEN;
    throw error;
  } finally {
    alone.close();
  }
}

/** recheck's verdict without blocking this thread; rejects when recheck could not judge the pattern (the native
 * agent failed and recheck's own client too), so no caller takes a failure for "not vulnerable". `hold`: see Agent. */
export async function checkRegex(source: string, flags: string, hold = true, checker: RecheckChecker = 'auto'): Promise<RegexVerdict> {
  const native = agentHere();
  if (native) {
    try {
      return verdictOf(await native.check(source, flags, limitsFor(checker), hold));
    } catch (error) {
      // The agent lost a check (this one or one asked beside it): the next question starts a fresh agent, and this
      // one is asked again alone.
      const binary = nativeAgentBinary();
      if (error instanceof AgentCrashed && binary) {
        if (agent === native) agent = undefined;
        return askAlone(binary, source, flags, hold, checker);
      }
      // An agent that cannot start or has failed leaves recheck's own client to answer, now and from now on.
      if (agent === native) {
        native.close();
        agent = null;
      }
    }
  }
  return verdictOf(await loadRecheck().check(source, flags, limitsFor(checker)));
}
