// A verdict for a thread that hunts on its own (a small scan, the skeptic's re-check) and must have it at once. With
// recheck's native agent, a small helper thread asks the agent (channel.ts): about 30 ms to start, where recheck's
// own synchronous call loads its 5.6 MB of compiled Scala twice (this thread and its helper), about 0.18 s of CPU
// and 75 MB. Without a native agent for the platform, recheck's own synchronous call answers.
import { entryBeside, startWorker } from '../../foundations/worker-thread.ts';
import { nativeAgentBinary } from './agent.ts';
import { awaitReady, HelperGone, regexAsker, regexChannel, type SyncCheck } from './channel.ts';
import { limitsFor, loadRecheck, verdictOf, type RecheckChecker, type RegexVerdict } from './verdict.ts';

const HELPER_URL = entryBeside(import.meta.url, 'helper');

/** How long a helper may take to start before recheck's own call is used instead (a choice of path, not of verdict). */
const READY_MS = 10_000;

/** An asker whose helper has said it is ready, or null (no native agent, or no helper in time, or it stopped). */
function helperAsker(): SyncCheck | null {
  if (!nativeAgentBinary()) return null;
  const { asking, answering } = regexChannel();
  const helper = startWorker(HELPER_URL, { workerData: answering, transferList: [answering.port] });
  // The helper must not keep the process alive; it ends with it. A helper that fails is reported by the question it
  // leaves unanswered (HelperGone), not as an unhandled error event.
  helper.unref();
  helper.on('error', () => undefined);
  if (!awaitReady(asking.flag, READY_MS)) {
    void helper.terminate();
    return null;
  }
  return regexAsker(asking);
}

let ask: SyncCheck | null | undefined;

/** Blocks this thread while recheck judges the pattern; throws when no verdict could be had (the file's task fails
 * and says why, rather than passing the pattern as safe). */
export function checkRegexSync(source: string, flags: string, checker: RecheckChecker = 'auto'): RegexVerdict {
  if (ask === undefined) ask = helperAsker();
  if (!ask) return verdictOf(loadRecheck().checkSync(source, flags, limitsFor(checker)));
  try {
    return ask(source, flags, checker);
  } catch (error) {
    // The helper has stopped: the next question starts another.
    if (error instanceof HelperGone) ask = undefined;
    throw error;
  }
}
