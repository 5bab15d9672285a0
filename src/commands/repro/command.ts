// `bug-hunter repro [target] --from <file|-> [--stack-trace <file>] [--issue N]`: reproduce a bug a person reported
// (words, a stack trace, or a GitHub issue) with a failing test in the sandbox, by the rules of proof; writes
// repro-report.json and, when proven, repro/<id>/. Only with --fix does a reproduced report go on to the fixer.
import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { ExitCode, UsageError } from '../../foundations/errors.ts';
import { parseStackTrace } from '../../engines/stack-trace/parse.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { resolveOutDir, resolveTarget } from '../../engines/run/target.ts';
import { UNSANDBOXED_OPTION } from '../../engines/sandbox/none.ts';
import { DEPENDENCY_STRATEGIES } from '../../engines/run/options.ts';
import { atMostPositionals, common, oneOf, parseCommandArgs, positiveInt } from '../kit/args.ts';
import { defineCommand, type Command, type CommandIO } from '../kit/command.ts';
import { SANDBOX_FLAGS, unsandboxedFlag } from '../kit/sandbox-flags.ts';
import { withDescription } from '../kit/usage.ts';
import { MODEL_FLAGS, modelRequestOf } from '../kit/model-flags.ts';

const OPTIONS = {
  from: { type: 'string', arg: '<file|->', description: "the report as text; '-' reads standard input. A trace inside it is used as the trace" },
  'stack-trace': { type: 'string', arg: '<file>', description: 'a Node.js, Python or Go stack trace as logged' },
  issue: { type: 'string', arg: '<N>', description: 'read the report from GitHub issue N (title and body) of --repo or the origin remote' },
  repo: { type: 'string', arg: '<owner/name>', description: 'with --issue: the repository (default: the origin remote)' },
  ...SANDBOX_FLAGS,
  timeout: { type: 'string', arg: '<seconds>', description: 'wall time of each sandbox run (default 60)' },
  fix: { type: 'boolean', description: 'fix a reproduced report with red-to-green proof (needs git and a fixer model)' },
  'auto-commit': { type: 'boolean', description: 'with --fix: commit a proven fix to a new branch bug-hunter/fix-<runId>' },
  ...unsandboxedFlag("the tester's test"),
  ...withDescription(MODEL_FLAGS, 'the tester model, as for scan (the tester role must use a model)'),
  out: common('out', 'artifact folder (default <target>/.bug-hunter)'),
  json: common('json', 'print repro-report.json'),
} as const;

const MAX_INPUT_BYTES = 1024 * 1024;

