// Starts a worker thread from an entry module beside the calling module: the entry's .js in dist/, its .ts when
// running from source under tsx (development and tests), where a worker does not inherit the loader for its entry,
// so it registers tsx before importing it. Every worker thread of src/ starts here.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The module `name` (no extension) beside the module at `moduleUrl` (the caller's import.meta.url), with its extension. */
export function entryBeside(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${extname(fileURLToPath(moduleUrl))}`, moduleUrl);
}

// A worker inherits the process's node flags; --input-type (a program given as `node --input-type=module -e …`) stops
// any worker started from a file with ERR_INPUT_TYPE_NOT_ALLOWED, so it is left out.
const workerFlags = (): string[] => process.execArgv.filter((flag, i, all) => !flag.startsWith('--input-type') && all[i - 1] !== '--input-type');

export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  const execArgv = workerFlags();
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { execArgv, ...options });
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`, { eval: true, execArgv, ...options });
}
