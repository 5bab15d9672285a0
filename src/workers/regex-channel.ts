// The pool's workers ask the main thread for recheck verdicts instead of loading recheck themselves. Loaded in a
// thread, recheck costs about 0.18 s of CPU and 75 MB (its 5.6 MB of compiled Scala, twice: once in the thread and
// once in the helper thread its synchronous call starts); the main thread sits idle while the workers hunt, so it
// loads recheck once and answers every worker, and a pattern two workers meet is judged once.
// A worker's call is synchronous, as a detector needs it: it posts the question and sleeps on a shared flag until
// the main thread has posted the answer, then takes it off the port (the way recheck's own synchronous call works).
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { checkRegex, type RegexVerdict } from '../static/detectors/recheck.ts';

/** What a worker gets (in its workerData, the port transferred) to ask through. */
export interface RegexChannelEnd {
  port: MessagePort;
  /** One Int32: 0 while a question waits, 1 once its answer is on the port. */
  flag: SharedArrayBuffer;
}

interface Question {
  source: string;
  flags: string;
}

type Answer = { verdict: RegexVerdict } | { error: string };

type Check = (source: string, flags: string) => Promise<RegexVerdict>;

// Verdicts by checker and pattern, for every worker of every pool in this process (a verdict never changes: see
// recheck.ts).
const answeredBy = new WeakMap<Check, Map<string, Promise<RegexVerdict>>>();

export interface RegexChannel {
  /** To hand to the worker (transfer its port). */
  end: RegexChannelEnd;
  /** Stops answering (the worker has gone). */
  close(): void;
}

/** The main thread's side: answers the worker's questions with `check` (recheck's agent by default). */
export function openRegexChannel(check: Check = checkRegex): RegexChannel {
  const answered = answeredBy.get(check) ?? new Map<string, Promise<RegexVerdict>>();
  answeredBy.set(check, answered);
  const { port1, port2 } = new MessageChannel();
  const flag = new SharedArrayBuffer(4);
  const state = new Int32Array(flag);
  port1.on('message', ({ source, flags }: Question) => {
    const key = `${flags}/${source}`;
    let verdict = answered.get(key);
    if (!verdict) {
      verdict = check(source, flags);
      answered.set(key, verdict);
    }
    const reply = (answer: Answer) => {
      port1.postMessage(answer);
      Atomics.store(state, 0, 1);
      Atomics.notify(state, 0);
    };
    verdict.then(
      (v) => reply({ verdict: v }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // An idle channel must not keep the process alive.
  port1.unref();
  return { end: { port: port2, flag }, close: () => port1.close() };
}

/** The worker's side: a synchronous checker for useRegexChecker. Throws if the main thread's side is gone. */
export function regexClient({ port, flag }: RegexChannelEnd): (source: string, flags: string) => RegexVerdict {
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
