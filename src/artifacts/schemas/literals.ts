// Every enum of the artifacts and configs is one `as const` tuple of strings fed to literalUnion: the JSON Schema
// gets one `const` per value, and the TypeScript type is the union of those values, so `tsc` rejects any other
// string. (`Type.Union([...].map(Type.Literal))` over a plain array collapses to `string`.)
import { Type, type SchemaOptions, type TLiteral, type TUnion } from '@sinclair/typebox';

export function literalUnion<const T extends readonly [string, ...string[]]>(values: T, options?: SchemaOptions): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(
    values.map((value: T[number]) => Type.Literal(value)),
    options,
  );
}

// Tuples the options, the scope and the cache counters share with the code that uses them.
export const CACHE_KINDS = ['static', 'recon', 'recon-files', 'threat', 'threat-model', 'code-index', 'model', 'cross-file', 'cross-file-calls'] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

/** What --profile accepts: a profile, or auto (chosen from triage by the plan). */
export const PROFILE_CHOICES = ['auto', 'fast', 'balanced', 'assurance'] as const;
export type ProfileChoice = (typeof PROFILE_CHOICES)[number];

/** What --sandbox accepts: a backend, or auto (bubblewrap, then podman or docker when an engine answers). */
export const SANDBOX_CHOICES = ['auto', 'bwrap', 'podman', 'docker', 'none'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

/** How dependencies reach the offline sandbox (--deps). */
export const DEPENDENCY_STRATEGIES = ['vendored', 'off', 'host', 'fetch'] as const;
export type DependencyStrategy = (typeof DEPENDENCY_STRATEGIES)[number];

export const DIFF_MODES = ['since', 'diff', 'staged'] as const;
export type DiffMode = (typeof DIFF_MODES)[number];
