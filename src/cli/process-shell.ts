// The process around a command, and the only place it exits: output goes to the real stdout/stderr through here, a
// reader that goes away (`| head`) silences its stream instead of crashing the run, and the process ends only once
// both streams have drained (a pipe read slowly gets the whole report) and the processes it started are gone.
// Signals: the first SIGINT or SIGTERM aborts the run, which saves its state and returns its code (3 for a scan);
// a run still going GRACE_MS later, or a second signal, ends at once with exit 3, its children killed.
import { classifyThrown, ExitCode } from '../foundations/errors.ts';
import { stopDescendants } from '../engines/run/descendants.ts';
import type { CommandIO } from '../commands/kit/command.ts';

/** How long an aborted run has to stop by itself before it is ended: the whole stop stays within 5 s. */
export const GRACE_MS = 4_000;
/** How long children get to end (SIGTERM, then SIGKILL) and be reaped before the process exits anyway. */
const CHILDREN_MS = 2_000;
/** After a second signal or the grace period: SIGKILL at once, a short wait for the reaping. */
const FORCED_CHILDREN_MS = 500;

/** One output stream: writes in order, `drained` once all of them have reached the reader (or the reader is gone). */
function outlet(stream: NodeJS.WriteStream): { write: (text: string) => void; drained: () => Promise<void> } {
  let gone = false;
  let last: Promise<void> = Promise.resolve();
  let closed!: () => void;
  const whenGone = new Promise<void>((resolve) => (closed = resolve));
  // EPIPE (the reader closed the pipe) or any other write failure: the rest of the output has nowhere to go; the run
  // goes on to its own exit code. Handled here, so it is never an uncaught 'error' event with a stack trace.
  stream.on('error', () => {
    gone = true;
    closed();
  });
  return {
    write(text) {
      if (gone || text === '') return;
      last = new Promise((resolve) => stream.write(text, () => resolve()));
    },
    drained: () => Promise.race([last, whenGone]),
  };
}

export interface ProcessShellOptions {
  /** The prefix of a message about an error the command did not handle (`bug-hunter`, a script's name). */
  name: string;
  cwd: string;
}

/** Runs `command` with the real stdio and signals, then exits with its code once the output is out. Never returns. */
export function runInProcessShell(command: (io: CommandIO) => Promise<number>, options: ProcessShellOptions): void {
  const out = outlet(process.stdout);
  const err = outlet(process.stderr);
  const controller = new AbortController();
  const io: CommandIO = { stdout: out.write, stderr: err.write, cwd: options.cwd, signal: controller.signal };
  let exiting = false;
  // A run that ends without reaching exit() (its loop emptied while a promise never settled) did not finish: 3, not 0.
  process.exitCode = ExitCode.failed;

  const exit = async (code: number, forced: boolean): Promise<void> => {
    if (exiting && !forced) return;
    exiting = true;
    await stopDescendants(forced ? FORCED_CHILDREN_MS : CHILDREN_MS, forced);
    if (!forced) await Promise.all([out.drained(), err.drained()]);
    process.exit(code);
  };
  // Ended from outside: what the aborted run did not save by now is not saved (every artifact write is atomic).
  const force = () => void exit(ExitCode.failed, true);

  let signals = 0;
  const onSignal = (name: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) return force();
    err.write(name === 'SIGINT' ? '\nInterrupted: saving state (Ctrl-C again to exit at once)…\n' : '\nTerminated: saving state (a second signal exits at once)…\n');
    controller.abort(new Error(name === 'SIGINT' ? 'interrupted' : 'terminated'));
    setTimeout(force, GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  command(io).then(
    (code) => exit(code, false),
    (error: unknown) => {
      const outcome = classifyThrown(error);
      err.write(`${options.name}: ${outcome.message}\n`);
      return exit(outcome.exitCode, false);
    },
  );
}
