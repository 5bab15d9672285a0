// The calls one module makes into the target's other modules (relative require/import), with each argument
// that carries request input classified where the call is, by the same taint rules as a sink would be.
// Parses the file and resets the per-file taint state: call it between analyses, never inside one.
// Also the per-file step's contract (CallsStep, CallsBatch) that the pass and the store of its answers share.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, escapeRe, startLine } from '../ast.ts';
import { moduleBindings, moduleFunction, type ModuleBindings } from '../modules.ts';
import { langFor, parseSource } from '../parse.ts';
import { beginImports } from '../imported.ts';
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

/** The per-file step propagate() takes: a file (with the incoming arguments it has at that hop) and the modules worth following. */
export type CallsStep = (file: SourceFile, wanted: (specifier: string) => boolean) => OutgoingCall[];

/** One file for the per-file step: with the incoming arguments it has at this hop, and the modules worth following. */
export interface CallsRequest {
  file: SourceFile;
  wanted: (specifier: string) => boolean;
}

/** The per-file step over one hop's files at once, answers in request order (worker threads may compute them). */
export type CallsBatch = (requests: readonly CallsRequest[]) => Promise<OutgoingCall[][]>;

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

// ast-grep matches a rule's `regex` with Rust's regex crate, where \w and \s are Unicode classes. A JavaScript regex
// with the `u` flag and these property classes accepts the same strings, so a call found by one walk for every module
// goes to the module whose own walk would have found it.
const RUST = { word: String.raw`[\w$]`, space: String.raw`\s` };
const JS = { word: String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}$]`, space: String.raw`\p{White_Space}` };

/** The local names bound to a module, as regex alternatives. */
const localNames = (b: ModuleBindings): string[] => [...b.aliases, ...b.named.keys()].filter((n) => /^[\w$]+$/.test(n)).map(escapeRe);

/** A callee calling into one of `specs` (or through one of `locals`): the module itself or a name bound to it, and a
 * member of either. One module's pattern, or the union of several written with one member class, which keeps a
 * file with fifty imports under the regex crate's size limit (the Unicode \w is large). */
function calleePattern(specs: readonly string[], locals: readonly string[], dialect: typeof RUST): string {
  const required = `require\\(${dialect.space}*['"](?:${specs.map(escapeRe).join('|')})['"]${dialect.space}*\\)`;
  return `^(${required}${locals.length > 0 ? `|(?:${locals.join('|')})` : ''})(\\.${dialect.word}+)?$`;
}

const callsMatching = (root: SgNode, regex: string): SgNode[] => root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex } } });

/** A call and its callee's text (read once: each read crosses into the native tree). */
interface Call {
  node: SgNode;
  callee: string;
}

/** The calls into each module, in document order: one walk of the tree for all the modules, then each call goes to
 * the modules whose own pattern its callee matches. */
function callsInto(root: SgNode, modules: ReadonlyArray<{ b: ModuleBindings; spec: string }>): Call[][] {
  const locals = modules.map((m) => localNames(m.b));
  const withCallee = (node: SgNode): Call => ({ node, callee: node.field('function')?.text() ?? '' });
  if (modules.length === 1) return [callsMatching(root, calleePattern([modules[0]!.spec], locals[0]!, RUST)).map(withCallee)];
  const any = callsMatching(root, calleePattern(modules.map((m) => m.spec), [...new Set(locals.flat())], RUST)).map(withCallee);
  if (any.length === 0) return modules.map(() => []);
  return modules.map((m, i) => {
    const pattern = new RegExp(calleePattern([m.spec], locals[i]!, JS), 'u');
    return any.filter((call) => pattern.test(call.callee));
  });
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
  // What the file's imports return of their arguments (module facts) carries input on, as in the file's own analysis.
  beginImports(file);
  const out: OutgoingCall[] = [];
  const modules = specs.map((spec) => ({ spec, b: moduleBindings(file.content, [spec]) }));
  const calls = callsInto(root, modules);
  for (const [i, { spec, b }] of modules.entries()) {
    for (const { node: call, callee } of calls[i]!) {
      const key = keyOf(callee, b, spec);
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
