// The ledger's view of the source tree today: present (with content), gone, or unreadable (left alone).
// Paths are contained like any other: a finding path that now escapes the repository counts as unreadable.
import { containPath } from '../integrity/paths.ts';
import { readSource } from '../integrity/source.ts';
import type { ReadSource } from './update.ts';

export function sourceReader(root: string): ReadSource {
  return (path) => {
    const contained = containPath(root, path);
    if (!contained.ok) return contained.reason === 'missing' ? { status: 'gone' } : { status: 'unreadable', reason: contained.detail };
    const source = readSource(root, path);
    return source.ok ? { status: 'present', content: source.content } : { status: 'unreadable', reason: source.reason };
  };
}
