// Import lines for languages without a precise parser: Python, Go, Java-family and a generic
// `import/use/require` line. Pure: source lines in, import references (unresolved) out.
import type { ImportBinding, ImportRef } from './types.ts';

/** Joins a parenthesised or backslash-continued statement that starts at index i. */
function statementAt(lines: readonly string[], i: number): string {
  let text = lines[i] ?? '';
  let j = i;
  while ((text.includes('(') && !text.includes(')')) || text.trimEnd().endsWith('\\')) {
    j += 1;
    if (j >= lines.length || j > i + 50) break;
    text = `${text.replace(/\\\s*$/, '')} ${lines[j]}`;
  }
  return text;
}

function splitNames(list: string): ImportBinding[] {
  return list
    .replace(/[()]/g, '')
    .split(',')
    .map((s) => s.trim().split(/\s+as\s+/))
    .filter(([name]) => name && name !== '*')
    .map(([name, alias]) => ({ local: (alias ?? name) as string, imported: name as string }));
}

export function pythonImports(lines: readonly string[]): ImportRef[] {
  const out: ImportRef[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line.startsWith('from ') && !line.startsWith('import ')) return;
    const text = statementAt(lines, i).trim().replace(/#.*$/, '');
    const from = /^from\s+(\.*[\w.]*)\s+import\s+(.+)$/.exec(text);
    if (from?.[1] !== undefined && from[2]) {
      out.push({ specifier: from[1], line: i + 1, bindings: splitNames(from[2]) });
      return;
    }
    const plain = /^import\s+(.+)$/.exec(text);
    for (const { local, imported } of splitNames(plain?.[1] ?? '')) {
      // `import a.b` binds `a.b` as written (calls read `a.b.f()`); `import a.b as m` binds m.
      out.push({ specifier: imported, line: i + 1, bindings: [{ local, imported: '*' }] });
    }
  });
  return out;
}

const GO_SPEC = /^\s*(?:([\w.]+)\s+)?"([^"]+)"/;

export function goImports(lines: readonly string[]): ImportRef[] {
  const out: ImportRef[] = [];
  const add = (text: string, line: number) => {
    const m = GO_SPEC.exec(text);
    if (!m?.[2]) return;
    const local = m[1] ?? m[2].split('/').at(-1) ?? m[2];
    out.push({ specifier: m[2], line, bindings: local === '_' || local === '.' ? [] : [{ local, imported: '*' }] });
  };
  let inBlock = false;
  lines.forEach((line, i) => {
    if (inBlock) {
      if (/^\s*\)/.test(line)) inBlock = false;
      else add(line, i + 1);
    } else if (/^import\s*\(/.test(line)) inBlock = true;
    else if (/^import\s/.test(line)) add(line.replace(/^import\s+/, ''), i + 1);
  });
  return out;
}

/** Java, Kotlin, Scala: `import a.b.C;` binds C; wildcard imports bind nothing. */
export function dottedImports(lines: readonly string[]): ImportRef[] {
  const out: ImportRef[] = [];
  lines.forEach((line, i) => {
    const m = /^\s*import\s+(?:static\s+)?([\w.]+)(?:\s+as\s+(\w+))?\s*;?\s*$/.exec(line);
    if (!m?.[1]) return;
    const name = m[1].split('.').at(-1) ?? m[1];
    out.push({ specifier: m[1], line: i + 1, bindings: [{ local: m[2] ?? name, imported: name }] });
  });
  return out;
}

/** Any other language: lines that start with a common import keyword, recorded as written. */
export function genericImports(lines: readonly string[]): ImportRef[] {
  const out: ImportRef[] = [];
  lines.forEach((line, i) => {
    const m = /^\s*(?:import|use|using|require|require_relative|include|#include)\b\s*[<"'(]?\s*([^\s;>"')]+)/.exec(line);
    if (m?.[1]) out.push({ specifier: m[1], line: i + 1, bindings: [] });
  });
  return out;
}
