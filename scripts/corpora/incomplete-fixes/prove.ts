// Runs one recorded exploit in the real sandbox (bubblewrap: no network, the package folder read-only at /pkg, a
// throw-away workspace the only writable folder, a wall-time limit) and reads the harness's verdict. An exploit the
// harness does not judge shown — it failed, timed out, or never reached its verdict — is "not shown".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSIDE_WORKSPACE, runSandboxed } from '../../../src/engines/sandbox/run.ts';
import { selectBackend } from '../../../src/engines/sandbox/select.ts';
import type { IncompleteFix } from './evidence.ts';
import { HARNESS_FILE, INSIDE_PACKAGE, readVerdict, runEnv, runFiles } from './harness.ts';

export interface Proof {
  case: string;
  shown: boolean;
  detail: string;
  durationMs: number;
}

const DEFAULT_TIMEOUT_S = 60;

/** Proves one entry against the package source at `packageDir` (the fetched `<name>@<fixed>/src`, or a test copy). */
export async function proveEntry(entry: IncompleteFix, packageDir: string, signal?: AbortSignal): Promise<Proof> {
  const backend = selectBackend({ backend: 'bwrap' });
  const nonce = randomBytes(12).toString('hex');
  // An empty workspace: the files go in through the request, so nothing of the host is copied.
  const empty = mkdtempSync(join(tmpdir(), 'bh-prove-'));
  try {
    writeFileSync(join(empty, '.keep'), '');
    const result = await runSandboxed(backend, {
      argv: ['node', HARNESS_FILE],
      workspace: empty,
      files: runFiles(entry),
      env: runEnv(entry, nonce, INSIDE_WORKSPACE),
      readOnly: [{ host: packageDir, inside: INSIDE_PACKAGE }],
      dependencies: 'off',
      limits: { timeoutMs: (entry.exploit.timeoutSeconds ?? DEFAULT_TIMEOUT_S) * 1000 },
      ...(signal ? { signal } : {}),
    });
    const verdict = readVerdict(result.stdout, nonce);
    if (verdict) return { case: entry.case, ...verdict, durationMs: result.durationMs };
    const said = (result.stderr.trim().split('\n').slice(-1)[0] ?? '').slice(0, 200);
    return { case: entry.case, shown: false, detail: `no verdict (${result.status}${result.reason ? `: ${result.reason}` : ''})${said ? ` — ${said}` : ''}`, durationMs: result.durationMs };
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}
