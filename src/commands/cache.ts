// `bug-hunter cache stats [target]` and `bug-hunter cache prune [target]`: what the evidence cache holds (and what it
// answered in the last run), and trimming it by age and size. Neither reads or changes any run's results.
import { resolve } from 'node:path';
import { readArtifactIfPresent } from '../artifacts/store.ts';
import type { CacheUsage } from '../artifacts/schemas/cache-usage.ts';
import { cacheFiles, pruneCache, sizesOf } from '../engines/cache/inventory.ts';
import { CACHE_KINDS } from '../engines/cache/kinds.ts';
import { defaultCacheDir } from '../engines/cache/location.ts';
import { formatBytes, parseAge, parseSize } from '../engines/cache/units.ts';
import { countersOf } from '../engines/cache/usage.ts';
import { UsageError } from '../foundations/errors.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import { atMostPositionals, common, parseCommandArgs } from './kit/args.ts';
import { cacheDirFlag } from './kit/cache-flags.ts';
import { defineCommand, type Command, type CommandIO } from './kit/command.ts';


const OPTIONS = {
  'older-than': { type: 'string', arg: '<age>', description: '30d, 12h, 90m, 2w' },
  'max-size': { type: 'string', arg: '<size>', description: '500MB, 2GB, 64KB, or bytes' },
  'cache-dir': { type: 'string', arg: '<dir>', description: 'the cache folder, when scans used --cache-dir' },
  out: common('out', 'artifact folder (default <target>/.bug-hunter): where the default cache and cache-usage.json are'),
  json: common('json', 'machine output'),
} as const;

const DEFAULT_AGE = '30d';

// An unreadable or invalid cache-usage.json is an error (exit 3, naming the file and what is wrong), not "no run yet".
function lastRunOf(outDir: string, dir: string): CacheUsage | null {
  const usage = readArtifactIfPresent(outDir, 'cache-usage');
  // Counters of a run that used another cache folder say nothing about this one.
  return usage && usage.dir === dir ? usage : null;
}

function stats(dir: string, outDir: string, json: boolean, io: CommandIO): number {
  const { entries } = cacheFiles(dir);
  const sizes = sizesOf(entries);
  const last = lastRunOf(outDir, dir);
  const counters = last ? countersOf(last) : null;
  const kinds = Object.fromEntries(CACHE_KINDS.map((k) => [k, { ...sizes[k], lastRun: counters ? counters[k] : null }]));
  const total = { entries: entries.reduce((n, e) => n + e.entries, 0), bytes: entries.reduce((n, e) => n + e.bytes, 0) };
  if (json) {
    io.stdout(`${JSON.stringify({ dir, total, lastRun: last ? { runId: last.run.runId, generatedAt: last.generatedAt } : null, kinds }, null, 2)}\n`);
    return 0;
  }
  const lines = [`Evidence cache ${dir}: ${total.entries} entries, ${formatBytes(total.bytes)}`];
  lines.push(last ? `Last run ${last.run.runId} (${last.generatedAt}):` : 'No run in this artifact folder used this cache yet.');
  for (const k of CACHE_KINDS) {
    const c = counters?.[k];
    const run = c ? `; last run ${c.hits} hit(s), ${c.misses} miss(es)${c.corrupt ? ` (${c.corrupt} unusable)` : ''}, ${c.writes} written` : '';
    lines.push(`  ${k.padEnd(16)} ${String(sizes[k].entries).padStart(7)} entries ${formatBytes(sizes[k].bytes).padStart(10)}${run}`);
  }
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

function prune(dir: string, olderThan: string | undefined, maxSize: string | undefined, json: boolean, io: CommandIO): number {
  const olderThanMs = olderThan !== undefined || maxSize === undefined ? parseAge('older-than', olderThan ?? DEFAULT_AGE) : undefined;
  const maxBytes = maxSize === undefined ? undefined : parseSize('max-size', maxSize);
  const result = pruneCache(dir, { ...(olderThanMs !== undefined ? { olderThanMs } : {}), ...(maxBytes !== undefined ? { maxBytes } : {}) });
  const sum = (s: typeof result.kept) => Object.values(s).reduce((a, k) => ({ entries: a.entries + k.entries, bytes: a.bytes + k.bytes }), { entries: 0, bytes: 0 });
  const removed = sum(result.removed);
  const kept = sum(result.kept);
  if (json) {
    io.stdout(`${JSON.stringify({ dir, removed, kept, staleTemps: result.staleTemps, byKind: { removed: result.removed, kept: result.kept } }, null, 2)}\n`);
    return 0;
  }
  io.stdout(`Removed ${removed.entries} entries (${formatBytes(removed.bytes)}) from ${dir}; ${kept.entries} entries (${formatBytes(kept.bytes)}) kept${result.staleTemps ? `; ${result.staleTemps} abandoned temp file(s) removed` : ''}.\n`);
  return 0;
}

export const cacheCommand: Command = defineCommand({
  name: 'cache',
  help: {
    synopsis: [
      'bug-hunter cache stats [target] [--cache-dir dir] [--out dir] [--json]',
      'bug-hunter cache prune [target] [--older-than 30d] [--max-size 500MB] [--cache-dir dir] [--json]',
    ],
    about: `The evidence cache keeps per-file static-engine analyses, recon and threat-model facts, code-index entries, the
cross-file taint pass and its per-file step, and model answers (default <target>/.bug-hunter/cache, or --cache-dir).`,
    sections: [
      {
        words: {
          stats: 'entries and bytes per kind, and the hits and misses of the last run (cache-usage.json)',
          prune: `remove entries not used for --older-than (default ${DEFAULT_AGE} when no --max-size is given), then the least recently used until the cache fits --max-size`,
        },
        flags: OPTIONS,
      },
    ],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('cache', argv, OPTIONS);
    const [sub, ...rest] = positionals;
    if (sub !== 'stats' && sub !== 'prune') throw new UsageError(`Name a cache command: stats or prune${sub ? ` (got '${sub}')` : ''}. Run 'bug-hunter cache --help'.`);
    atMostPositionals(`cache ${sub}`, rest, 1, 'at most one target');
    if (sub === 'stats' && (values['older-than'] !== undefined || values['max-size'] !== undefined)) {
      throw new UsageError('--older-than and --max-size are for cache prune, not cache stats.');
    }
    const target = resolveTarget(resolve(io.cwd, rest[0] ?? '.'));
    const outDir = resolveOutDir(target, values.out ? resolve(io.cwd, values.out) : undefined);
    const dir = cacheDirFlag(values['cache-dir'], io.cwd) ?? defaultCacheDir(outDir);
    return sub === 'stats' ? stats(dir, outDir, Boolean(values.json), io) : prune(dir, values['older-than'], values['max-size'], Boolean(values.json), io);
  },
});