export const reproCommand: Command = defineCommand({
  name: 'repro',
  help: {
    synopsis: ['bug-hunter repro [target] --from <file|-> [--stack-trace <file>] [flags]', 'bug-hunter repro [target] --issue <N> [--stack-trace <file>] [flags]'],
    about: `Reproduces a bug a person reported — a report in words (Markdown from an issue or a ticket), a Node.js, Python or
Go stack trace as logged, or both — with one new failing test, written by the tester model and run twice in the
sandbox on the unchanged code. It locates the code first (trace frames mapped to the target's files, leaving out
node_modules and runtime frames; else functions and quoted messages the report names, looked up in the code
index) and shows the tester that source, the nearest existing tests and the report, fenced as untrusted data.
It counts as reproduced only by the rules of proof:
  with a trace   the test fails with the trace's own error type, thrown from the trace's function (its innermost
                 frame in the target), and — for Error, TypeError, Exception or a Go panic — a stable fragment of
                 the original message;
  words only     the failing assertion prints the run's random marker (BUG_HUNTER_MARKER), and the test's source
                 does not print, throw or assert.fail it, nor assert on constants;
  both           twice, the same way; a timeout, install failure or a test that never started is unknown.
Tests run with the project's JavaScript runner (node:test, vitest, jest, mocha), pytest (python3 -m pytest
--tb=native; the marker goes in a one-line 'assert <condition>, <message>') or go test (go test -run '^(TestX)$'
-count=1 ./<package>, offline; a panic is matched by function and message fragment, the marker goes in a t.Fatalf
or t.Errorf inside 'if <condition> {'; a build failure is a test that never ran).
Up to three attempts, each shown what the sandbox printed for the last. It never guesses a fix.
Writes repro-report.json (attempts, verdict) and, when reproduced, repro/<id>/ (test, run.sh, output, README).
With --fix, a reproduced report becomes a finding (tier T1, origin report or stack-trace) fixed exactly like a
scanned one: fix plan and recorded scope, the fixer model in a git worktree from the base commit, the
reproduction red before and green after with the suite green, re-proven on the current head; its artifacts are
in incidents/<id>/. A report that was not reproduced is never fixed.`,
    sections: [{ flags: OPTIONS }],
    after: `Environment: with --issue, GITHUB_TOKEN (or GH_TOKEN) and GITHUB_API_URL as for publish.
Exit codes: 0 reproduced (with --fix: and fixed-proven); 1 not reproduced (the attempts are listed), or with --fix
reproduced but not fixed-proven (fix-report.json says why); 2 usage (no report, an unreadable file, a trace that is
not one, no tester model, --fix without git or a fixer model); 3 could not check (not located, no runnable test framework, a timeout,
the sandbox or the tester unavailable).`,
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('repro', argv, OPTIONS);
    atMostPositionals('repro', positionals, 1, 'at most one target');
    if (values.from === undefined && values['stack-trace'] === undefined && values.issue === undefined) {
      throw new UsageError("Give the bug: --from <file|-> (a report), --stack-trace <file>, or --issue <N>. Run 'bug-hunter repro --help'.");
    }
    if (values.from !== undefined && values.issue !== undefined) throw new UsageError('--from and --issue both give the report; give one of them.');
    if (values.from === '-' && values['stack-trace'] === '-') throw new UsageError('--from and --stack-trace cannot both read standard input; put one of them in a file.');
    if (values.repo !== undefined && values.issue === undefined) throw new UsageError('--repo goes with --issue (the repository the issue is read from).');
    if (values['auto-commit'] && !values.fix) throw new UsageError('--auto-commit needs --fix: there is nothing to commit without fixing.');
    const issue = positiveInt('issue', values.issue);
    const timeoutS = positiveInt('timeout', values.timeout);
    const backend = oneOf('sandbox', values.sandbox, ['auto', 'bwrap', 'podman', 'docker', 'none'] as const, 'auto');
    const deps = values.deps === undefined ? undefined : oneOf('deps', values.deps, DEPENDENCY_STRATEGIES, 'off');
    const target = resolveTarget(positionals[0], io.cwd);
    const outDir = resolveOutDir(target, values.out, io.cwd);

    let text = values.from === undefined ? '' : await readInput('from', values.from, io);
    const traceText = values['stack-trace'] === undefined ? undefined : await readInput('stack-trace', values['stack-trace'], io);
    if (issue !== undefined) {
      const { readIssueReport } = await import('./github-issue.ts');
      text = await readIssueReport({ target, issue, repoFlag: values.repo, env: process.env, notice: (line) => io.stderr(`${line}\n`) });
    }
    const trace = traceFrom(text, traceText);
    const { reproduceReported } = await import('./repro-shell.ts');
    const report = await reproduceReported({
      target: realpathSync(target),
      outDir,
      text,
      ...(trace ? { trace } : {}),
      source: {
        origin: trace ? 'stack-trace' : 'report',
        ...(values.from !== undefined ? { from: values.from === '-' ? '-' : resolve(io.cwd, values.from) } : {}),
        ...(values['stack-trace'] !== undefined ? { stackTrace: resolve(io.cwd, values['stack-trace']) } : {}),
        ...(issue !== undefined ? { issue } : {}),
        textSha256: sha256(`${text}\n${traceText ?? ''}`),
      },
      models: modelRequestOf(values, io.cwd),
      sandbox: { backend, allowUnsandboxed: Boolean(values[UNSANDBOXED_OPTION]) },
      ...(deps ? { dependencies: deps } : {}),
      ...(timeoutS ? { timeoutMs: timeoutS * 1000 } : {}),
      ...(values.fix ? { fix: { autoCommit: Boolean(values['auto-commit']) } } : {}),
      quiet: Boolean(values.quiet),
      io,
    });
    const { renderReproReport } = await import('./render.ts');
    io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderReproReport(report));
    if (report.verdict === 'unknown') return ExitCode.failed;
    const fixed = !values.fix || report.fix?.status === 'fixed-proven';
    return report.verdict === 'reproduced' && fixed ? ExitCode.ok : ExitCode.findings;
  },
});

// The trace: --stack-trace when given (it must parse), else one found inside the report text.
function traceFrom(text: string, traceText: string | undefined) {
  if (traceText !== undefined) {
    const parsed = parseStackTrace(traceText);
    if (!parsed.ok) throw new UsageError(`--stack-trace is not a stack trace: ${parsed.problem}.`);
    return { parsed: parsed.trace, text: traceText };
  }
  const inside = parseStackTrace(text);
  return inside.ok ? { parsed: inside.trace, text } : undefined;
}

async function readInput(flag: string, value: string, io: CommandIO): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = value === '-' ? await readStdin() : readFileSync(resolve(io.cwd, value));
  } catch (error) {
    throw new UsageError(`--${flag} ${value} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new UsageError(`--${flag} ${value} is ${bytes.length} bytes; at most ${MAX_INPUT_BYTES} are read.`);
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new UsageError(`--${flag} ${value} is empty.`);
  return text;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
