// The regex fallback index for languages ast-grep has no grammar for here (Python, Go, Rust, Java, Ruby …):
// definition names with approximate ranges, import lines, and call sites by name. Pure: text in, index out.
import { braceBlockEnd, decoratorsStart, indentBlockEnd } from './fallback-ranges.ts';
import { dottedImports, genericImports, goImports, pythonImports } from './fallback-imports.ts';
import type { CallSite, ExportRef, FileIndex, ImportRef, SymbolDef, SymbolKind } from './types.ts';

interface DefRule {
  re: RegExp;
  kind: SymbolKind;
}

interface LanguageRules {
  defs: DefRule[];
  block: 'brace' | 'indent';
  comment: string;
  imports: (lines: readonly string[]) => ImportRef[];
  exported: (name: string) => boolean;
}

const ident = '([A-Za-z_][\\w]*)';
const BRACE_DEFAULT: LanguageRules = {
  defs: [
    { re: new RegExp(`^\\s*(?:[\\w<>\\[\\],@]+\\s+)*(?:class|interface|struct|trait|enum|record|object)\\s+${ident}`), kind: 'class' },
    { re: new RegExp(`^\\s*(?:[\\w<>\\[\\],@]+\\s+)*(?:fun|func|fn|function|def|sub|proc)\\s+${ident}`), kind: 'function' },
  ],
  block: 'brace',
  comment: '//',
  imports: genericImports,
  exported: () => true,
};

const RULES: Record<string, LanguageRules> = {
  python: {
    defs: [
      { re: new RegExp(`^(?:async\\s+)?def\\s+${ident}`), kind: 'function' },
      { re: new RegExp(`^class\\s+${ident}`), kind: 'class' },
    ],
    block: 'indent',
    comment: '#',
    imports: pythonImports,
    exported: (name) => !name.startsWith('_'),
  },
  go: {
    defs: [
      { re: new RegExp(`^func\\s+(?:\\([^)]*\\)\\s*)?${ident}`), kind: 'function' },
      { re: new RegExp(`^type\\s+${ident}`), kind: 'type' },
      { re: new RegExp(`^(?:var|const)\\s+${ident}`), kind: 'variable' },
    ],
    block: 'brace',
    comment: '//',
    imports: goImports,
    exported: (name) => /^[A-Z]/.test(name),
  },
  ruby: {
    defs: [
      { re: new RegExp(`^\\s*def\\s+(?:self\\.)?${ident}`), kind: 'function' },
      { re: new RegExp(`^\\s*(?:class|module)\\s+${ident}`), kind: 'class' },
    ],
    block: 'indent',
    comment: '#',
    imports: genericImports,
    exported: (name) => !name.startsWith('_'),
  },
  java: { ...BRACE_DEFAULT, imports: dottedImports },
  kotlin: { ...BRACE_DEFAULT, imports: dottedImports },
  scala: { ...BRACE_DEFAULT, imports: dottedImports },
};

const KEYWORDS = new Set(
  'if for while switch catch return function def class elif with print not and or in is lambda yield await async new typeof sizeof func fn match case else try except assert super self this'.split(' '),
);
const CALL = /((?:[A-Za-z_]\w*\.)+)?([A-Za-z_]\w*)\s*\(/g;
const STRINGS = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`/g;

function callsIn(lines: readonly string[], comment: string, defLines: Set<number>): CallSite[] {
  const calls: CallSite[] = [];
  lines.forEach((raw, i) => {
    if (defLines.has(i + 1)) return;
    const code = raw.replace(STRINGS, '""');
    const cut = code.indexOf(comment);
    const text = cut >= 0 ? code.slice(0, cut) : code;
    for (const m of text.matchAll(CALL)) {
      const name = m[2] as string;
      if (KEYWORDS.has(name)) continue;
      const object = m[1]?.slice(0, -1);
      calls.push(object ? { name, object, line: i + 1 } : { name, line: i + 1 });
    }
  });
  return calls;
}

export function indexFallback(path: string, language: string, content: string): FileIndex {
  const lines = content.split('\n');
  const rules = RULES[language] ?? BRACE_DEFAULT;
  const symbols: SymbolDef[] = [];
  const defLines = new Set<number>();
  lines.forEach((line, i) => {
    for (const rule of rules.defs) {
      const name = rule.re.exec(line)?.[1];
      if (!name) continue;
      const start = i + 1;
      defLines.add(start);
      const end = rules.block === 'brace' ? braceBlockEnd(lines, start) : indentBlockEnd(lines, start, rules.comment);
      symbols.push({ name, kind: rule.kind, startLine: decoratorsStart(lines, start), endLine: end });
      break;
    }
  });
  const exports: ExportRef[] = symbols.filter((s) => rules.exported(s.name)).map((s) => ({ name: s.name, local: s.name, line: s.startLine }));
  return {
    path,
    language,
    precise: false,
    lines: lines.length - (content.endsWith('\n') ? 1 : 0),
    imports: rules.imports(lines),
    exports,
    symbols,
    calls: callsIn(lines, rules.comment, defLines),
  };
}
