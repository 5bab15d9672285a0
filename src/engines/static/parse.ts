// Parsing for the static engine: picks the ast-grep grammar for a file and keeps the last tree so two
// consecutive parses of one file share it.
import { Lang, parse, type SgRoot } from '@ast-grep/napi';
import type { SourceFile } from './types.ts';

const BY_NAME: Record<string, Lang> = {
  javascript: Lang.JavaScript, js: Lang.JavaScript, jsx: Lang.JavaScript, mjs: Lang.JavaScript, cjs: Lang.JavaScript,
  typescript: Lang.TypeScript, ts: Lang.TypeScript, mts: Lang.TypeScript, cts: Lang.TypeScript,
  tsx: Lang.Tsx,
};

/** The grammar for a file, or null when the engine has no rules for its language. */
export function langFor(file: Pick<SourceFile, 'path' | 'language'>): Lang | null {
  const ext = /\.([a-z]+)$/i.exec(file.path)?.[1]?.toLowerCase();
  // .tsx needs the TSX grammar even when triage calls the language "typescript".
  if (ext === 'tsx') return Lang.Tsx;
  return BY_NAME[file.language.toLowerCase()] ?? (ext ? BY_NAME[ext] : undefined) ?? null;
}

// One tree: a caller that parses the same content twice in a row (huntFile, then a check on that file) shares it. A
// tree lives in native memory V8 does not count, and a memoised one cannot be collected, so eight kept trees held
// about 100 MB more at the peak of a bench run (the engine's analysis memo spares refuteStatic its re-parse anyway).
const MEMO_SIZE = 1;
const memo = new Map<string, SgRoot>();

export function parseSource(lang: Lang, content: string): SgRoot {
  const key = `${lang}\0${content}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const root = parse(lang, content);
  memo.set(key, root);
  if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  return root;
}
