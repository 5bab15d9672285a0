// Guards that dominate a sink, found in the code before it in the same function chain: allow-lists,
// normalise-and-contain checks, type checks and '..' rejections. A found guard refutes a taint finding.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunctions, escapeRe, functionIndex, startLine } from './ast.ts';
import type { GuardFact } from './types.ts';

type GuardKind = GuardFact['kind'];

/** Patterns per guard kind; NAME is replaced by an escaped identifier the value passed through. Each with the texts
 * one of which any match holds outside NAME (null: none worth asking): a line holding none is not searched. */
export const PER_NAME: ReadonlyArray<readonly [GuardKind, string, readonly string[] | null]> = [
  // The receiver is captured: `obj.hasOwnProperty(key)` on the tainted object itself allows nothing.
  // An array literal of its own (`['a', 'b'].includes(key)`) lists what is allowed.
  ['allow-list', String.raw`(?:(?<receiver>[\w$.]+)(?:\[[^\]\n]*\])?|\[[^\]\n]*\])\.(includes|has|indexOf|hasOwnProperty)\(\s*NAME\s*[,)]`, ['.includes(', '.has(', '.indexOf(', '.hasOwnProperty(']],
  // `NAME in ALLOWED` checks membership; `for (NAME in obj)` only iterates.
  ['allow-list', String.raw`(?<!for\s*\(\s*(?:const|let|var)?\s*)\bNAME\s+in\s+[A-Za-z_$]`, null],
  ['allow-list', String.raw`/\^[^/\n]*\$/[a-z]*\.test\(\s*NAME\b`, ['.test(']],
  ['allow-list', String.raw`\bswitch\s*\(\s*NAME\s*\)`, ['switch']],
  // A comparison with a literal string; `typeof NAME === 'string'` is a type check, not an allow-list.
  // A parsed URL's host compared with a literal (`target.hostname !== 'docs.example.com'`) pins where it points.
  ['allow-list', String.raw`(?<!typeof\s+)\bNAME(\.(hostname|host|origin))?\s*(?<op>!==?|===?)\s*['"\x60][^'"\x60]`, ['==', '!=']],
  ['allow-list', String.raw`\bNAME\.match\(\s*/\^[^/\n]*\$/`, ['.match(']],
  ['containment', String.raw`\bNAME\b[^\n]*\.startsWith\(|\.startsWith\([^\n]*\bNAME\b`, ['.startsWith(']],
  ['containment', String.raw`\bNAME\.(includes|indexOf)\(\s*['"]\.\.`, ['..']],
  ['containment', String.raw`\b(isPathInside|isInside|containPath|isSubPath|isSafePath|safeJoin)\([^\n]*\bNAME\b`, ['isPathInside(', 'isInside(', 'containPath(', 'isSubPath(', 'isSafePath(', 'safeJoin(']],
  ['containment', String.raw`path\.relative\([^\n]*\bNAME\b`, ['path.relative(']],
  ['type-check', String.raw`typeof\s+NAME\s*[!=]==?\s*['"](number|boolean)['"]`, ['typeof']],
  ['type-check', String.raw`Number\.is(Safe)?Integer\(\s*NAME\s*\)|\bisNaN\(\s*NAME\s*\)|Number\.isFinite\(\s*NAME\s*\)`, ['Number.is', 'isNaN(']],
  ['escaping', String.raw`\bNAME\s*=\s*(\w+\.)?(escape\w*|quote|shellescape)\(`, ['escape', 'quote']],
  // Collapsing leading slashes (serve-static's fix) keeps a redirect on the site.
  ['escaping', String.raw`\bNAME(\.[\w$]+)*\s*=\s*collapse\w*\(`, ['collapse']],
];

// A file's sinks ask about the same few names again and again: each name's patterns are compiled once and kept (none
// has the g or y flag, so a shared one carries no state from one exec to the next). Bounded: a name set per file.
const patternsByName = new Map<string, { perName: RegExp[]; namedTest: RegExp }>();
const KEPT_NAMES = 512;

