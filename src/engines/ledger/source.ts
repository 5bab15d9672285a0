// The ledger's view of the source tree today: present (with content), gone, or unreadable (left alone).
// Paths are contained like any other: a finding path that now escapes the repository counts as unreadable.
import { readSource } from '../integrity/source.ts';
import type { ReadSource } from './update.ts';

/** `checked`: files the caller has just read at the hash triage recorded, by path; they are not read again. */
export function sourceReader(root: string, checked: ReadonlyMap<string, string> = new Map()): ReadSource {
  return (path) => {
    const content = checked.get(path);
    if (content !== undefined) return { status: 'present', content };
    const source = readSource(root, path);
    if (source.ok) return { status: 'present', content: source.content };
    return source.missing ? { status: 'gone' } : { status: 'unreadable', reason: source.reason };
  };
}
