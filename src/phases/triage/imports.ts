// Pure: the relative module specifiers a JavaScript/TypeScript file names (`require('./x')`, `import … from './x'`,
// `import('./x')`, `export … from './x'`), read with one regex over the text so every file pays little. It reads
// more than the code index's parser would (a commented-out require counts too): the few it finds pointing at a file
// triage would skip are checked with the parser (required.ts), so the regex only has to miss nothing.

// A quoted string opening with ./ or ../ (or exactly . or ..), after require( / import( (comments allowed between),
// or after `from` / a bare `import`.
const RELATIVE = /(?:\b(?:require|import)\s*\(\s*(?:\/\*[\s\S]*?\*\/\s*)*|\b(?:from|import)\s*)(['"`])(\.\.?(?:\/[^'"`\n]*)?)\1/g;

const JS_LANGUAGES = new Set(['javascript', 'typescript']);

/** Relative specifiers in `text` (a latin1 decode of UTF-8 bytes: specifiers are re-read as UTF-8), unique, in order. */
export function relativeImports(language: string, text: string): string[] {
  if (!JS_LANGUAGES.has(language) || !text.includes('./')) {
    // `require('.')` and `require('..')` name a folder's index without a slash.
    if (!JS_LANGUAGES.has(language) || !/(['"`])\.\.?\1/.test(text)) return [];
  }
  const out = new Set<string>();
  for (const match of text.matchAll(RELATIVE)) out.add(Buffer.from(match[2] as string, 'latin1').toString('utf8'));
  return [...out];
}
