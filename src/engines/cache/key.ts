// Cache keys: sha256 of the canonical JSON of everything that can change an answer. The running code's
// version is always part of it; callers add the input's content hash and the settings that matter.
import { hashJson } from '../../foundations/hashing/hash.ts';
import { codeVersion } from './code-version.ts';
import type { CacheKind } from './kinds.ts';

export function cacheKey(kind: CacheKind, parts: Record<string, unknown>, code = codeVersion()): string {
  return hashJson({ kind, code, ...parts });
}
