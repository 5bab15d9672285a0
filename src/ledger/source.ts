// The ledger's view of the source tree today: present (with content), gone, or unreadable (left alone).
// Paths are contained like any other: a finding path that now escapes the repository counts as unreadable.
import { readSource } from '../integrity/source.ts';
import type { ReadSource } from './update.ts';

export function sourceReader(root: string): ReadSource {
  return (path) => {
    const source = readSource(root, path);
    if (source.ok) return { status: 'present', content: source.content };
    return source.missing ? { status: 'gone' } : { status: 'unreadable', reason: source.reason };
  };
}
