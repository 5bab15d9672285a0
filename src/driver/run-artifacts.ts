// Which artifacts belong to one run, from the phase declarations (every artifact a phase reads or writes, and the
// views it renders), and the step every new run takes before it reads anything: the older run's artifacts are moved
// aside into superseded/, so none of them can be read as the new run's. Two kinds stay where they are, on purpose.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ArtifactName } from '../artifacts/registry.ts';
import { artifactPath } from '../artifacts/store.ts';
import { PIPELINE } from './registry.ts';
import type { PhaseDefinition } from '../phase-kit/types.ts';

/** Where a new run moves the older run's artifacts: replaced by each new run, so it holds one run at most. */
export const SUPERSEDED_DIR = 'superseded';


/**
 * Left in place when a new run starts: the grant above, and the last report (scan-report.json, coverage.json and
 * their views), which `bug-hunter report` shows as the previous run's until this run writes its own. No phase reads
 * them as this run's: the report phase removes them before it joins, and a reader checks their run.
 */
const KEPT_AT_NEW_RUN: ReadonlySet<ArtifactName> = new Set(['fixer-scope', 'scan-report', 'coverage']);

export interface RunFiles {
  /** Artifact names a new run moves aside. */
  artifacts: ArtifactName[];
  /** View files (threat-model.md …) a new run moves aside with them. */
  views: string[];
}

/** The artifacts and views a run owns and a new run supersedes, derived from the declarations of `phases`. */
export function supersededFiles(phases: readonly Pick<PhaseDefinition, 'reads' | 'writes' | 'viewFiles'>[]): RunFiles {
  // The target's memory and the run's own state are not declared by any phase, so they never appear here.
  const artifacts = [...new Set(phases.flatMap((p) => [...p.writes, ...p.reads]))].filter((n) => !KEPT_AT_NEW_RUN.has(n)).sort();
  const keptViews = new Set(phases.filter((p) => p.writes.some((w) => KEPT_AT_NEW_RUN.has(w))).flatMap((p) => p.viewFiles ?? []));
  const views = [...new Set(phases.flatMap((p) => p.viewFiles ?? []))].filter((v) => !keptViews.has(v)).sort();
  return { artifacts, views };
}

/** Every phase's declaration, in pipeline order. */
export async function builtDeclarations(): Promise<PhaseDefinition[]> {
  return Promise.all(PIPELINE.map((p) => p.load()));
}

/**
 * Moves the artifacts of older runs aside before a new run reads anything (under the run lock). Returns the file
 * names moved, for the log. `superseded/` is emptied first: it holds the run just replaced, never an older one.
 */
export async function supersedeOlderRuns(outDir: string): Promise<string[]> {
  // The table written out from the declarations (checked fresh by a test), not the declarations themselves: loading
  // every phase module here would cost each scan their start-up.
  const { RUN_FILES } = await import('./run-files.ts');
  const { artifacts, views } = RUN_FILES;
  const files = [...artifacts.map((n) => artifactPath(outDir, n)), ...views.map((v) => join(outDir, v))].filter((path) => existsSync(path));
  if (files.length === 0) return [];
  const aside = join(outDir, SUPERSEDED_DIR);
  rmSync(aside, { recursive: true, force: true });
  mkdirSync(aside, { recursive: true });
  const moved: string[] = [];
  for (const path of files) {
    const name = basename(path);
    renameSync(path, join(aside, name));
    moved.push(name);
  }
  return moved;
}
