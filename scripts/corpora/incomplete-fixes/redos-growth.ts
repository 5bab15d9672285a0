// The ReDoS criterion of the incomplete-fix prover, the one place its constants live (docs/benchmark.md, "Fixes
// shown incomplete", says why): growth, not wall time. A wall-clock bound ("over 1 s on 50,000 characters") depends
// on the machine and its load; how the time grows when the input doubles does not. The harness (harness.ts) runs
// this judge inside the sandbox; the exploit runs in a worker thread so that a timing past the deadline can be
// stopped (a regular expression cannot be interrupted on its own thread), and the harness's thread takes the time:
// the process's CPU time (user + system) across one run — the harness's thread only waits meanwhile — so a busy
// machine slows the clock but not the measure. The deadline alone is wall time.
//
//   1. n doubles from START_LENGTH until one timing of run(attack(n)) takes at least MIN_SECONDS (at most n =
//      MAX_LENGTH; never measurable by then: not shown).
//   2. The attack at n and at 2n, and the baseline at 2n: the median of REPEATS timings each.
//   3. Shown when t(2n) / t(n) ≥ MIN_GROWTH (linear ≈ 2, quadratic ≈ 4, exponential far more) and the attack at 2n
//      takes at least MIN_OVER_BASELINE times the baseline at 2n (the package is slow on the attack, not on any
//      input of that length).
//   A timing past DEADLINE_SECONDS of wall time stops its point and counts as the CPU time it used until then, a
//   lower bound: an attack that passes it while doubling (exponential growth), or whose point at n passes it on a
//   later timing, is measured at the previous n, with that bound as t(2n); a baseline that passes it is never shown.

export const REDOS_CRITERION = {
  START_LENGTH: 16,
  MAX_LENGTH: 2 ** 21,
  MIN_SECONDS: 0.05,
  REPEATS: 3,
  MIN_GROWTH: 3,
  MIN_OVER_BASELINE: 20,
  DEADLINE_SECONDS: 10,
} as const;

export const TIMER_FILE = 'time.cjs';

/** The worker: loads the exploit, builds inputs on request (one per slot), runs one on request. It measures nothing. */
export const TIMER = String.raw`'use strict';
const { parentPort, workerData } = require('worker_threads');
const exploit = require(workerData.exploit);
const inputs = new Map();
parentPort.on('message', (m) => {
  if (m.build !== undefined) {
    let input;
    try { input = exploit[m.build](m.n); } catch (e) { input = undefined; }
    inputs.set(m.slot, input);
    parentPort.postMessage({ length: typeof input === 'string' ? input.length : -1 });
  } else {
    try { exploit.run(inputs.get(m.slot)); } catch {}
    parentPort.postMessage({ ran: true });
  }
});
`;

/**
 * JavaScript text of `async function judgeRedos(dir, exploitFile, say)`, embedded in the harness: it applies the
 * criterion and calls say(shown, detail) once.
 */
