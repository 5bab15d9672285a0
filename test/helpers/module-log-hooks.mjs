// Module hooks (run off the main thread): record each loaded module's URL, change nothing.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  if (process.env.BH_MODULE_LOG) appendFileSync(process.env.BH_MODULE_LOG, `${url}\n`);
  return nextLoad(url, context);
}
