// A pool of worker threads for per-file work (the static engine's huntFile, recon's reconFile), one file per
// task. Results come back per task and the caller keeps its own order, so findings and ids are the same whatever
// the scheduling. A worker that dies fails only the task it held (as an error, never as "nothing found"); the
// next task gets a fresh worker.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TaskKind, TaskReply, TaskRequest, Tasks } from './protocol.ts';

// The entry beside this file: worker.js in dist/; worker.ts when running from source under tsx (development and
// tests), where a worker does not inherit the loader for its entry, so it registers tsx before importing it.
const WORKER_URL = new URL(`./worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function spawnWorker(): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL);
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, { eval: true });
}

interface Task {
  request: TaskRequest;
  /** What the task is about, for error messages. */
  path: string;
  resolve: (output: Tasks[TaskKind]['output']) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

export interface FilePool {
  readonly size: number;
  run<K extends TaskKind>(kind: K, input: Tasks[K]['input']): Promise<Tasks[K]['output']>;
  close(): Promise<void>;
}

export function createFilePool(size: number): FilePool {
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;

  function start(): Slot {
    const slot: Slot = { worker: spawnWorker(), task: undefined };
    slot.worker.on('message', (reply: TaskReply) => {
      const task = slot.task;
      slot.task = undefined;
      if (task && task.request.id === reply.id) {
        if ('error' in reply) task.reject(new Error(`${task.request.kind} failed on ${task.path}: ${reply.error}`));
        else task.resolve(reply.output);
      }
      dispatch();
    });
    const lost = (why: string) => {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      slot.task?.reject(new Error(`worker thread ${why} during ${slot.task.request.kind} of ${slot.task.path}`));
      slot.task = undefined;
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
    while (queue.length > 0) {
      const idle = slots.find((s) => s.task === undefined) ?? (slots.length < size ? start() : undefined);
      if (!idle) break;
      const task = queue.shift()!;
      idle.task = task;
      idle.worker.ref();
      idle.worker.postMessage(task.request);
    }
    // An idle worker must not keep the process alive if the caller forgets close().
    for (const s of slots) if (s.task === undefined) s.worker.unref();
  }

  return {
    size,
    run<K extends TaskKind>(kind: K, input: Tasks[K]['input']): Promise<Tasks[K]['output']> {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return new Promise<Tasks[K]['output']>((resolve, reject) => {
        const task: Task = { request: { id: nextId++, kind, input }, path: input.path, resolve: resolve as Task['resolve'], reject };
        queue.push(task);
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the worker pool was closed'));
      const all = slots.splice(0);
      // A task still running (its caller gave up, e.g. on an interruption) is settled, not left pending forever.
      for (const s of all) s.task?.reject(new Error('the worker pool was closed'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
