// Synchronous recheck questions from one thread, answered asynchronously by another: a detector needs its verdict
// at once, while the agent answers by message. The asking thread posts the question and sleeps on a shared flag
// until the answering thread has posted the answer, then takes it off the port (the way recheck's own synchronous
// call works). The file pool's workers ask the main thread, which sits idle while they hunt; a thread hunting on
// its own asks a small helper thread (sync.ts).
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { RegexVerdict } from './verdict.ts';

/** One side of a channel; the other thread gets the other side (in its workerData, the port transferred). */
export interface RegexChannelEnd {
  port: MessagePort;
  /** One Int32, shared by both sides: 0 while a question waits, 1 once its answer is on the port. */
  flag: SharedArrayBuffer;
}

interface Question {
  source: string;
  flags: string;
}

type Answer = { verdict: RegexVerdict } | { error: string };

export type Check = (source: string, flags: string) => Promise<RegexVerdict>;

/** A channel: `asking` goes to the thread with questions, `answering` to the one that answers them. */
export function regexChannel(): { asking: RegexChannelEnd; answering: RegexChannelEnd } {
  const { port1, port2 } = new MessageChannel();
  const flag = new SharedArrayBuffer(4);
  return { asking: { port: port1, flag }, answering: { port: port2, flag } };
}

// Verdicts by checker and pattern, for every channel this thread answers (a verdict never changes: see verdict.ts).
const answeredBy = new WeakMap<Check, Map<string, Promise<RegexVerdict>>>();

/** Answers the questions arriving at `end` with `check`; a pattern asked twice is checked once. Returns a closer.
 * keepAlive: the channel alone keeps this thread running (a helper thread that exists to answer). */
export function answerRegexQuestions({ port, flag }: RegexChannelEnd, check: Check, keepAlive = false): () => void {
  const answered = answeredBy.get(check) ?? new Map<string, Promise<RegexVerdict>>();
  answeredBy.set(check, answered);
  const state = new Int32Array(flag);
  port.on('message', ({ source, flags }: Question) => {
    const key = `${flags}/${source}`;
    let verdict = answered.get(key);
    if (!verdict) {
      verdict = check(source, flags);
      answered.set(key, verdict);
    }
    const reply = (answer: Answer) => {
      port.postMessage(answer);
      Atomics.store(state, 0, 1);
      Atomics.notify(state, 0);
    };
    verdict.then(
      (v) => reply({ verdict: v }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // Otherwise an idle channel must not keep the thread alive (a thread that is asking keeps itself alive).
  if (!keepAlive) port.unref();
  return () => port.close();
}

/** The asking side: a synchronous checker for useRegexChecker. Throws when no answer comes back. */
export function regexAsker({ port, flag }: RegexChannelEnd): (source: string, flags: string) => RegexVerdict {
  const state = new Int32Array(flag);
  port.unref();
  return (source, flags) => {
    Atomics.store(state, 0, 0);
    port.postMessage({ source, flags } satisfies Question);
    Atomics.wait(state, 0, 0);
    const answer = receiveMessageOnPort(port)?.message as Answer | undefined;
    // Never "not vulnerable" by accident: a lost or failed answer fails the file's task, and its chunk says so.
    if (!answer || 'error' in answer) throw new Error(`no recheck verdict came back for /${source.slice(0, 60)}/${answer ? ` (${answer.error})` : ''}`);
    return answer.verdict;
  };
}
