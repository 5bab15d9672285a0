// Agent-CLI backend (e.g. `claude -p --output-format json`): argv via execa, no shell; prompt on stdin or in a
// file; JSON read from stdout, tolerating a {result: "..."} envelope. Timeout/cancel kill the whole process group.
import { execa } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderError } from '../../foundations/errors.ts';
import type { TokenUsage } from '../budget/cost.ts';
import type { Backend, BackendRequest, BackendResponse } from './types.ts';
import { flattenTurns, schemaInstruction } from './prompt.ts';
import { approxTokens, wireSchema } from './wire-schema.ts';
import type { Redactor } from './redact.ts';
import { oversizedAnswer } from './answer-cap.ts';
import type { PromptInput } from '../../artifacts/schemas/literals.ts';

export interface CommandOptions {
  name: string;
  argv: string[];
  input: PromptInput;
  /** Largest stdout kept, in bytes; beyond it the process is stopped and the answer rejected as oversized. */
  maxOutputBytes: number;
  redact: Redactor;
  cwd?: string;
}

const KILL_GRACE_MS = 1_000;
const MAX_STDERR_BYTES = 1_000_000;

export function createCommandBackend(options: CommandOptions): Backend {
  return {
    type: 'command',
    async send(req: BackendRequest): Promise<BackendResponse> {
      const prompt = flattenTurns(`${req.system}\n\n${schemaInstruction(wireSchema(req.schema), req.schemaName)}`, req.turns);
      const dir = options.input === 'file' ? mkdtempSync(join(tmpdir(), 'bh-prompt-')) : null;
      try {
        const promptFile = dir ? join(dir, 'prompt.md') : '';
        if (dir) writeFileSync(promptFile, prompt, { mode: 0o600 });
        const argv = options.argv.map((a) => a.replaceAll('{model}', req.model).replaceAll('{promptFile}', promptFile));
        if (dir && !options.argv.some((a) => a.includes('{promptFile}'))) argv.push(promptFile);
        return await run(options, argv, dir ? undefined : prompt, req);
      } finally {
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function run(options: CommandOptions, argv: string[], stdin: string | undefined, req: BackendRequest): Promise<BackendResponse> {
  req.signal.throwIfAborted();
  const [file, ...args] = argv as [string, ...string[]];
  // detached: the CLI leads its own process group, so a stop reaches the tools it spawned too.
  const child = execa(file, args, {
    input: stdin ?? '',
    detached: true,
    reject: false,
    cwd: req.workdir ?? options.cwd,
    // Bytes, so the caps are in bytes (execa counts characters of decoded text).
    encoding: 'buffer',
    maxBuffer: { stdout: options.maxOutputBytes, stderr: MAX_STDERR_BYTES },
    stripFinalNewline: false,
  });
  const killGroup = () => {
    if (child.pid === undefined) return;
    signalGroup(child.pid, 'SIGTERM');
    setTimeout(() => signalGroup(child.pid as number, 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  req.signal.addEventListener('abort', killGroup, { once: true });
  let result;
  try {
    result = await child;
  } finally {
    req.signal.removeEventListener('abort', killGroup);
  }
  // The client turns an abort into a timeout or a cancellation; the process group is already gone.
  req.signal.throwIfAborted();
  const stdout = Buffer.from(result.stdout ?? []).toString('utf8');
  if (result.isMaxBuffer) {
    // execa stopped reading and ended the CLI; whatever it started in its group goes too.
    killGroup();
    if ((result.stdout?.byteLength ?? 0) >= options.maxOutputBytes) throw oversizedAnswer(options.name, 'command', options.maxOutputBytes);
    throw new ProviderError(`Command provider '${options.name}' (${file}) printed more than ${MAX_STDERR_BYTES} bytes on stderr; it was stopped and its answer is not used.`, 'invalid-output', false);
  }
  if (result.failed) {
    const tail = options.redact(Buffer.from(result.stderr ?? []).toString('utf8').slice(-500)).trim();
    const why = result.exitCode !== undefined ? `exited with ${result.exitCode}` : `failed (${options.redact(String(result.shortMessage ?? 'unknown error'))})`;
    throw new ProviderError(`Command provider '${options.name}' (${file}) ${why}${tail ? `: ${tail}` : ''}`, 'server', true);
  }
  return unwrap(stdout, req, options, stdin ?? '');
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

// Agent CLIs print an envelope ({type: 'result', result: '<the answer>', usage: {...}}); the answer is inside.
function unwrap(stdout: string, req: BackendRequest, options: CommandOptions, prompt: string): BackendResponse {
  let envelope: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(stdout);
    const props = (req.schema as { properties?: Record<string, unknown> }).properties ?? {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && typeof (parsed as { result?: unknown }).result === 'string' && !('result' in props)) {
      envelope = parsed as Record<string, unknown>;
    }
  } catch {
    envelope = null;
  }
  if (!envelope) return { text: stdout, usage: { inputTokens: approxTokens(prompt), outputTokens: approxTokens(stdout) }, model: req.model };
  const text = envelope.result as string;
  if (envelope.is_error === true) {
    throw new ProviderError(`Command provider '${options.name}' reported an error: ${options.redact(text.slice(0, 500))}`, 'server', true);
  }
  return { text, usage: envelopeUsage(envelope.usage) ?? { inputTokens: approxTokens(prompt), outputTokens: approxTokens(text) }, model: req.model };
}

function envelopeUsage(raw: unknown): TokenUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as Record<string, unknown>;
  const n = (k: string) => (typeof u[k] === 'number' ? (u[k] as number) : 0);
  if (typeof u.input_tokens !== 'number' && typeof u.output_tokens !== 'number') return null;
  return { inputTokens: n('input_tokens') + n('cache_creation_input_tokens') + n('cache_read_input_tokens'), outputTokens: n('output_tokens') };
}
