// Worker-thread entry of the file pool: one task in, its result out (or the error's message). Calls the same
// per-file entry points the main thread would (storedAnalysis, reconFile, outgoingCalls); owns no state beyond
// their own memos. Its ReDoS detector asks the pool's thread for recheck verdicts (src/engines/recheck/channel.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { reconFile } from '../attack-surface/file-recon.ts';
import { storedAnalysis } from '../static/index.ts';
import { outgoingCalls } from '../static/cross-file/calls.ts';
import type { SourceFile } from '../static/types.ts';
import type { TaskReply, TaskRequest, Tasks } from './protocol.ts';
import type { PoolWorkerData } from './pool.ts';
import { regexAsker } from '../recheck/channel.ts';
import { useRegexChecker } from '../static/rules/redos/matcher.ts';

// recheck verdicts come from the main thread, which loads recheck once for every worker.
const data = workerData as PoolWorkerData | null;
if (data?.regex) useRegexChecker(regexAsker(data.regex));

function perform(request: TaskRequest): TaskReply {
  switch (request.kind) {
    case 'hunt':
      return { id: request.id, output: storedAnalysis(request.input as SourceFile) };
    case 'recon':
      return { id: request.id, output: reconFile(request.input) };
    case 'calls': {
      const { specs, ...file } = request.input as Tasks['calls']['input'];
      return { id: request.id, output: outgoingCalls(file, (s) => specs.includes(s)) };
    }
  }
}

parentPort?.on('message', (request: TaskRequest) => {
  let reply: TaskReply;
  try {
    reply = perform(request);
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
