// cache-usage.json: what the evidence cache did in the last run, per kind of work (read by `bug-hunter cache stats`).
import { Type, type Static, type TOptional } from '@sinclair/typebox';
import { artifact } from './common.ts';
import { CACHE_KINDS } from './literals.ts';

const Count = Type.Integer({ minimum: 0 });

export const KindUsage = Type.Object(
  {
    hits: Type.Integer({ minimum: 0, description: 'Answers taken from the cache (re-checked against the source like fresh ones).' }),
    misses: Type.Integer({ minimum: 0, description: 'Lookups that found nothing usable, so the work was done.' }),
    corrupt: Type.Integer({ minimum: 0, description: 'Of the misses: entries present but unreadable or invalid (warned about, then overwritten).' }),
    writes: Count,
  },
  { additionalProperties: false },
);

export const CacheUsage = artifact(
  'cache-usage',
  {
    enabled: Type.Boolean({ description: 'False with --no-cache, or when the cache folder was refused (tracked by the scanned repository).' }),
    dir: Type.Union([Type.String(), Type.Null()], { description: 'Absolute cache folder; null when the cache was off.' }),
    // Optional per kind: a file written before a kind existed lacks it, and readers take a missing kind as zero
    // (countersOf in src/engines/cache/usage.ts). A run writes every kind.
    kinds: Type.Object(Object.fromEntries(CACHE_KINDS.map((k) => [k, Type.Optional(KindUsage)])) as Record<(typeof CACHE_KINDS)[number], TOptional<typeof KindUsage>>, {
      additionalProperties: false,
      description:
        'static: the static engine per file; recon: recon per file; recon-files: the per-file recon results, one entry per set of files; threat: threat-model facts per file; threat-model: the deterministic threat model, one entry per set of files and recon; code-index: code index entries per file; model: model calls; cross-file: the cross-file taint pass, one entry per set of files; cross-file-calls: its per-file step (the tainted arguments one file passes on), looked up when the set of files changed. A kind missing (a file written before it existed) counts as zero.',
    }),
  },
  'What the evidence cache answered in the last run, per kind of work.',
);
export type CacheUsage = Static<typeof CacheUsage>;
