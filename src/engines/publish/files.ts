// publish --format markdown|json: one file per publishable finding, the same title, body and labels an issue
// would get, for trackers other than GitHub. No API is called.
import { join } from 'node:path';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import type { IssueDraft } from './body.ts';
import { ghLine } from './escape.ts';

export const FILE_FORMATS = ['markdown', 'json'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export function issueFile(draft: IssueDraft, format: FileFormat): { name: string; content: string } {
  if (format === 'json') {
    const { fingerprint, findingId, title, body, labels } = draft;
    return { name: `${findingId}.json`, content: `${JSON.stringify({ fingerprint, findingId, title, labels, body }, null, 2)}\n` };
  }
  const labels = draft.labels.map((l) => `\`${l}\``).join(' ');
  return { name: `${draft.findingId}.md`, content: `# ${ghLine(draft.title)}\n\nLabels: ${labels}\n\n${draft.body}` };
}

/** Writes each file atomically into dir; returns the paths written. */
export function writeIssueFiles(dir: string, drafts: readonly IssueDraft[], format: FileFormat): string[] {
  return drafts.map((draft) => {
    const { name, content } = issueFile(draft, format);
    const path = join(dir, name);
    writeFileAtomic(path, content);
    return path;
  });
}
