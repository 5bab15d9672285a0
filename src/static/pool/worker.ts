// Worker-thread entry of the hunt pool: one file in, its candidate findings out (or the error's message).
// Owns no state beyond the engine's own per-file memo; the main thread decides order and ids never change.
import { parentPort } from 'node:worker_threads';
import { huntFile } from '../index.ts';
import type { HuntReply, HuntRequest } from './protocol.ts';

parentPort?.on('message', (request: HuntRequest) => {
  let reply: HuntReply;
  try {
    reply = { id: request.id, findings: huntFile(request.file) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
