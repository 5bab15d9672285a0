// A verdict for a thread that hunts on its own (a small scan, the skeptic's re-check) and must have it at once. With
// recheck's native agent, a small helper thread asks the agent (channel.ts): about 30 ms to start, where recheck's
// own synchronous call loads its 5.6 MB of compiled Scala twice (this thread and its helper), about 0.18 s of CPU
// and 75 MB. Without a native agent for the platform, recheck's own synchronous call answers.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { nativeAgentBinary } from './agent.ts';
import { regexAsker, regexChannel, type RegexChannelEnd } from './channel.ts';
import { loadRecheck, NOT_PROVEN, RECHECK_LIMITS, verdictOf, type RegexVerdict } from './verdict.ts';

// The entry beside this file: helper.js in dist/; helper.ts when running from source under tsx (development and
// tests), where a worker does not inherit the loader for its entry, so it registers tsx before importing it.
const HELPER_URL = new URL(`./helper${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** How long a helper may take to start before recheck's own call is used instead (a choice of path, not of verdict). */
const READY_MS = 10_000;

function startHelper(answering: RegexChannelEnd): Worker {
  const options = { workerData: answering, transferList: [answering.port] };
  if (!HELPER_URL.pathname.endsWith('.ts')) return new Worker(HELPER_URL, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(HELPER_URL.href)}); })`, { eval: true, ...options });
}

/** An asker whose helper has said it is ready, or null (no native agent, or no helper in time). */
function helperAsker(): ((source: string, flags: string) => RegexVerdict) | null {
  if (!nativeAgentBinary()) return null;
  const { asking, answering } = regexChannel();
  const helper = startHelper(answering);
  // The helper must not keep the process alive; it ends with it.
  helper.unref();
  if (Atomics.wait(new Int32Array(asking.flag), 0, 0, READY_MS) === 'timed-out') {
    void helper.terminate();
    return null;
  }
  return regexAsker(asking);
}

let ask: ((source: string, flags: string) => RegexVerdict) | null | undefined;

/** Blocks this thread while recheck judges the pattern. */
export function checkRegexSync(source: string, flags: string): RegexVerdict {
  if (ask === undefined) ask = helperAsker();
  if (ask) return ask(source, flags);
  try {
    return verdictOf(loadRecheck().checkSync(source, flags, RECHECK_LIMITS));
  } catch {
    return NOT_PROVEN;
  }
}
