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
  /** A library API parameter (and whether it was built into a larger string) rather than request input. */
  api?: string;
  built?: boolean;
}

const RELATIVE = /(?:\brequire\(\s*|\bfrom\s*|\bimport\(\s*)['"](\.{1,2}(?:\/[^'"\n]*)?)['"]/g;
// A file with no request read in its text and no tainted exports cannot pass request input on.
const INPUT_HINT = new RegExp(`${INPUT_PATH.source}|${INPUT_CALL.source}`.replaceAll('^', '\\b').replaceAll('$', '\\b'));
// Arguments looked at per call: helpers take a few values and a callback.
const MAX_ARGS = 6;

/** True when a file reads request input or was passed some: what it passes on may be request input. */
export function carriesInput(file: SourceFile): boolean {
  return (file.incoming ?? []).some((a) => !a.api) || INPUT_HINT.test(file.content);
}

/** The relative module specifiers a file imports, sorted. */
export function relativeSpecifiers(content: string): string[] {
  return [...new Set([...content.matchAll(RELATIVE)].map((m) => m[1] ?? ''))].filter(Boolean).sort();
}

/** The import key a callee text calls in the module `spec`, or null when it is not that module's. */
function keyOf(callee: string, b: ModuleBindings, spec: string): string | null {
  // Named first: `const f = require('./m').f` binds a member, though the module pattern also sees `f = require('./m')`.
  const named = b.named.get(callee);
  if (named) return named;
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

/** Every argument carrying request input (or a library caller's value) this file passes to another module's function; `wanted` picks the modules. */
export function outgoingCalls(file: SourceFile, wanted: (specifier: string) => boolean = () => true): OutgoingCall[] {
  const specs = relativeSpecifiers(file.content).filter(wanted);
  // Library code passes its callers' values on; other code only what it reads from a request (or was passed in).
  if (specs.length === 0 || (file.publicApi === undefined && (file.incoming?.length ?? 0) === 0 && !carriesInput(file))) return [];
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
        const at = { specifier: spec, export: key, param, via: value.via, line: startLine(call) };
        if (value.kind === 'input') out.push(at);
        // A library's exported parameter handed to an internal helper of another module: the library's caller controls it.
        // Only when built into a larger string: passed as given, the helper's own exported parameter says as much.
        else if (value.kind === 'param' && value.api && value.built) out.push({ ...at, api: value.api, built: true });
      });
    }
  }
  return out;
}
