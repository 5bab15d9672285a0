// Indexes one source text: ast-grep for JavaScript/TypeScript (precise), the regex fallback otherwise.
// Returns the tree too, so a phase that needs more than the index (recon) parses each file once.
import { parse, parseAsync, type SgRoot } from '@ast-grep/napi';
import { langFor } from '../static/parse.ts';
import { indexFallback } from './fallback-index.ts';
import { indexJs, type IndexOptions } from './js-index.ts';
import type { FileIndex } from './types.ts';

export interface IndexedSource {
  file: FileIndex;
  /** The ast-grep tree; null for fallback languages. */
  root: SgRoot | null;
}

// A final newline ends the last line; it does not start another.
const lineCount = (content: string) => content.split('\n').length - (content.endsWith('\n') ? 1 : 0);

export function indexSource(path: string, language: string, content: string, options: IndexOptions = {}): IndexedSource {
  const lang = langFor({ path, language });
  if (!lang) return { file: indexFallback(path, language, content), root: null };
  const root = parse(lang, content);
  return { file: indexJs(path, language, root, lineCount(content), options), root };
}

/** Same result; the parse runs on libuv's thread pool so several files parse while this thread indexes others. */
export async function indexSourceAsync(path: string, language: string, content: string): Promise<IndexedSource> {
  const lang = langFor({ path, language });
  if (!lang) return { file: indexFallback(path, language, content), root: null };
  const root = await parseAsync(lang, content);
  return { file: indexJs(path, language, root, lineCount(content)), root };
}
