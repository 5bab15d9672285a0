// The Logger interface every layer reports through (phases, models, the driver), and the one that says nothing.
// The terminal's implementation (progress lines, JSON progress) is src/engines/terminal/log.ts.

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** done/total for a phase; extra carries tokens, counts … (the logger adds the ETA). */
  progress(phase: string, done: number, total: number, extra?: string): void;
}

/** For callers that report to no one (tests, benchmark runs). */
export const silentLogger: Logger = { info() {}, warn() {}, progress() {} };
