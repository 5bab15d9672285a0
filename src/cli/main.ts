// Entry point: picks the command (default `scan`), runs it, maps any thrown error to its exit code.
import { classifyThrown, debugText, ExitCode, UsageError } from '../foundations/errors.ts';
import { runInProcessShell } from './process-shell.ts';
import { TOOL_VERSION } from '../foundations/version.ts';
import type { CommandIO } from '../commands/kit/command.ts';
import { COMMANDS } from '../commands/index.ts';
import { terminalSafe } from '../engines/report/printable.ts';

export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `bug-hunter ${TOOL_VERSION} — finds real bugs in a codebase and proves them.`,
    '',
    'Usage: bug-hunter [command] [target] [flags]   (no command means scan)',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'bug-hunter <command> --help' for a command's flags.",
    'Exit codes: 0 completed, nothing confirmed at or above --fail-on; 1 confirmed findings;',
    '            2 usage or configuration error; 3 failed phase, integrity failure, incomplete run,',
    '            nothing checked or read, or an in-scope file a configured engine reads left unread',
    '            (files in a language no configured engine reads count only with --require-coverage).',
  ].join('\n');
}

export async function main(argv: string[], rawIo: CommandIO): Promise<number> {
  // Everything printed may carry text from the scanned repository: no control sequence reaches the terminal.
  const io: CommandIO = { ...rawIo, stdout: (t) => rawIo.stdout(terminalSafe(t)), stderr: (t) => rawIo.stderr(terminalSafe(t)) };
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.stdout(`${TOOL_VERSION}\n`);
    return ExitCode.ok;
  }
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    if (first === undefined) return run('scan', [], io);
    io.stdout(`${mainHelp()}\n`);
    return ExitCode.ok;
  }
  const known = COMMANDS.find((c) => c.name === first);
  if (known) return run(first, rest, io);
  // Anything that is not a command is scan's argument: `bug-hunter --loop`, `bug-hunter ./src`.
  if (first.startsWith('-') || !/^[a-z][a-z-]*$/.test(first)) return run('scan', argv, io);
  io.stderr(`Unknown command '${first}'. Commands: ${COMMANDS.map((c) => c.name).join(', ')}. Run 'bug-hunter --help'.\n`);
  return ExitCode.usage;
}

async function run(name: string, argv: string[], io: CommandIO): Promise<number> {
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) throw new UsageError(`Unknown command '${name}'.`);
  const command = await entry.load();
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return ExitCode.ok;
  }
  try {
    return await command.run(argv, io);
  } catch (thrown) {
    // A missing or invalid artifact read outside a phase still says which command writes it.
    const error = await (await import('../driver/hints.ts')).withRerunHint(thrown);
    const outcome = classifyThrown(error);
    io.stderr(`bug-hunter: ${process.env.BUG_HUNTER_DEBUG ? debugText(error) : outcome.message}\n`);
    if (outcome.internal) io.stderr('This is a bug in bug-hunter; set BUG_HUNTER_DEBUG=1 for the stack trace.\n');
    return outcome.exitCode;
  }
}

/** The process shell around main(): real stdio, signals that stop the run, the exit code once the output is out.
 * The bin calls it. */
export function runProcess(): void {
  const cwd = process.env.INIT_CWD && process.env.npm_lifecycle_event === 'bug-hunter' ? process.env.INIT_CWD : process.cwd();
  runInProcessShell((io) => main(process.argv.slice(2), io), { name: 'bug-hunter', cwd });
}

// `node src/cli/main.ts` (development, through tsx), `node dist/cli/main.js` and `node dist/bundle/main.js` run it;
// importing it does not.
if (process.argv[1] && /[\\/](?:cli|bundle)[\\/]main\.[jt]s$/.test(process.argv[1])) runProcess();
