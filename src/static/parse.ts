// Parsing for the static engine: picks the ast-grep grammar for a file and keeps a small memo so
// huntFile and refuteStatic on the same file share one parse.
import { Lang, parse, type SgRoot } from '@ast-grep/napi';
import type { SourceFile } from './types.ts';

const BY_NAME: Record<string, Lang> = {
  javascript: Lang.JavaScript, js: Lang.JavaScript, jsx: Lang.JavaScript, mjs: Lang.JavaScript, cjs: Lang.JavaScript,
  typescript: Lang.TypeScript, ts: Lang.TypeScript, mts: Lang.TypeScript, cts: Lang.TypeScript,
  tsx: Lang.Tsx,
};

/** The grammar for a file, or null when the engine has no rules for its language. */
export function langFor(file: SourceFile): Lang | null {
  const ext = /\.([a-z]+)$/i.exec(file.path)?.[1]?.toLowerCase();
  // .tsx needs the TSX grammar even when triage calls the language "typescript".
  if (ext === 'tsx') return Lang.Tsx;
  return BY_NAME[file.language.toLowerCase()] ?? (ext ? BY_NAME[ext] : undefined) ?? null;
}

const MEMO_SIZE = 8;
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
