// Shared by the hunter and the skeptic: the request input other modules pass to a file's exported functions, and
// the facts about what its imports export (hunter-findings.json crossFile), so both give the static engine the same
// view of a file.
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { ImportedFact, IncomingArg } from './index.ts';

/** The incoming arguments per file, as the static engine takes them. */
export function incomingLookup(cross: HunterFindings['crossFile']): (path: string) => IncomingArg[] | undefined {
  const byFile = new Map<string, IncomingArg[]>();
  for (const { file, ...arg } of cross?.incoming ?? []) byFile.set(file, [...(byFile.get(file) ?? []), arg]);
  return (path) => byFile.get(path);
}

/** The facts about each file's imports (hunter-findings.json crossFile.imported), as the static engine takes them. */
export function importedLookup(cross: HunterFindings['crossFile']): (path: string) => ImportedFact[] | undefined {
  const byFile = new Map<string, ImportedFact[]>();
  for (const { file, ...fact } of cross?.imported ?? []) byFile.set(file, [...(byFile.get(file) ?? []), fact]);
  return (path) => byFile.get(path);
}
