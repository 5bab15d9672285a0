// Scripted `command` agents for the fix queue's tests: small node scripts the test writes to disk and names as
// the fixer's agent CLI (argv), run by the real command backend through execa. Not models: each does exactly
// what its script says.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { tempDir } from '../../helpers/temp.ts';

export interface ScriptedAgent {
  argv: string[];
  /** A file the script writes (what it was asked, a pid …), or null when it was never written. */
  read: (name: string) => string | null;
}

/** `body` is the script's ESM source after the prelude, which defines OUT(name) → a path in the agent's folder. */
export function scriptedAgent(t: TestContext, body: string): ScriptedAgent {
  const dir = tempDir(t, 'bh-agent-');
  const script = join(dir, 'agent.mjs');
  writeFileSync(script, `import { join as joinOut } from 'node:path';\nconst OUT = (name) => joinOut(${JSON.stringify(dir)}, name);\n${body}\n`);
  return {
    argv: [process.execPath, script],
    read: (name) => {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return null;
      }
    },
  };
}

/** Alive and not a zombie waiting to be reaped. */
export function processAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
