// Test fixture: a real project in a temp folder plus a valid triage.json for it (written with the real
// store), so recon and retrieval can run without the triage phase. One chunk per group of files.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { Triage, TriagedFile } from '../../../src/artifacts/schemas/triage.ts';
import type { AdaptivePlan } from '../../../src/artifacts/schemas/adaptive-plan.ts';
import { writeArtifact } from '../../../src/artifacts/store.ts';
import { silentLogger } from '../../../src/foundations/logger.ts';
import { detectLanguage } from '../../../src/engines/code-index/languages.ts';
import type { PhaseContext } from '../../../src/phase-kit/types.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { createIdentity } from '../../../src/engines/run/identity.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE } from '../../../src/engines/run/options.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

export interface Project {
  root: string;
  ctx: PhaseContext;
  triage: Triage;
}

const TEST_PATH = /(^|\/)(test|tests|__tests__)\/|\.(test|spec)\.[jt]s$|_test\.(go|py)$/;

/** Writes the files, then triage.json with every source file; `chunks` groups paths (default: one chunk per file). */
export function project(t: TestContext, files: Record<string, string>, chunks?: string[][]): Project {
  const root = tempDir(t, 'bh-recon-');
  writeFiles(root, files);
  const outDir = join(root, '.bug-hunter');
  mkdirSync(outDir);
  const triaged: TriagedFile[] = Object.entries(files)
    .flatMap(([path, content]) => {
      const language = detectLanguage(path.split('/').at(-1) ?? path);
      if (!language) return [];
      const bytes = Buffer.byteLength(content);
      return [{ path, language, bytes, lines: content.split('\n').length, tokens: Math.ceil(bytes / 4), sha256: sha256(content), isTest: TEST_PATH.test(path), hasTest: false, risk: 1, signals: [] }];
    })
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const groups = chunks ?? triaged.filter((f) => !f.isTest).map((f) => [f.path]);
  const byPath = new Map(triaged.map((f) => [f.path, f]));
  const identity = createIdentity(root, DEFAULT_SCOPE, DEFAULT_RUN_OPTIONS);
  const languages: Record<string, number> = {};
  for (const f of triaged) languages[f.language] = (languages[f.language] ?? 0) + 1;
  const triage: Triage = {
    schemaVersion: 1,
    artifact: 'triage',
    run: identity,
    generatedAt: new Date().toISOString(),
    listing: 'walk',
    includeTests: false,
    maxFileBytes: 1024 * 1024,
    tokenEstimate: 'bytes/4',
    files: triaged,
    skipped: [],
    skippedCounts: {},
    languages,
    chunks: groups.map((paths, i) => ({
      id: `chunk-${String(i + 1).padStart(3, '0')}`,
      files: paths,
      tokens: paths.reduce((n, p) => n + (byPath.get(p)?.tokens ?? 0), 0),
      risk: 1,
      oversized: false,
    })),
    totals: { files: triaged.length, lines: 0, tokens: 0, skipped: 0, chunkTokenBudget: 12000 },
  };
  writeArtifact(outDir, 'triage', triage);
  const ctx: PhaseContext = { target: root, outDir, identity, options: DEFAULT_RUN_OPTIONS, scope: DEFAULT_SCOPE, log: silentLogger, signal: new AbortController().signal };
  return { root, ctx, triage };
}

/** A valid adaptive-plan.json running every chunk of the project in order. */
export function writePlan(p: Project, chunkOrder = p.triage.chunks.map((c) => c.id)): void {
  const plan: AdaptivePlan = {
    schemaVersion: 1,
    artifact: 'adaptive-plan',
    run: p.ctx.identity,
    generatedAt: new Date().toISOString(),
    requestedProfile: 'auto',
    profile: 'balanced',
    mode: 'small',
    limits: { concurrency: 1, chunkTokenBudget: 12000, maxChunks: 10, lenses: ['injection'], refuters: 1, rereadSeverities: ['critical'], tokenBudget: null },
    overrides: [],
    reasons: ['test fixture'],
    chunkOrder,
    deferredChunks: [],
  };
  writeArtifact(p.ctx.outDir, 'adaptive-plan', plan);
}
