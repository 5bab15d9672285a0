// Reads one SARIF file given with --leads: size-capped, hashed, parsed. A file that cannot be used is a usage
// error naming the file and what is wrong (exit 2), before any phase runs.
import { readFileSync, statSync } from 'node:fs';
import { UsageError } from '../../foundations/errors.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { parseSarif, SarifError, type ParsedSarif } from './sarif.ts';

/** A SARIF file larger than this is refused (a real analyser's log of one repository is far smaller). */
export const MAX_SARIF_BYTES = 64 * 1024 * 1024;

export interface LeadFile {
  path: string;
  sha256: string;
  parsed: ParsedSarif;
}

export function readLeadFile(path: string): LeadFile {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new UsageError(`--leads ${path}: not a regular file.`);
    size = stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--leads ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  if (size > MAX_SARIF_BYTES) throw new UsageError(`--leads ${path}: ${size} bytes is over the ${MAX_SARIF_BYTES}-byte limit for a SARIF file.`);
  const bytes = readFileSync(path);
  try {
    return { path, sha256: sha256(bytes), parsed: parseSarif(bytes.toString('utf8'), path) };
  } catch (error) {
    if (error instanceof SarifError) throw new UsageError(`--leads: ${error.message}.`);
    throw error;
  }
}