export const REDOS_JUDGE = String.raw`
const C = ${JSON.stringify(REDOS_CRITERION)};
async function judgeRedos(dir, exploitFile, say) {
  const { Worker } = require('worker_threads');
  let worker;
  // One request to the worker, answered or stopped at the deadline (undefined: the worker was ended).
  const request = (message) => new Promise((resolve, reject) => {
    const w = worker || (worker = new Worker(path.join(dir, ${JSON.stringify(TIMER_FILE)}), { workerData: { exploit: path.join(dir, exploitFile) } }));
    const off = () => { clearTimeout(timer); w.off('message', onMessage); w.off('error', onError); };
    const onMessage = (m) => { off(); resolve(m); };
    const onError = (e) => { off(); worker = undefined; reject(e); };
    const timer = setTimeout(() => { off(); worker = undefined; w.terminate(); resolve(undefined); }, C.DEADLINE_SECONDS * 1000);
    w.on('message', onMessage);
    w.on('error', onError);
    w.postMessage(message);
  });
  const build = async (p, slot) => {
    const built = await request({ build: p.kind, n: p.n, slot });
    if (built === undefined) return p.kind + '(' + p.n + ') did not return within the deadline';
    if (built.length !== p.n) return p.kind + '(n) must return a string of n characters (asked ' + p.n + ', got ' + (built.length < 0 ? 'no string' : built.length) + ')';
    return undefined;
  };
  // Points of { kind, n }, timed in turn, round after round (a slower spell of the machine falls on all of them
  // alike): the median of each, or the deadline as its lower bound once a timing passes it (that point stops; the
  // others go on in a fresh worker).
  const measure = async (points, rounds) => {
    const times = points.map(() => []);
    const over = points.map(() => undefined);
    let fresh = true;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < points.length; i++) {
        if (over[i] !== undefined) continue;
        if (fresh) {
          for (let j = 0; j < points.length; j++) {
            if (over[j] !== undefined) continue;
            const error = await build(points[j], j);
            if (error) return { error };
          }
          fresh = false;
        }
        // CPU time of this process (the worker computes; this thread waits), so other load on the machine stays out.
        // Past the deadline, the CPU time used until then: a lower bound of the timing.
        const start = process.cpuUsage();
        const answered = await request({ run: true, slot: i });
        const used = process.cpuUsage(start);
        if (answered === undefined) {
          over[i] = (used.user + used.system) / 1e6;
          fresh = true;
          continue;
        }
        times[i].push((used.user + used.system) / 1e6);
      }
    }
    return {
      results: points.map((_, i) => {
        if (over[i] !== undefined) return { seconds: over[i], over: true };
        const sorted = [...times[i]].sort((a, b) => a - b);
        return { seconds: sorted[Math.floor(sorted.length / 2)], over: false };
      }),
    };
  };
  const show = (t) => (t.over ? '> ' + t.seconds.toFixed(2) + ' s (the deadline passed)' : t.seconds < 0.01 ? (t.seconds * 1000).toFixed(2) + ' ms' : t.seconds < 1 ? (t.seconds * 1000).toFixed(0) + ' ms' : t.seconds.toFixed(2) + ' s');
  try {
    let n = C.START_LENGTH;
    let first;
    for (;;) {
      const once = await measure([{ kind: 'attack', n }], 1);
      if (once.error) return say(false, once.error);
      first = once.results[0];
      if (first.over || first.seconds >= C.MIN_SECONDS) break;
      if (n * 2 > C.MAX_LENGTH) return say(false, 'the attack takes ' + show(first) + ' at ' + n + ' characters, the cap: never ' + C.MIN_SECONDS * 1000 + ' ms');
      n *= 2;
    }
    let atN, at2N, base;
    // The previous n becomes the measured point and the timing past the deadline a lower bound at its 2n.
    const stepBack = async (bound) => {
      n /= 2;
      const m = await measure([{ kind: 'attack', n }, { kind: 'baseline', n: 2 * n }], C.REPEATS);
      if (m.error) return m.error;
      [atN, base] = m.results;
      at2N = bound;
      return undefined;
    };
    if (first.over) {
      // Passed the deadline while doubling.
      if (n === C.START_LENGTH) return say(false, 'the attack passes the deadline at ' + n + ' characters already: no growth measured');
      const error = await stepBack(first);
      if (error) return say(false, error);
    } else {
      const m = await measure([{ kind: 'attack', n }, { kind: 'attack', n: 2 * n }, { kind: 'baseline', n: 2 * n }], C.REPEATS);
      if (m.error) return say(false, m.error);
      [atN, at2N, base] = m.results;
      // The point at n passed the deadline on a later timing: growth so steep that one doubling went from under
      // MIN_SECONDS to near the deadline (wall time, which a loaded machine stretches). Measured from the step before.
      if (atN.over && n > C.START_LENGTH) {
        const error = await stepBack(atN);
        if (error) return say(false, error);
      } else if (at2N.over && at2N.seconds < C.MIN_GROWTH * atN.seconds && n > C.START_LENGTH) {
        // The point at 2n passed the deadline, but the point at n already took more than a MIN_GROWTH-th of it, so
        // the lower bound cannot show the growth (one doubling went from under MIN_SECONDS to seconds). The point at
        // n, a measured timing, becomes 2n of the step before.
        const error = await stepBack(atN);
        if (error) return say(false, error);
      }
    }
    const growth = at2N.seconds / Math.max(atN.seconds, 1e-9);
    const over = at2N.seconds / Math.max(base.seconds, 1e-9);
    const shown = !atN.over && !base.over && growth >= C.MIN_GROWTH && over >= C.MIN_OVER_BASELINE;
    return say(shown, 'attack ' + show(atN) + ' at ' + n + ' characters, ' + show(at2N) + ' at ' + 2 * n + ' (growth ' + (at2N.over ? '>= ' : '') + growth.toFixed(1) + ', needs ' + C.MIN_GROWTH + '); baseline ' + show(base) + ' at ' + 2 * n + ' (attack ' + (at2N.over ? '>= ' : '') + over.toFixed(0) + 'x it, needs ' + C.MIN_OVER_BASELINE + '); median of ' + C.REPEATS + ' CPU timings');
  } finally {
    if (worker) await worker.terminate();
  }
}
`;
