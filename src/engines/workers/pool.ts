// A pool of worker threads for per-file work (the static engine's huntFile, recon's reconFile), one file per
// task. Results come back per task and the caller keeps its own order, so findings and ids are the same whatever
// the scheduling. Each worker holds a few tasks at once, so it starts the next file without waiting for the main
// thread to read its last answer (on a loaded machine that round trip cost more than the file). A worker that dies
// fails only the task it was running (as an error, never as "nothing found"); the tasks queued behind it go back
// to the front of the queue, and a fresh worker starts when unbound tasks wait and no worker is idle. Files of one
// text go to one worker (affinity-queue.ts), where the engine's candidate memo answers the repeats.
import type { Worker } from 'node:worker_threads';
import { entryBeside, startWorker } from '../../foundations/worker-thread.ts';
import type { TaskKind, TaskReply, TaskRequest, Tasks } from './protocol.ts';
import { answerRegexQuestions, regexChannel, type Check, type RegexChannelEnd } from '../recheck/channel.ts';
import { checkRegex } from '../recheck/verdict.ts';
import { nativeAgentBinary } from '../recheck/agent.ts';
import { AffinityQueue } from './affinity-queue.ts';

const WORKER_URL = entryBeside(import.meta.url, 'worker');

/** What a worker is started with. */
export interface PoolWorkerData {
  /** Where its ReDoS detector asks for recheck verdicts (this thread answers); absent: it asks recheck itself. */
  regex?: RegexChannelEnd;
}

// A worker with a task is kept alive while it waits, so its questions need not hold the process (a closed pool's
// question then does not keep it running until the agent has answered).
const POOL_CHECK: Check = (source, flags, checker) => checkRegex(source, flags, false, checker);

/** A worker, and the channel this thread answers its recheck questions on when it does (else undefined). */
function spawnWorker(check: Check | undefined): { worker: Worker; stopAnswering?: () => void } {
  // Without recheck's native agent, recheck's own client answers one question at a time in one thread: each worker
  // keeps asking it itself, in parallel, as before.
  if (!check) return { worker: startWorker(WORKER_URL, { workerData: {} satisfies PoolWorkerData }) };
  const { asking, answering } = regexChannel();
  const stopAnswering = answerRegexQuestions(answering, check);
  return { worker: startWorker(WORKER_URL, { workerData: { regex: asking } satisfies PoolWorkerData, transferList: [asking.port] }), stopAnswering };
}

interface Task {
  request: TaskRequest;
  /** Tasks of equal affinity go to one worker where it can take them (affinity-queue.ts). */
  affinity?: string;
  /** What the task is about, for error messages. */
  path: string;
  resolve: (output: Tasks[TaskKind]['output']) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Tasks posted to this worker, in the order it runs them: the first is the one running. */
  tasks: Task[];
}

/** Tasks one worker holds at a time: enough to hide a message round trip, few enough to leave no worker idle at the end. */
export const TASKS_PER_WORKER = 4;

// The static engine's candidate memo answers a text its thread analysed before (static/candidate-memo.ts): files of
// one text go to one worker. The other kinds keep no such memo.
const STEERED_BY_TEXT: ReadonlySet<TaskKind> = new Set<TaskKind>(['hunt']);

/** A cheap fingerprint of a text for steering (a collision only sends two texts to one worker): its length and a
 *  hash of about 256 characters spread evenly over it (the whole of a text under 512 characters). */
export function textAffinity(text: string): string {
  let hash = 0x811c9dc5;
  const step = Math.max(1, Math.floor(text.length / 256));
  for (let i = 0; i < text.length; i += step) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${hash >>> 0}`;
}

export interface FilePool {
  readonly size: number;
  run<K extends TaskKind>(kind: K, input: Tasks[K]['input']): Promise<Tasks[K]['output']>;
  close(): Promise<void>;
}

export interface FilePoolOptions {
  /** How this thread answers the workers' recheck questions (default recheck's agent; tests count the calls). */
  checkRegex?: Check;
}

export function createFilePool(size: number, options: FilePoolOptions = {}): FilePool {
  const queue = new AffinityQueue<Slot, Task>();
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;

  function start(): Slot {
    const { worker, stopAnswering } = spawnWorker(options.checkRegex ?? (nativeAgentBinary() ? POOL_CHECK : undefined));
    const slot: Slot = { worker, tasks: [] };
    if (stopAnswering) worker.on('exit', stopAnswering);
    slot.worker.on('message', (reply: TaskReply) => {
      const task = slot.tasks[0];
      if (task && task.request.id === reply.id) {
        slot.tasks.shift();
        if ('error' in reply) task.reject(new Error(`${task.request.kind} failed on ${task.path}: ${reply.error}`));
        else task.resolve(reply.output);
      }
      dispatch();
    });
    const lost = (why: string) => {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      const [running, ...waiting] = slot.tasks.splice(0);
      running?.reject(new Error(`worker thread ${why} during ${running.request.kind} of ${running.path}`));
      // The tasks behind it never started, nor did the repeats bound to it: other workers run them.
      queue.forget(slot);
      queue.requeue(waiting);
      if (!closed) dispatch();
    };
    slot.worker.on('error', (error) => lost(`crashed (${error.message})`));
    slot.worker.on('exit', (code) => {
      if (slots.includes(slot)) lost(`exited (code ${code})`);
    });
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.size > 0) {
      // A new worker starts only for a task no worker is bound to; repeats wait for their worker or an idle one.
      if (queue.hasUnbound && slots.length < size && !slots.some((s) => s.tasks.length === 0)) start();
      // The least busy worker with room takes a task first: its own repeats or an unbound task, and only when no worker
      // has one of those does an idle worker take another's repeats (their owner, with room, would have taken them).
      const open = slots.filter((s) => s.tasks.length < TASKS_PER_WORKER).sort((a, b) => a.tasks.length - b.tasks.length);
      const pick = (): [Slot, NonNullable<ReturnType<typeof queue.next>>] | undefined => {
        for (const slot of open) {
          const task = queue.next(slot, false);
          if (task) return [slot, task];
        }
        for (const slot of open) {
          const task = slot.tasks.length === 0 ? queue.next(slot, true) : undefined;
          if (task) return [slot, task];
        }
        return undefined;
      };
      const picked = pick();
      if (!picked) break;
      const [slot, task] = picked;
      slot.tasks.push(task);
      slot.worker.ref();
      slot.worker.postMessage(task.request);
    }
    // An idle worker must not keep the process alive if the caller forgets close().
    for (const s of slots) if (s.tasks.length === 0) s.worker.unref();
  }

  return {
    size,
    run<K extends TaskKind>(kind: K, input: Tasks[K]['input']): Promise<Tasks[K]['output']> {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return new Promise<Tasks[K]['output']>((resolve, reject) => {
        const affinity = STEERED_BY_TEXT.has(kind) ? textAffinity(input.content) : undefined;
        const task: Task = { request: { id: nextId++, kind, input }, path: input.path, affinity, resolve: resolve as Task['resolve'], reject };
        queue.push(task);
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.takeAll()) task.reject(new Error('the worker pool was closed'));
      const all = slots.splice(0);
      // A task still running (its caller gave up, e.g. on an interruption) is settled, not left pending forever.
      for (const s of all) for (const task of s.tasks.splice(0)) task.reject(new Error('the worker pool was closed'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
