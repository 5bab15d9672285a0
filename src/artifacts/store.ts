// Reading and writing artifacts in a .bug-hunter/ folder: validated on every read and write, written atomically.
// A missing, malformed or schema-failing artifact is a PhaseError naming the file, the pointer and the rule.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Static } from '@sinclair/typebox';
import { PhaseError } from '../errors.ts';
import { writeJsonAtomic } from '../fs/atomic.ts';
import { sha256 } from '../run/hash.ts';
import { ARTIFACTS, type ArtifactName } from './registry.ts';
import { checkRead, checkWrite } from './contract.ts';
import { describeViolations, validate } from './validate.ts';

export type ArtifactOf<N extends ArtifactName> = Static<(typeof ARTIFACTS)[N]['schema']>;

export function artifactPath(outDir: string, name: ArtifactName): string {
  return join(outDir, ARTIFACTS[name].file);
}

export function hasArtifact(outDir: string, name: ArtifactName): boolean {
  checkRead(name);
  return existsSync(artifactPath(outDir, name));
}

// Texts that passed their artifact's schema in this process, by artifact name and content hash. Most phases read
// triage.json again; the same bytes parse to the same value, which passes the same schema again, so only the
// parse is repeated. Hashing is a small fraction of validating; the set is bounded for long-running processes.
const validTexts = new Set<string>();
const MAX_VALID_TEXTS = 512;

/** Parses and validates without touching the disk; used by read and by tests. */
export function parseArtifact<N extends ArtifactName>(name: N, text: string, where: string): ArtifactOf<N> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PhaseError(`${where} is not valid JSON (${(error as Error).message}). Re-run '${PRODUCER[name]}' or delete the file.`);
  }
  const seen = `${name}\0${sha256(text)}`;
  if (validTexts.has(seen)) return value as ArtifactOf<N>;
  const result = validate(ARTIFACTS[name].schema, value);
  if (!result.ok) {
    throw new PhaseError(`${where} is not valid (${describeViolations(result.violations)}). Re-run '${PRODUCER[name]}' or delete the file.`);
  }
  if (validTexts.size >= MAX_VALID_TEXTS) validTexts.clear();
  validTexts.add(seen);
  return value as ArtifactOf<N>;
}

export function readArtifact<N extends ArtifactName>(outDir: string, name: N): ArtifactOf<N> {
  checkRead(name);
  const path = artifactPath(outDir, name);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new PhaseError(`${path} is missing. Run '${PRODUCER[name]}' first.`);
    }
    throw new PhaseError(`${path} cannot be read (${code ?? (error as Error).message}).`);
  }
  return parseArtifact(name, text, path);
}

/** Reads an artifact when present; undefined when absent. A present but invalid file still throws. */
export function readArtifactIfPresent<N extends ArtifactName>(outDir: string, name: N): ArtifactOf<N> | undefined {
  return hasArtifact(outDir, name) ? readArtifact(outDir, name) : undefined;
}

/** Compiles the artifact's validator now (it is cached), so a caller can pay for that while it waits on other work. */
export function prepareArtifact(name: ArtifactName): void {
  // validate() compiles on first use; the value is irrelevant and its verdict is dropped.
  validate(ARTIFACTS[name].schema, null);
}

export function writeArtifact<N extends ArtifactName>(outDir: string, name: N, value: ArtifactOf<N>): string {
  checkWrite(name);
  const result = validate(ARTIFACTS[name].schema, value);
  const path = artifactPath(outDir, name);
  if (!result.ok) {
    // Our own output failed its contract: refuse to write rather than leave an invalid artifact.
    throw new PhaseError(`Refusing to write ${path}: the ${name} artifact is not valid (${describeViolations(result.violations)}).`);
  }
  writeJsonAtomic(path, value);
  return path;
}

// The command that writes each artifact, for the "run … first" hint. Complete by type, so a new artifact must name
// its producer; test/artifacts/producer.test.ts checks every phase named here really writes the artifact.
export const PRODUCER: Record<ArtifactName, string> = {
  triage: 'bug-hunter phase triage',
  'adaptive-plan': 'bug-hunter phase plan',
  recon: 'bug-hunter phase recon',
  'threat-model': 'bug-hunter phase threat',
  'retrieval-plan': 'bug-hunter phase retrieval',
  'hunter-findings': 'bug-hunter phase hunter',
  skeptic: 'bug-hunter phase skeptic',
  referee: 'bug-hunter phase referee',
  'verification-report': 'bug-hunter phase verify',
  'dep-findings': 'bug-hunter phase deps',
  leads: 'bug-hunter phase leads',
  baseline: 'bug-hunter scan --baseline <ref>',
  'scan-report': 'bug-hunter phase report',
  coverage: 'bug-hunter phase report',
  'fix-strategy': 'bug-hunter phase fix-plan',
  'fix-plan': 'bug-hunter phase fix-plan',
  'fixer-scope': 'bug-hunter phase fix-plan',
  'fix-report': 'bug-hunter phase fixer',
  state: 'bug-hunter phase triage',
  'benchmark-report': 'bug-hunter benchmark',
  suppressions: 'bug-hunter dismiss',
  ledger: 'bug-hunter phase report',
  'publish-report': 'bug-hunter publish',
  'cache-usage': 'bug-hunter scan',
  'work-report': 'bug-hunter work',
  'repro-report': 'bug-hunter repro',
};
