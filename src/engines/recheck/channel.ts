// Synchronous recheck questions from one thread, answered asynchronously by another: a detector needs its verdict
// at once, while the agent answers by message. The asking thread posts the question and sleeps on a shared flag
// until the answering thread has posted the answer, then takes it off the port (the way recheck's own synchronous
// call works). The file pool's workers ask the main thread, which sits idle while they hunt; a thread hunting on
// its own asks a small helper thread (sync.ts).
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { RecheckChecker, RegexVerdict } from './verdict.ts';
import { InfrastructureError } from '../../foundations/errors.ts';

/** One side of a channel; the other thread gets the other side (in its workerData, the port transferred). */
export interface RegexChannelEnd {
  port: MessagePort;
  /** One Int32, shared by both sides: WAITING while a question waits, ANSWERED once its answer is on the port (or the
   * answering thread is ready), STOPPED once the answering thread has stopped. */
  flag: SharedArrayBuffer;
}

const WAITING = 0;
const ANSWERED = 1;
const STOPPED = 2;

/** The answering thread has stopped: no question asked of it will be answered. */
export class HelperGone extends InfrastructureError {
  override readonly name: string = 'HelperGone';
}

/** Sets the flag and wakes the thread waiting on it. */
function signal(state: Int32Array, value: number): void {
  Atomics.store(state, 0, value);
  Atomics.notify(state, 0);
}

/** Says the answering side is ready for questions (a helper thread, once it listens). */
export function markReady(flag: SharedArrayBuffer): void {
  signal(new Int32Array(flag), ANSWERED);
}

/** Waits up to `ms` for the answering side to say it is ready; false when it did not in time, or stopped instead. */
export function awaitReady(flag: SharedArrayBuffer, ms: number): boolean {
  const state = new Int32Array(flag);
  return Atomics.wait(state, 0, WAITING, ms) !== 'timed-out' && Atomics.load(state, 0) === ANSWERED;
}

/** Says the answering side has stopped, waking a thread waiting for an answer (a helper thread, as it exits). */
export function markStopped(flag: SharedArrayBuffer): void {
  signal(new Int32Array(flag), STOPPED);
}

interface Question {
  source: string;
  flags: string;
  checker: RecheckChecker;
}

type Answer = { verdict: RegexVerdict } | { error: string };

export type Check = (source: string, flags: string, checker: RecheckChecker) => Promise<RegexVerdict>;
/** A synchronous question: the verdict of `checker` on the pattern. */
export type SyncCheck = (source: string, flags: string, checker: RecheckChecker) => RegexVerdict;

/** A channel: `asking` goes to the thread with questions, `answering` to the one that answers them. */
export function regexChannel(): { asking: RegexChannelEnd; answering: RegexChannelEnd } {
  const { port1, port2 } = new MessageChannel();
  const flag = new SharedArrayBuffer(4);
  return { asking: { port: port1, flag }, answering: { port: port2, flag } };
}

// Verdicts by checker and pattern, for every channel this thread answers (a verdict never changes: see verdict.ts; a
// failure is not kept, so the next question about the pattern asks again).
const answeredBy = new WeakMap<Check, Map<string, Promise<RegexVerdict>>>();

/** Answers the questions arriving at `end` with `check`; a pattern asked twice is checked once. Returns a closer.
 * keepAlive: the channel alone keeps this thread running (a helper thread that exists to answer). */
export function answerRegexQuestions({ port, flag }: RegexChannelEnd, check: Check, keepAlive = false): () => void {
  const answered = answeredBy.get(check) ?? new Map<string, Promise<RegexVerdict>>();
  answeredBy.set(check, answered);
  const state = new Int32Array(flag);
  port.on('message', ({ source, flags, checker }: Question) => {
    const key = `${checker}:${flags}/${source}`;
    let verdict = answered.get(key);
    if (!verdict) {
      verdict = check(source, flags, checker);
      answered.set(key, verdict);
    }
    const reply = (answer: Answer) => {
      port.postMessage(answer);
      signal(state, ANSWERED);
    };
    const asked = verdict;
    asked.then(
      (v) => reply({ verdict: v }),
      (error: unknown) => {
        if (answered.get(key) === asked) answered.delete(key);
        reply({ error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  // Otherwise an idle channel must not keep the thread alive (a thread that is asking keeps itself alive).
  if (!keepAlive) port.unref();
  return () => port.close();
}

/** The asking side: a synchronous checker for useRegexChecker. Throws when no verdict comes back (HelperGone when
 * the answering thread has stopped): never "not vulnerable" by accident, the file's task fails and its chunk says so. */
export function regexAsker({ port, flag }: RegexChannelEnd): SyncCheck {
  const state = new Int32Array(flag);
  port.unref();
  const lost = (source: string, why: string) => `no recheck verdict came back for /${source.slice(0, 60)}/ (${why})`;
  return (source, flags, checker) => {
    // From ANSWERED back to WAITING; a STOPPED side stays stopped (a plain store could hide that it stopped just now).
    if (Atomics.compareExchange(state, 0, ANSWERED, WAITING) === STOPPED) throw new HelperGone(lost(source, 'the answering thread has stopped'));
    port.postMessage({ source, flags, checker } satisfies Question);
    Atomics.wait(state, 0, WAITING);
    const answer = receiveMessageOnPort(port)?.message as Answer | undefined;
    if (!answer) throw new HelperGone(lost(source, 'the answering thread has stopped'));
    if ('error' in answer) throw new Error(lost(source, answer.error));
    return answer.verdict;
  };
}
