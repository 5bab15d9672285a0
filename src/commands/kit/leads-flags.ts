// --leads <file.sarif> (repeatable), shared by `scan` and `phase leads`: each file is read, size-checked and parsed
// here, so a missing or malformed SARIF file is exit 2 naming the file and what is wrong, before any phase runs.
import { resolve } from 'node:path';
import { readLeadFile } from '../../engines/leads/read.ts';
import type { RunOptions } from '../../engines/run/options.ts';
import type { FlagTable } from './usage.ts';

export const LEADS_FLAGS = {
  leads: {
    type: 'string',
    multiple: true,
    arg: '<file.sarif>',
    description: "results of another analyser (SARIF 2.1.0: Semgrep, CodeQL, ESLint, oxlint …) as hunter candidates, checked like the engine's own: never reported on the other tool's word alone (repeatable)",
  },
} as const satisfies FlagTable;

/** The files' absolute paths and content hashes (the hash is part of the run's options), or undefined without --leads. */
export function leadsOptions(values: { leads?: string[] | undefined }, cwd: string): RunOptions['leads'] {
  if (!values.leads || values.leads.length === 0) return undefined;
  const seen = new Set<string>();
  const out: NonNullable<RunOptions['leads']> = [];
  for (const given of values.leads) {
    const path = resolve(cwd, given);
    if (seen.has(path)) continue;
    seen.add(path);
    const file = readLeadFile(path);
    out.push({ path, sha256: file.sha256 });
  }
  return out;
}
