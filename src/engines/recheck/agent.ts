// A client of recheck's native agent (`recheck agent`: JSON-RPC, one message per line on stdin and stdout). recheck's
// own client comes with 5.6 MB of compiled Scala that every thread using it loads (about 70 ms of CPU and 35 MB);
// the questions it sends the agent are these few lines.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Diagnostics, Parameters } from 'recheck';
import { InfrastructureError } from '../../foundations/errors.ts';

const OS: Partial<Record<NodeJS.Platform, string>> = { darwin: 'macos', linux: 'linux', win32: 'windows' };
const ARCH: Partial<Record<string, string>> = { x64: 'x64', arm64: 'arm64' };

/** The agent binary recheck would run here (its RECHECK_BIN, or the package for this platform), or null when recheck
 * would use another backend (RECHECK_BACKEND, or no binary for this platform): then recheck's own client is used. */
export function nativeAgentBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  const backend = env.RECHECK_BACKEND || 'auto';
  if (backend !== 'auto' && backend !== 'native') return null;
  if (env.RECHECK_BIN) return env.RECHECK_BIN;
  const os = OS[process.platform];
  const arch = ARCH[process.arch];
  if (!os || !arch) return null;
  try {
    // The platform package is recheck's optional dependency: resolved from recheck, as recheck resolves it.
    const fromRecheck = createRequire(createRequire(import.meta.url).resolve('recheck'));
    return fromRecheck.resolve(`recheck-${os}-${arch}/package.json`).replace(/package\.json$/, os === 'windows' ? 'recheck.exe' : 'recheck');
  } catch {
    return null;
  }
}

export interface Agent {
  /** `hold`: the question keeps the process alive until answered (default). A thread that is itself kept alive while
   * it waits (a pool worker with a task, a helper thread) asks without, so a caller that stops waiting (a closed
   * pool) does not keep the process running until the agent has finished. */
  check(source: string, flags: string, params: Parameters, hold?: boolean): Promise<Diagnostics>;
  /** Stops the agent; questions still waiting are rejected. */
  close(): void;
}

interface Pending {
  resolve: (d: Diagnostics) => void;
  reject: (error: Error) => void;
  hold: boolean;
}

type Reply = { id?: number; result?: Diagnostics; error?: { message?: string }; message?: unknown };

/** The agent's analyser threw inside one of its threads (recheck 4.5 overflows its stack on some patterns): the
 * question it was working on will never be answered, and which one it was is not said. */
export class AgentCrashed extends InfrastructureError {
  override readonly name: string = 'AgentCrashed';
}

// What the agent's runtime prints when a thread ends on an exception nobody caught.
const THREAD_DIED = /Exception in thread "[^"\n]*" ([\w.$]+)/;

/** Starts the agent; a failure (it cannot start, exits, writes what is not an answer, or answers with an error)
 * rejects the questions it had, and after a failure of the agent itself every later one. */
export function startAgent(binary: string): Agent {
  const child = spawn(binary, ['agent'], { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | undefined;
  // Only a question asked with `hold` keeps the process alive (the process handle is referenced while one waits).
  const holdWhileNeeded = () => {
    if ([...pending.values()].some((p) => p.hold)) child.ref();
    else child.unref();
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
    child.unref();
    child.kill();
  };
  child.on('error', (error) => fail(new Error(`recheck agent ${binary}: ${error.message}`)));
  child.on('exit', (code, signal) => fail(new Error(`recheck agent exited (${signal ?? `code ${code}`})`)));
  child.stdin.on('error', (error) => fail(new Error(`recheck agent's input: ${error.message}`)));
  child.stdout.on('error', (error) => fail(new Error(`recheck agent's output: ${error.message}`)));
  child.stderr.on('error', () => undefined);
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
  // Without this watch a question whose check died inside the agent would wait for ever (no wall-clock limit by
  // design: verdict.ts), and the scan with it.
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    const seen = errors + chunk;
    const died = THREAD_DIED.exec(seen);
    if (died) fail(new AgentCrashed(`recheck agent: a check ended with ${died[1]} and was never answered`));
    // Only a tail long enough for a header split across chunks is kept: the trace of a stack overflow is long.
    errors = seen.slice(-256);
  });
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl !== -1 && !failure; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim() !== '') answer(line);
    }
  });
  function answer(line: string): void {
    let reply: Reply;
    try {
      reply = JSON.parse(line) as Reply;
    } catch {
      reply = null as unknown as Reply;
    }
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) {
      fail(new Error(`recheck agent wrote a line that is not a JSON-RPC message: ${line.slice(0, 80)}`));
      return;
    }
    const waiting = typeof reply.id === 'number' ? pending.get(reply.id) : undefined;
    // A progress message (only sent to a client that asks for logs) is not the answer.
    if (!waiting || reply.message !== undefined) return;
    pending.delete(reply.id!);
    holdWhileNeeded();
    const result = reply.result;
    // A check the agent gave up (it says "cancel") is no verdict.
    if (result !== undefined && !(result.status === 'unknown' && result.error?.kind === 'cancel')) waiting.resolve(result);
    else waiting.reject(new Error(`recheck agent: ${reply.error?.message ?? (result ? 'the check was cancelled' : 'an answer without a result')}`));
  }
  return {
    check(source, flags, params, hold = true) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<Diagnostics>((resolve, reject) => {
        pending.set(id, { resolve, reject, hold });
        holdWhileNeeded();
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0+push', id, method: 'check', params: { source, flags, params } })}\n`);
      });
    },
    close: () => fail(new Error('recheck agent closed')),
  };
}
