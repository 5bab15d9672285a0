// Issue #12 item 5: one error model. Every thrown value is matched in one place (classifyThrown); git, sandbox and
// provider failures are clear messages with exit 3, never "a bug in bug-hunter"; preconditions fail before triage.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { BugHunterError, classifyThrown, debugText, ExitCode, IntegrityError, InternalError, PhaseError, ProviderError, UsageError } from '../../src/foundations/errors.ts';
import { SarifError } from '../../src/engines/leads/sarif.ts';
import { LockfileError } from '../../src/engines/deps/lockfiles/types.ts';
import { HelperGone } from '../../src/engines/recheck/channel.ts';
import { SystemicFailure } from '../../src/commands/watch/watcher.ts';
import { UndeclaredRoleError } from '../../src/phase-kit/roles.ts';
import { checkPreconditions } from '../../src/driver/preconditions.ts';
import { GitCommandError, runGit } from '../../src/engines/git/worktree.ts';
import { SandboxUnavailableError } from '../../src/engines/sandbox/types.ts';
import { runCli, spawnCli } from '../helpers/cli.ts';
import { gitRepo, tempDir, writeFiles } from '../helpers/temp.ts';

const BUGGY = { 'src/a.js': 'export function f(list) {\n  return list[list.length];\n}\n' };

test('each error class carries its exit code; only an unknown error is called a bug', () => {
  const cases: [unknown, number, boolean][] = [
    [new UsageError('u'), ExitCode.usage, false],
    [new PhaseError('p'), ExitCode.failed, false],
    [new IntegrityError('i'), ExitCode.failed, false],
    [new ProviderError('m', 'server', true), ExitCode.failed, false],
    [new GitCommandError('g'), ExitCode.failed, false],
    [new SandboxUnavailableError('s'), ExitCode.failed, false],
    [Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' }), ExitCode.failed, false],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), ExitCode.failed, true],
    ['a string', ExitCode.failed, true],
  ];
  for (const [error, exitCode, internal] of cases) assert.deepEqual(classifyThrown(error), { exitCode, internal, message: error instanceof Error ? error.message : String(error) });
});

test('a failed git command keeps git\'s words in its message and the original error as its cause', (t) => {
  const dir = tempDir(t);
  const error = (() => {
    try {
      runGit(dir, ['worktree', 'add', '--detach', join(dir, 'wt'), 'HEAD']);
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  assert.ok(error instanceof GitCommandError);
  assert.match(error.message, /git worktree add .* failed in .*: fatal: not a git repository/);
  assert.ok(error.cause instanceof Error, 'the child process error is kept');
  assert.match(debugText(error), /caused by: .*Command failed: git/s);
});

test('a provider error built from an SDK error keeps it as its cause', () => {
  const sdk = new Error('upstream');
  const e = new ProviderError('Provider x failed (500): upstream', 'server', true, { status: 500, cause: sdk });
  assert.equal(e.cause, sdk);
  assert.equal(e.status, 500);
});

test('a failed git worktree add (scan --baseline) is a clear failure, exit 3, not a bug in bug-hunter', async (t) => {
  const repo = gitRepo(t, BUGGY);
  // git keeps its worktrees in .git/worktrees/: a file there makes every `git worktree add` fail.
  writeFileSync(join(repo, '.git', 'worktrees'), 'not a folder\n');
  const r = await runCli(['scan', repo, '--baseline', 'HEAD', '--quiet']);
  assert.equal(r.code, ExitCode.failed, r.stderr);
  assert.match(r.stderr, /bug-hunter: git worktree add .* failed in /);
  assert.doesNotMatch(r.stderr, /This is a bug in bug-hunter/);
});

test('--fix outside a git repository exits 2 before triage', async (t) => {
  const dir = tempDir(t);
  writeFiles(dir, BUGGY);
  const r = await runCli(['scan', dir, '--fix', '--quiet']);
  assert.equal(r.code, ExitCode.usage, r.stderr);
  assert.match(r.stderr, /--fix needs a git repository .* is not inside one/);
  assert.ok(!existsSync(join(dir, '.bug-hunter', 'triage.json')), 'no phase ran');
});

test('--verify with no sandbox backend exits 3 before triage and names the opt-out', async (t) => {
  const dir = tempDir(t);
  writeFiles(dir, BUGGY);
  // podman asked for, with only node on the PATH: it cannot be found (bwrap would be probed at a fixed PATH).
  const r = await spawnCli(['scan', dir, '--verify', '--sandbox', 'podman', '--quiet'], { env: { PATH: dirname(process.execPath) } });
  assert.equal(r.code, ExitCode.failed, r.stderr);
  assert.match(r.stderr, /--verify runs untrusted code, and nothing was started: No sandbox backend can run here \(podman: .*--i-understand-this-runs-untrusted-code-unsandboxed/);
  assert.doesNotMatch(r.stderr, /This is a bug in bug-hunter/);
  assert.ok(!existsSync(join(dir, '.bug-hunter', 'triage.json')), 'no phase ran');
});

test('the sandbox precondition is met by the explicit opt-out and checked only for phases that run code', (t) => {
  const dir = tempDir(t);
  assert.throws(() => checkPreconditions(dir, ['triage', 'verify'], { sandboxBackend: 'none' }), SandboxUnavailableError);
  assert.doesNotThrow(() => checkPreconditions(dir, ['triage', 'verify'], { sandboxBackend: 'none', allowUnsandboxed: true }));
  assert.doesNotThrow(() => checkPreconditions(dir, ['triage', 'hunter', 'report'], { sandboxBackend: 'none' }));
  assert.throws(() => checkPreconditions(dir, ['fix-plan', 'fixer'], { sandboxBackend: 'none', allowUnsandboxed: true }), UsageError);
});

test('every error class is in the BugHunterError family with a cause; an undeclared role is still called a bug', () => {
  const cause = new Error('underneath');
  const cases: [BugHunterError, string, number, boolean][] = [
    [new SarifError('s', { cause }), 'SarifError', ExitCode.usage, false],
    [new LockfileError('l', { cause }), 'LockfileError', ExitCode.failed, false],
    [new HelperGone('h', { cause }), 'HelperGone', ExitCode.failed, false],
    [new SystemicFailure('f', { cause }), 'SystemicFailure', ExitCode.failed, false],
    [new InternalError('b', { cause }), 'InternalError', ExitCode.failed, true],
    [new UndeclaredRoleError('hunter', 'skeptic', []), 'UndeclaredRoleError', ExitCode.failed, true],
  ];
  for (const [error, name, exitCode, internal] of cases) {
    assert.ok(error instanceof BugHunterError, name);
    assert.equal(error.name, name);
    if (!(error instanceof UndeclaredRoleError)) assert.equal(error.cause, cause, name);
    assert.deepEqual(classifyThrown(error), { exitCode, internal, message: error.message });
  }
  // No error class outside the family: `extends Error` is written once, by BugHunterError.
  const root = join(import.meta.dirname, '../../src');
  const outside = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && /\bextends Error\b/.test(readFileSync(join(root, file), 'utf8')));
  assert.deepEqual(outside, [join('foundations', 'errors.ts')]);
});
