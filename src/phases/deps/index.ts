// The deps phase's shell (scan --dep-scan, or `bug-hunter phase deps`): finds the target's lockfiles, reads
// the advisories (OSV files given with --advisories, the npm registry's bulk endpoint with --advisories registry,
// else the copy of OSV's npm export `bug-hunter advisories update` keeps in the user's cache), indexes the in-scope JavaScript/TypeScript sources, and returns dep-findings.json's body.
import { join } from 'node:path';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { loadCodeIndex } from '../../engines/cache/code-index-load.ts';
import { loadOsv } from '../../engines/deps/advisories/osv.ts';
import { readExportCopy } from '../../engines/deps/advisories/export-cache.ts';
import { DEFAULT_REGISTRY, fetchRegistryAdvisories } from '../../engines/deps/advisories/registry.ts';
import { findLockfiles, readLockfile } from '../../engines/deps/lockfiles/read.ts';
import { kindOf } from '../../engines/deps/lockfiles/kinds.ts';
import { curatedFunctions } from '../../engines/deps/functions.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import { buildDepFindings, type DepScanInput, type ScannedLockfile } from './core.ts';

const ADVISORY_CACHE_DIR = 'advisories-cache';
const JS_LANGUAGES = new Set(['javascript', 'typescript']);

async function scanLockfiles(ctx: PhaseContext): Promise<ScannedLockfile[]> {
  const out: ScannedLockfile[] = [];
  for (const path of await findLockfiles(ctx.target)) {
    ctx.signal.throwIfAborted();
    const kind = kindOf(path);
    if (!kind) continue;
    if ('unsupported' in kind) {
      out.push({ path, manager: kind.unsupported, status: 'scanner-unsupported', reason: `no dependency scanner for ${kind.unsupported} yet`, dependencies: [] });
      continue;
    }
    const read = await readLockfile(ctx.target, path, kind.read);
    out.push(read.ok ? { path, manager: kind.read, status: 'scanned', dependencies: read.dependencies } : { path, manager: kind.read, status: 'unreviewed', reason: read.reason, dependencies: [] });
  }
  return out;
}

async function advisoriesFor(ctx: PhaseContext, lockfiles: ScannedLockfile[]): Promise<DepScanInput['advisories']> {
  const source = ctx.options.depScan?.advisories;
  const exportCache = ctx.options.depScan?.exportCache;
  if (!source && exportCache) {
    const read = readExportCopy(exportCache);
    if (!read.ok) return { source: read.missing ? 'none' : 'osv-export', location: exportCache, ok: false, reason: read.reason, count: 0, list: [] };
    const { copy } = read;
    return { source: 'osv-export', location: exportCache, url: copy.url, ok: true, fetchedAt: copy.fetchedAt, count: copy.advisories.length, list: copy.advisories };
  }
  if (!source) {
    return { source: 'none', location: '', ok: false, reason: 'no advisory source was given: run `bug-hunter advisories update`, or pass --advisories <OSV file or folder> or --advisories registry', count: 0, list: [] };
  }
  if (source !== 'registry') {
    const list = loadOsv(source);
    return { source: 'osv', location: source, ok: true, count: list.length, list };
  }
  const registry = ctx.options.depScan?.registry ?? DEFAULT_REGISTRY;
  const request: Record<string, string[]> = {};
  for (const d of lockfiles.flatMap((l) => l.dependencies)) request[d.name] = [...new Set([...(request[d.name] ?? []), d.version])];
  const fetched = await fetchRegistryAdvisories(registry, request, join(ctx.outDir, ADVISORY_CACHE_DIR));
  return fetched.ok
    ? { source: 'registry', location: registry, ok: true, fetchedAt: fetched.fetchedAt, count: fetched.advisories.length, list: fetched.advisories }
    : { source: 'registry', location: registry, ok: false, reason: fetched.reason, count: 0, list: [] };
}

export const depsPhase = definePhase({
  name: 'deps',
  summary: 'vulnerable dependencies from lockfiles and advisories, with reachability',
  reads: { triage: 'required' },
  writes: ['dep-findings'],
  roles: [],
  run: async (ctx, { triage }) => ({ 'dep-findings': await depFindings(ctx, triage) }),
});

async function depFindings(ctx: PhaseContext, triage: Triage) {
  ctx.log.progress('deps', 0, 1, 'reading lockfiles');
  const lockfiles = await scanLockfiles(ctx);
  const advisories = await advisoriesFor(ctx, lockfiles);
  // Production code only (tests too with --include-tests): a call from a test does not make a dependency reachable.
  const files = triage.files.filter((f) => JS_LANGUAGES.has(f.language) && (triage.includeTests || !f.isTest));
  const loaded = await loadCodeIndex(ctx.target, files, ctx.signal);
  const index = { files: [...loaded.index.files.values()], unindexed: loaded.unindexed, sources: loaded.sources };
  const body = buildDepFindings({ lockfiles, advisories, index, curated: curatedFunctions(), hash: sha256 });
  const reachable = body.findings.filter((f) => f.reachability === 'reachable').length;
  ctx.log.progress('deps', 1, 1, `${lockfiles.length} lockfile(s), ${body.findings.length} vulnerable dependency finding(s), ${reachable} reachable${body.status === 'incomplete' ? `; incomplete: ${body.notes[0]}` : ''}`);
  return body;
}
