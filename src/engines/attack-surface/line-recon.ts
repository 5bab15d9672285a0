// Applies the per-language line patterns to a file: the recon fallback for languages without a
// precise parser, and the textual JavaScript facts. Comment lines are skipped.
import { LINE_PATTERNS } from './line-patterns.ts';
import type { FileFacts } from './types.ts';

const COMMENT = /^\s*(\/\/|#(?!\[)|\*|\/\*|--)/;

export function lineRecon(path: string, language: string, lines: readonly string[]): FileFacts {
  const facts: FileFacts = { entryPoints: [], trustBoundaries: [] };
  const patterns = LINE_PATTERNS[language] ?? [];
  lines.forEach((line, i) => {
    if (COMMENT.test(line)) return;
    for (const p of patterns) {
      const m = p.re.exec(line);
      if (!m) continue;
      if (p.entry) facts.entryPoints.push({ kind: p.entry, name: p.name(m), file: path, line: i + 1 });
      if (p.boundary) facts.trustBoundaries.push({ kind: p.boundary, detail: p.name(m), file: path, line: i + 1 });
    }
  });
  // A script run directly (`#!/usr/bin/env node`, python …) is a command-line entry point.
  const shebang = /^#!\s*\S*?(?:env\s+)?(node|python3?|ruby|bash|sh|deno|bun)\b/.exec(lines[0] ?? '');
  if (shebang) facts.entryPoints.push({ kind: 'cli-bin', name: path.split('/').at(-1) ?? path, file: path, line: 1 });
  return facts;
}
