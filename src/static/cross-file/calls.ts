// The calls one module makes into the target's other modules (relative require/import), with each argument
// that carries request input classified where the call is, by the same taint rules as a sink would be.
// Parses the file and resets the per-file taint state: call it between analyses, never inside one.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, escapeRe, startLine } from '../ast.ts';
import { moduleBindings, moduleFunction, type ModuleBindings } from '../modules.ts';
import { langFor, parseSource } from '../parse.ts';
import { beginSourceFile } from '../sources/handlers.ts';
import { INPUT_CALL, INPUT_PATH } from '../sources/model.ts';
import { beginFile, classify } from '../taint.ts';
import type { SourceFile } from '../types.ts';

/** A tainted argument at a call into another module, before the specifier is resolved to a file. */
export interface OutgoingCall {
  specifier: string;
  /** The callee's import key: the member called, or '' for the module's own value. */
  export: string;
  param: number;
  via: string;
  line: number;
}

const RELATIVE = /(?:\brequire\(\s*|\bfrom\s*|\bimport\(\s*)['"](\.{1,2}(?:\/[^'"\n]*)?)['"]/g;
// A file with no request read in its text and no tainted exports cannot pass request input on.
const INPUT_HINT = new RegExp(`${INPUT_PATH.source}|${INPUT_CALL.source}`.replaceAll('^', '\\b').replaceAll('$', '\\b'));
// Arguments looked at per call: helpers take a few values and a callback.
const MAX_ARGS = 6;

/** The relative module specifiers a file imports, sorted. */
export function relativeSpecifiers(content: string): string[] {
  return [...new Set([...content.matchAll(RELATIVE)].map((m) => m[1] ?? ''))].filter(Boolean).sort();
}

/** The import key a callee text calls in the module `spec`, or null when it is not that module's. */
function keyOf(callee: string, b: ModuleBindings, spec: string): string | null {
  if (b.aliases.has(callee)) return '';
  if (new RegExp(String.raw`^require\(\s*['"]${escapeRe(spec)}['"]\s*\)$`).test(callee)) return '';
  return moduleFunction(callee, b, [spec]);
}

function callsInto(root: SgNode, b: ModuleBindings, spec: string): SgNode[] {
  const locals = [...b.aliases, ...b.named.keys()].filter((n) => /^[\w$]+$/.test(n)).map(escapeRe);
  const alternatives = [String.raw`require\(\s*['"]${escapeRe(spec)}['"]\s*\)(\.[\w$]+)?`];
  if (locals.length > 0) alternatives.push(`(${locals.join('|')})(\\.[\\w$]+)?`);
  return root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^(${alternatives.join('|')})$` } } });
}

/** Every argument carrying request input that this file passes to a function of another module of the target. */
export function outgoingCalls(file: SourceFile): OutgoingCall[] {
  const specs = relativeSpecifiers(file.content);
  if (specs.length === 0 || ((file.incoming?.length ?? 0) === 0 && !INPUT_HINT.test(file.content))) return [];
  const lang = langFor(file);
  if (lang === null) return [];
  const root = parseSource(lang, file.content).root();
  beginFile(file.publicApi !== undefined, file.incoming);
  beginSourceFile(file.path, file.content);
  const out: OutgoingCall[] = [];
  for (const spec of specs) {
    const b = moduleBindings(file.content, [spec]);
    for (const call of callsInto(root, b, spec)) {
      const key = keyOf(call.field('function')?.text() ?? '', b, spec);
      if (key === null) continue;
      argsOf(call).slice(0, MAX_ARGS).forEach((arg, param) => {
        if (arg.kind() === 'spread_element') return;
        const value = classify(arg);
        if (value.kind === 'input') out.push({ specifier: spec, export: key, param, via: value.via, line: startLine(call) });
      });
    }
  }
  return out;
}