function guardPatterns(name: string): { perName: RegExp[]; namedTest: RegExp } {
  let patterns = patternsByName.get(name);
  if (!patterns) {
    const n = escapeRe(name);
    patterns = { perName: PER_NAME.map(([, src]) => new RegExp(src.replaceAll('NAME', n))), namedTest: new RegExp(String.raw`(?<!\.)\b([\w$]+)\.test\(\s*${n}\s*\)`) };
    if (patternsByName.size >= KEPT_NAMES) patternsByName.delete(patternsByName.keys().next().value as string);
    patternsByName.set(name, patterns);
  }
  return patterns;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const BRANCHING = new Set(['if_statement', 'ternary_expression', 'binary_expression', 'while_statement']);

/**
 * `x === 'back'` holds only inside the branch it opens: a sink after `if (url === 'back') { loc = referrer }` (express
 * 4.18's res.location) is not limited to that literal. True when the sink sits in a test that starts on `line`.
 */
function withinTestAt(sink: SgNode, line: number): boolean {
  for (let at = sink.parent(); at; at = at.parent()) {
    if (BRANCHING.has(String(at.kind())) && startLine(at) === line) return true;
  }
  return false;
}

/**
 * `if (x !== '*') { sink(x) }`, `x !== '*' && sink(x)`, `x !== '*' ? sink(x) : …`: an inequality with a literal lets every
 * other value through to the branch it opens, so it guards a sink only outside that branch (an early return before it).
 * True when the sink sits in the branch taken when a test starting on `line` holds.
 */
function inBranchTakenAt(sink: SgNode, line: number): boolean {
  let child: SgNode = sink;
  for (let at = sink.parent(); at; child = at, at = at.parent()) {
    if (startLine(at) !== line) continue;
    const kind = at.kind();
    const taken = kind === 'if_statement' || kind === 'ternary_expression' ? at.field('consequence') : kind === 'binary_expression' && at.field('operator')?.text() === '&&' ? at.field('right') : null;
    if (taken && taken.range().start.index <= child.range().start.index && child.range().end.index <= taken.range().end.index) return true;
  }
  return false;
}

// A `..` rejection stops a value climbing out of a base folder; an absolute path passes it untouched.
export function isDotDotCheck(guard: GuardFact): boolean {
  return guard.kind === 'containment' && /\.(includes|indexOf)\(\s*['"]\.\./.test(guard.text);
}

/** `path.join(base, …)`: the value stays under the base even when a part is absolute (what makes a `..` check enough). */
export function joinsToBase(value: SgNode): boolean {
  if (value.kind() !== 'call_expression') return false;
  if (!/^(path\.(posix\.|win32\.)?)?join$/.test(value.field('function')?.text() ?? '')) return false;
  return (value.field('arguments')?.namedChildren().length ?? 0) > 1;
}

/**
 * The line spans of the functions defined before the sink that do not enclose it and are not handed to a call (a
 * sibling method, a table's entry, a helper declared above): their code runs elsewhere, so a check there on a
 * parameter of the same name guards nothing here. A callback handed to a call (`names.forEach((n) => { … })`) may
 * run first, and stays.
 */
function siblingDefinitions(sink: SgNode, from: number): Array<[number, number]> {
  const at = sink.range().start.index;
  const spans: Array<[number, number]> = [];
  // The tree's function index holds each function's offsets and lines: no question to the tree per function but the
  // parent of those that qualify. A function starting at or after the sink ends after it, as do all after it.
  const fns = functionIndex(sink);
  for (let i = 0; i < fns.nodes.length && fns.starts[i]! < at; i++) {
    if (fns.ends[i]! >= at || fns.startLines[i]! < from || fns.nodes[i]!.parent()?.kind() === 'arguments') continue;
    spans.push([fns.startLines[i]!, fns.endLines[i]!]);
  }
  return spans;
}

/**
 * The first guard on any of `names` that appears before the sink in its function chain (or at module level for the
 * outermost). `accept` passes over a guard that does not neutralise this sink and keeps looking.
 */
export function findGuard(sink: SgNode, names: readonly string[], lines: readonly string[], ignore: readonly GuardKind[] = [], accept?: (guard: GuardFact) => boolean): GuardFact | null {
  // Constants (FLAG, MAX_LEN) are not the value: `s.indexOf(FLAG) === 0` guards nothing about FLAG.
  const usable = names.filter((n) => /^[\w$]+(\.[\w$]+)*$/.test(n) && !/^[A-Z][A-Z0-9_]*$/.test(n));
  if (usable.length === 0) return null;
  const fns = enclosingFunctions(sink);
  const outer = fns[fns.length - 1];
  const from = outer ? startLine(outer) : 1;
  const to = startLine(sink);
  const column = sink.range().start.column;
  let anchored: Set<string> | null = null;
  const guarding = linesNaming(lines, usable, from, to);
  if (guarding.length === 0) return null;
  const compiled = PER_NAME.flatMap(([kind, , gate], i) => (ignore.includes(kind) ? [] : usable.map((n) => [kind, guardPatterns(n).perName[i]!, gate] as const)));
  const namedTests = usable.map((n) => guardPatterns(n).namedTest);
  let siblings: Array<[number, number]> | null = null;
  const elsewhere = (line: number): boolean => (siblings ??= siblingDefinitions(sink, from)).some(([a, b]) => a <= line && line <= b);
  for (const line of guarding) {
    let text = lines[line - 1] ?? '';
    // On the sink's own line only the text before the sink can guard it (columns are bytes: ASCII lines only).
    if (line === to) text = isAscii(text) ? text.slice(0, column) : '';
    if (text.length > 2000) continue;
    // Every pattern holds NAME as written: a line without any of the names cannot match one.
    if (!usable.some((n) => text.includes(n))) continue;
    // `IDENT.test(name)` with IDENT an anchored regex literal declared in the file (`var bareIdentifier = /^\s*\w+\s*$/`).
    for (const re of text.includes('.test(') ? namedTests : []) {
      const m = re.exec(text);
      if (!m?.[1]) continue;
      anchored ??= anchoredRegexNames(lines);
      if (anchored.has(m[1]) && !elsewhere(line)) {
        const fact: GuardFact = { kind: 'allow-list', text: text.trim().slice(0, 200), line };
        if (!accept || accept(fact)) return fact;
      }
    }
    for (const [kind, re, gate] of compiled) {
      if (gate && !gate.some((g) => text.includes(g))) continue;
      const m = re.exec(text);
      if (!m) continue;
      const receiver = m.groups?.receiver;
      if (receiver && usable.some((n) => receiver === n || receiver.startsWith(`${n}.`))) continue;
      if (m.groups?.op?.startsWith('=') && !withinTestAt(sink, line)) continue;
      if (m.groups?.op?.startsWith('!') && inBranchTakenAt(sink, line)) continue;
      if (elsewhere(line)) continue;
      const fact: GuardFact = { kind, text: text.trim().slice(0, 200), line };
      if (accept && !accept(fact)) continue;
      return fact;
    }
  }
  return null;
}

// The file's lines as one text with each line's offset, per lines array (weakly). findGuard looks, for each sink, at
// the lines from its outermost function's start that name the value: on a bundle that function is the whole file, and
// asking each line in turn, for every sink, was most of findGuard's time. A name (no line break in it) is found in the
// one text and its lines come from the offsets.
const joinedLines = new WeakMap<readonly string[], { text: string; starts: number[] }>();

function linesText(lines: readonly string[]): { text: string; starts: number[] } {
  let joined = joinedLines.get(lines);
  if (!joined) {
    const starts: number[] = [];
    let at = 0;
    for (const line of lines) {
      starts.push(at);
      at += line.length + 1;
    }
    joinedLines.set(lines, (joined = { text: lines.join('\n'), starts }));
  }
  return joined;
}

/** The line numbers from `from` to `to` (1-based, inclusive) whose text holds one of `names`, ascending: the lines a
 *  line-by-line `text.includes(name)` test keeps. */
export function linesNaming(lines: readonly string[], names: readonly string[], from: number, to: number): number[] {
  const last = Math.min(to, lines.length);
  if (from > last) return [];
  const { text, starts } = linesText(lines);
  const begin = starts[from - 1]!;
  const end = starts[last - 1]! + lines[last - 1]!.length;
  const found = new Set<number>();
  for (const name of names) {
    if (name.length === 0) continue;
    for (let i = text.indexOf(name, begin); i >= 0 && i + name.length <= end; i = text.indexOf(name, i + 1)) found.add(lineAt(starts, i));
  }
  return [...found].sort((a, b) => a - b);
}

/** The 1-based line holding offset `at` of the joined text. */
function lineAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const ANCHORED_DECL = /\b(?:var|let|const)\s+([\w$]+)\s*=\s*\/\^[^\n]*\$\/[a-z]*\s*(?:[;,]|$)/;

/** Names the file binds to an anchored regex literal (`/^…$/`): testing a value against one is an allow-list. */
function anchoredRegexNames(lines: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    if (line.length > 500 || !line.includes('/^')) continue;
    const m = ANCHORED_DECL.exec(line);
    if (m?.[1]) out.add(m[1]);
  }
  return out;
}

// Rooted normalisation: `path.normalize` of a path forced to start with '/' cannot climb above that '/', so joined
// under a base it stays there — unless it is URL-decoded after normalising, which brings encoded dots and slashes
// back (`/%2e%2e/…`); that is safe only when they were decoded before normalising.
const NORMALISE = /\bpath\.(posix\.)?normalize\(/;
// An anchored optional atom (`/^[\/\\]?/`, `/^\/*/`) matches every string, so its replacement always leads.
const ROOTED = /\.replace\(\s*\/\^(?:\[(?:\\.|[^\]\n])*\]|\\.|[^/\\[\n])[?*]\/[a-z]*\s*,\s*['"]\/['"]\s*\)|\bnormalize\(\s*['"]\/['"]\s*\+/;
const DECODE = /\b(decodeURIComponent|decodeURI|unescape)\(/;
const encodedReplaced = (code: string): RegExp => new RegExp(String.raw`\.replace\(\s*/%2${code}/[a-z]*i[a-z]*\s*,`);

/** The `path.join(base, …)` the returned value is: itself, or the last declaration of the returned name before it. */
function joinedValue(fn: SgNode, returned: SgNode): SgNode | null {
  if (joinsToBase(returned)) return returned;
  if (returned.kind() !== 'identifier') return null;
  const decls = fn.findAll({ rule: { kind: 'variable_declarator', has: { field: 'name', regex: `^${escapeRe(returned.text())}$` } } });
  const before = decls.filter((d) => d.range().end.index <= returned.range().start.index).at(-1);
  const value = before?.field('value');
  return value && joinsToBase(value) ? value : null;
}

/**
 * A guard when the value a function returns is a path normalised under a forced leading '/' and joined under a base
 * (`p = p.replace(/^\/?/, '/')`, `path.normalize(p)`, `path.join(root, p)`), with no URL decoding after the
 * normalisation unless encoded dots and slashes (%2e, %2f) were replaced before it.
 */
export function normalisedUnderBase(fn: SgNode, returned: SgNode, lines: readonly string[]): GuardFact | null {
  const join = joinedValue(fn, returned);
  if (!join) return null;
  const from = startLine(fn);
  const to = startLine(join);
  let normalised = 0;
  for (let line = from; line <= to; line++) if (NORMALISE.test(lines[line - 1] ?? '')) normalised = line;
  if (normalised === 0) return null;
  const before = lines.slice(from - 1, normalised).join('\n');
  if (!ROOTED.test(before)) return null;
  const after = lines.slice(normalised, to).join('\n');
  if (DECODE.test(after) && !(encodedReplaced('e').test(before) && encodedReplaced('f').test(before))) return null;
  return { kind: 'containment', text: (lines[normalised - 1] ?? '').trim().slice(0, 200), line: normalised };
}
