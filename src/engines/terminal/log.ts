// Progress and messages on stderr: one rewritten progress line per phase on a terminal, plain lines in CI,
// or one JSON object per line (--progress=json). stdout is kept for results (and --json), so scripts can pipe it.
import { printable } from '../report/printable.ts';
import { etaOf, formatDuration } from './eta.ts';
import type { Logger } from '../../foundations/logger.ts';

export const PROGRESS_FORMATS = ['text', 'json', 'none'] as const;
export type ProgressFormat = (typeof PROGRESS_FORMATS)[number];

export interface LoggerOptions {
  /** --quiet: no progress or info lines (warnings still show). */
  quiet?: boolean;
  /** text (default), json (one object per line), none (like --quiet). */
  format?: ProgressFormat;
  stream?: { write(text: string): unknown; isTTY?: boolean };
  /** The clock, injectable so the ETA can be tested without waiting. */
  now?: () => number;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const stream = options.stream ?? process.stderr;
  const format = options.quiet ? 'none' : (options.format ?? 'text');
  const now = options.now ?? Date.now;
  const tty = format === 'text' && Boolean(stream.isTTY) && !process.env.CI;
  const started = new Map<string, number>();
  let open = false;
  const endLine = () => {
    if (open) stream.write('\n');
    open = false;
  };
  // JSON.stringify escapes C0 controls; printable() also covers C1 and bidi overrides, as valid \u escapes.
  const emit = (event: Record<string, unknown>) => stream.write(`${printable(JSON.stringify(event))}\n`);
  return {
    info(message) {
      if (format === 'none') return;
      if (format === 'json') return void emit({ event: 'info', message });
      endLine();
      stream.write(`${printable(message)}\n`);
    },
    warn(message) {
      if (format === 'json') return void emit({ event: 'warning', message });
      endLine();
      stream.write(`warning: ${printable(message)}\n`);
    },
    progress(phase, done, total, extra) {
      if (format === 'none') return;
      // A phase's clock starts at its first report (or when it reports 0 again: a new pass).
      if (!started.has(phase) || done === 0) started.set(phase, now());
      const etaMs = etaOf(now() - (started.get(phase) as number), done, total);
      if (format === 'json') {
        return void emit({ event: 'progress', phase, done, total, ...(extra ? { detail: extra } : {}), ...(etaMs !== null ? { etaMs } : {}) });
      }
      const parts = [extra, etaMs !== null ? `ETA ${formatDuration(etaMs)}` : undefined].filter(Boolean);
      const line = printable(`${phase}: ${done}/${total}${parts.length ? ` · ${parts.join(' · ')}` : ''}`);
      if (tty) {
        stream.write(`\r\x1b[2K${line}`);
        open = true;
        if (done >= total) endLine();
      } else if (done === total || (total >= 20 && done % Math.ceil(total / 10) === 0)) {
        // Plain logs: the end of each phase; a long one also its start and about every tenth.
        stream.write(`${line}\n`);
      }
    },
  };
}

