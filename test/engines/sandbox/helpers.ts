// Shared test helpers for sandbox tests: temp workspaces, tree hashing, leftover-process checks.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, lstatSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { selectBackend } from '../../../src/engines/sandbox/index.ts';
import { processTable } from '../../../src/engines/run/descendants.ts';

export const bwrap = () => selectBackend({ backend: 'bwrap' });

export function tempTree(files: Record<string, string>): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bh-sbx-test-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Hash of every file, folder and link (path, mode, content) so any change to the tree shows. */
export function hashTree(root: string): string {
  const parts: string[] = [];
  const walk = (p: string) => {
    const st = lstatSync(p);
    const rel = relative(root, p);
    if (st.isSymbolicLink()) parts.push(`L ${rel} ${readlinkSync(p)}`);
    else if (st.isDirectory()) {
      parts.push(`D ${rel} ${st.mode}`);
      for (const name of readdirSync(p).sort()) walk(join(p, name));
    } else parts.push(`F ${rel} ${st.mode} ${sha256(readFileSync(p))}`);
  };
  walk(root);
  return sha256(parts.join('\n'));
}

/** Host processes whose command line contains `marker`: none may outlive a run. */
export function processesWith(marker: string): string[] {
  return listProcesses().filter((p) => p.cmdline.includes(marker)).map((p) => `${p.pid} ${p.cmdline}`);
}

/**
 * The bwrap zombies there are now, each as pid and start time (pids are reused). A killed sandbox must be reaped, not
 * left to a host init that may never reap it. Every sandbox run, killed or not, leaves a couple of bwrap processes to
 * the host's init, which reaps them within seconds here; the suite's other test processes add theirs all the time.
 * So a test waits for the zombies there were when its own run ended to go (reaped), not for the count to fall back.
 */
export function bwrapZombies(): Set<string> {
  return new Set(processTable().filter((p) => p.name === 'bwrap' && p.state === 'Z').map((p) => `${p.pid}@${p.start}`));
}

/** A check for settles(): every zombie of `then` has been reaped. */
export function reaped(then: Set<string>): () => boolean {
  return () => {
    const now = bwrapZombies();
    return [...then].every((zombie) => !now.has(zombie));
  };
}

/** Polls until `ok()` holds or `ms` pass; returns the last answer (host init reaps strays only eventually). */
export async function settles(ok: () => boolean, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

function listProcesses(): Array<{ pid: number; name: string; state: string; cmdline: string }> {
  const found: Array<{ pid: number; name: string; state: string; cmdline: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      found.push({
        pid: Number(entry),
        name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '',
        state: /^State:\s+(\S)/m.exec(status)?.[1] ?? '',
        cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '),
      });
    } catch {
      continue;
    }
  }
  return found;
}
