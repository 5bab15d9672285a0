// An HTTP answer without end for tests of byte caps: a 200 that writes 64 KiB chunks as fast as the client reads them
// (write's backpressure) until the client closes the connection or `ceilingBytes` went out — the ceiling, far past
// any cap, lets a client without a cap end (and fail its test) instead of taking the machine down.
import type { ServerResponse } from 'node:http';

export interface EndlessLog {
  /** Bytes of the endless part sent. */
  sent: number;
  /** The client closed the connection before the ceiling. */
  closedByClient: boolean;
}

export function streamEndless(res: ServerResponse, options: { ceilingBytes: number; prefix: string; suffix: string; fill?: string }): EndlessLog {
  const log: EndlessLog = { sent: 0, closedByClient: false };
  const chunk = Buffer.alloc(64 * 1024, options.fill ?? 'y');
  res.on('close', () => {
    if (!res.writableEnded) log.closedByClient = true;
  });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(options.prefix);
  const more = () => {
    while (!res.destroyed && log.sent < options.ceilingBytes) {
      log.sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end(options.suffix);
  };
  more();
  return log;
}
