// Progress and messages on stderr: one rewritten progress line per phase on a terminal, plain lines in CI.
// stdout is kept for results (and --json), so scripts can pipe it.

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** done/total for a phase; extra carries tokens, ETA … */
  progress(phase: string, done: number, total: number, extra?: string): void;
}

export function createLogger(options: { quiet?: boolean; stream?: NodeJS.WriteStream } = {}): Logger {
  const stream = options.stream ?? process.stderr;
  const tty = Boolean(stream.isTTY) && !process.env.CI;
  let open = false;
  const endLine = () => {
    if (open) stream.write('\n');
    open = false;
  };
  return {
    info(message) {
      if (options.quiet) return;
      endLine();
      stream.write(`${message}\n`);
    },
    warn(message) {
      endLine();
      stream.write(`warning: ${message}\n`);
    },
    progress(phase, done, total, extra) {
      if (options.quiet) return;
      const line = `${phase}: ${done}/${total}${extra ? ` · ${extra}` : ''}`;
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

export const silentLogger: Logger = { info() {}, warn() {}, progress() {} };
