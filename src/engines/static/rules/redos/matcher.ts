// ReDoS: a regular expression applied (.test/.exec, match/matchAll/replace/replaceAll/split/search) to request input
// or, in a library, to an exported function's parameter or a value derived from it, judged by the recheck analyser
// (src/engines/recheck/; bounded by steps, verdicts memoised per pattern and flags). Which patterns a node denotes:
// regex-value.ts. What counts: exponential and 3rd degree or worse always; 2nd degree on request input (not a header, which
// the HTTP server caps), or on a library parameter when the pattern is tried once, anchored at the start
// (overlapping quantifiers inside one match, ms's duration parser) or when it scans the exported function's own string argument
// (own-argument.ts: `trim(str)` running /\s*$/ on `str`), or header text the caller hands over as a parameter (header-text.ts:
// no server's cap is known to bound it). A parameter of a library function its callers reach along a
// path the trace does not follow (a prototype method, a table's entry, a helper fed from parsed state:
// untraced-callers.ts) is some caller's text, counted for an exponential verdict only. An unanchored 2nd degree scan of what a library derived
// from its caller's value — an options property, a stored field, a split piece, a value handed to an internal
// helper — is in nearly every library and mostly reads configuration: it does not count. Nor does any verdict on a
// value the library's parameter names say is configuration the application writes (a format string, a flag list,
// an options object: configuration.ts). A pattern applied globally (replace/match with g, matchAll, split) is tried
// again after each match, so an alternative that an earlier one shadows at the first position still runs at the
// others (trim's /^\s*|\s*$/g): each top-level alternative is judged too when the whole is rated safe. recheck's
// safe or unknown never fires. Caller text also arrives as `this` in a String.prototype method (string-prototype.ts)
// and as `arguments[N]` (taint.ts); a pattern may be a constant string match/search compile, an entry of a table read
// at a computed key (regex-value.ts) or one the library builds from the caller's text, judged by the constant
// sub-patterns written into it (built-pattern.ts). An error's message is no caller's text (configuration.ts). Whether
// the matched text is configuration is asked of its receiver chain, not of a setting written into it (matched-text.ts).
// What a database returned, a constructor's configured field or an entry of a table of definitions the library walks
// by its keys is not the caller's text either (developer-data.ts). A pattern picked from a list (a loop, an element
// callback, a list of lists a helper is handed) is any of its entries (pattern-lists.ts). A polynomial verdict whose
// only overlap is a bounded repeat is linear and dropped (bounded-repeat.ts). A repeated group of bounded repeats in a
// match tried once at the start, which the automaton rates safe, is asked of recheck's fuzzer too (bounded-blowup.ts),
// about at most FUZZED_PATTERNS_PER_FILE distinct patterns a file.
// A pattern an object holds (a class field, the constructor's this.re) is held-pattern.ts's; one applied reflectively
// (`re[Symbol.replace](s)`, `RegExp.prototype.test.call(re, s)`) reflective.ts's. A length cap before the match is a guard, a loop counter's
// comparison with the length is not (length-cap.ts).
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunction, enclosingFunctions, endLine, functionName, paramsOf, startLine, symbolOf } from '../../ast.ts';
import { assignedIn } from '../../properties.ts';
import { appliedPatterns, type RegexValue } from './regex-value.ts';
import { stringPrototypeThis } from './string-prototype.ts';
import { builtFragments, builtSource } from './built-pattern.ts';
import { isRequestHandler } from '../../sources/handlers.ts';
import { findGuard } from '../../guards.ts';
import { bindingValue, classify } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext, SourceFacts } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';
import { atMostQuadratic, hasCountedRepeat, withoutLoops } from '../../matchers/regex-shape.ts';
import { checkRegexSync } from '../../../recheck/sync.ts';
import type { RecheckChecker, RegexVerdict } from '../../../recheck/verdict.ts';
import { blowsUp, nestedBoundedRepeat } from './bounded-blowup.ts';
import { identifiersIn } from '../../matchers/sink.ts';
import { ownArgument } from './own-argument.ts';
import { readsHeader } from './header-text.ts';
import { untracedCallers } from './untraced-callers.ts';
import { configurationSubject, errorText } from './configuration.ts';
import { matchedTextSource } from './matched-text.ts';
import { developerData } from './developer-data.ts';
import { atMinimumCounts } from './bounded-repeat.ts';
import { lengthCapped } from './length-cap.ts';
import { HANDS_OUT, handedPatterns } from './exported-pattern.ts';
import { REFLECTIVE_CALLS, REFLECTIVE_TEXT, reflectiveApplication, type Application } from './reflective.ts';

type RegexChecker = (source: string, flags: string, checker: RecheckChecker) => RegexVerdict;
let checker: RegexChecker = checkRegexSync;
const verdicts = new Map<string, RegexVerdict>();

/** Routes this thread's recheck questions elsewhere: a pool worker asks the main thread (recheck/channel.ts). */
export function useRegexChecker(next: RegexChecker): void {
  checker = next;
}

// recheck's fuzzer costs up to seconds a pattern (bounded by steps, not a clock), and a scanned file chooses its
// patterns: each file's analysis may ask it about this many distinct patterns, and the rest keep the automaton's
// verdict. Counted per file whether or not the memo holds the answer, so a file's findings do not depend on which
// files this thread read before it (its cached analysis stays its own).
export const FUZZED_PATTERNS_PER_FILE = 4;
let fuzzedThisFile = new Set<string>();

/** Whether this file may still ask the fuzzer about the pattern (it has, or there is room in its budget). */
function fuzzAllowed(source: string, flags: string): boolean {
  const key = `${flags}/${source}`;
  if (fuzzedThisFile.has(key)) return true;
  if (fuzzedThisFile.size >= FUZZED_PATTERNS_PER_FILE) return false;
  fuzzedThisFile.add(key);
  return true;
}

/** recheck's verdict, memoised; throws when recheck could not give one (the file's analysis fails, never passes). */
export function analyseRegex(source: string, flags: string, analyser: RecheckChecker = 'auto'): RegexVerdict {
  const key = `${analyser}:${flags}/${source}`;
  const hit = verdicts.get(key);
  if (hit) return hit;
  const verdict = checker(source, flags, analyser);
  verdicts.set(key, verdict);
  return verdict;
}

const INPUT_TEXT = /\b(req|request|ctx|event|evt)\.|process\.argv|location\./;
/** `^…` before the whole pattern (no top-level alternation that could escape the anchor): the match is tried once
 * at the start (with the m flag, once per line start), not again from every position. */
function anchoredAtStart(source: string): boolean {
  return source.startsWith('^') && topAlternatives(source).length === 0;
}

/** The top-level alternatives of a pattern (`a|b|c`), or [] when it has none. */
function topAlternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(source.slice(from, i));
      from = i + 1;
    }
  }
  return parts.length === 0 ? [] : [...parts, source.slice(from)];
}

// Applications that run the pattern again from where the last match ended: every position gets its own attempt.
const GLOBAL_APPLY = /^(replace|replaceAll|match|matchAll|split)$/;

const HEADER_SOURCE = /\bheaders?\b|\.get\(|\.header\(/;

/** Whether a 2nd degree verdict is dropped for this input and pattern (`ownArgument`: the subject is the exported
 * function's own string argument, see own-argument.ts). */
function ignoresQuadratic(source: Pick<SourceFacts, 'kind' | 'via'>, pattern: string, ownArgument: boolean): boolean {
  // A library's caller is a weaker attacker than a request: a quadratic scan from every start position (a trim
  // like /-+$/, a split on / *, */) is in nearly every library and needs a huge argument. A pattern tried once, at
  // the start, that is still quadratic has overlapping quantifiers inside one match (ms's /^(\d+)?\.?\d+…$/, a
  // cookie pair's /^([^=;]+)\s*=/): that counts.
  if (source.kind !== 'input' && !anchoredAtStart(pattern) && !ownArgument) return true;
  // A request's header is capped by the HTTP server (16 KB in Node): too short for a quadratic match to hurt much.
  // Header text a library's caller hands over as a parameter is not known to come from one (header-text.ts).
  return source.kind === 'input' && HEADER_SOURCE.test(source.via);
}

/** Whether a callee is a function required from another module (`balanced` of `var balanced = require('x')`). */
function isImported(callee: SgNode | null): boolean {
  let head = callee;
  while (head?.kind() === 'member_expression') head = head.field('object');
  if (head?.kind() !== 'identifier') return false;
  const value = bindingValue(head);
  return value?.kind() === 'call_expression' && value.field('function')?.text() === 'require';
}

/**
 * `m.body` where `m = balanced('{', '}', str)` and the function is another module's: what an imported parser returns
 * for a library parameter is cut from it (a matched group, a split part), as long as the caller's value. Taint stops
 * at such calls for the other rules (the result is not the caller's text); for a pattern, only the length matters.
 */
function importedResult(node: SgNode | null, depth = 0): SourceFacts | null {
  if (!node || depth > 3) return null;
  const kind = node.kind();
  if (kind === 'member_expression' || kind === 'subscript_expression') return importedResult(node.field('object'), depth + 1);
  if (kind === 'identifier') return importedResult(bindingValue(node), depth + 1);
  if (kind !== 'call_expression' || !isImported(node.field('function'))) return null;
  const fed = argsOf(node).map((a) => classify(a)).find((f) => f.api);
  return fed ? { ...fed, via: `what ${node.field('function')?.text() ?? 'a call'}() returns for ${fed.via}` } : null;
}

// Lines a quote may hold (finding.ts's MAX_EVIDENCE_LINES): a pattern and its use this close are one passage.
const ONE_PASSAGE = 8;

const CUT = /^(slice|substring|substr)$/;

/** `s.slice(0, 100)` (or substring/substr with a numeric end), directly or through the names it is bound to: a
 * subject whose length a constant bounds, so no pattern can take long on it. */
function cutToLength(node: SgNode | null, depth = 0): boolean {
  if (!node || depth > 3) return false;
  if (node.kind() === 'identifier') return cutToLength(bindingValue(node) ?? reassigned(node), depth + 1);
  if (node.kind() === 'parenthesized_expression') return cutToLength(node.namedChildren()[0] ?? null, depth + 1);
  if (node.kind() !== 'call_expression') return false;
  const callee = node.field('function');
  const method = callee?.kind() === 'member_expression' ? callee.field('property')?.text() ?? '' : '';
  if (PASSTHROUGH_CASE.test(method)) return cutToLength(callee?.field('object') ?? null, depth + 1);
  const args = argsOf(node);
  return CUT.test(method) && args.length === 2 && args.every(isNumber);
}

/** A number literal, or a name bound to one (`const MAX = 100`). */
function isNumber(node: SgNode): boolean {
  return node.kind() === 'number' || (node.kind() === 'identifier' && bindingValue(node)?.kind() === 'number');
}

/** What a parameter was last set to before `id` reads it in the function declaring it (`s = s.slice(0, 100)`). */
function reassigned(id: SgNode): SgNode | null {
  const fn = enclosingFunctions(id).find((f) => paramsOf(f).some((p) => p.name === id.text()));
  const at = id.range().start.index;
  return fn ? assignedIn(fn, id.text(), (a) => a.range().end.index < at).at(-1) ?? null : null;
}
// Methods that keep a cut string's length bounded (a case change, a trim).
const PASSTHROUGH_CASE = /^(trim\w*|to(Lower|Upper)Case|toLocale\w*Case)$/;

/** Whether the application retries the pattern after each match (a global replace or match, matchAll, split). */
function repeated(method: string, flags: string): boolean {
  return GLOBAL_APPLY.test(method) && (flags.includes('g') || method === 'split' || method === 'matchAll');
}

// Alternatives judged one by one, at most: a long alternation of keywords is linear and needs none.
const MAX_ALTERNATIVES = 4;

/** recheck's verdict on the pattern; when it is applied repeatedly and rated safe, the worst verdict on one of its
 * top-level alternatives (each with unbounded repeats) instead, as each runs in full where the earlier ones fail. */
function worstVerdict(source: string, flags: string, global: boolean): RegexVerdict {
  const whole = analyseRegex(source, flags);
  if (whole.vulnerable) return whole;
  // A blowup bounded by the pattern's repeat counts, which the automaton rates safe: the fuzzer's verdict. Only for a
  // match tried once, at the start (not at every line start, the m flag): retried at every position, the fuzzer took
  // minutes to rate a host-name search safe (bounded-blowup.ts).
  if (!flags.includes('m') && anchoredAtStart(source) && nestedBoundedRepeat(source) && fuzzAllowed(source, flags)) {
    const fuzzed = analyseRegex(source, flags, 'fuzz');
    if (blowsUp(fuzzed)) return fuzzed;
  }
  if (!global) return whole;
  const looping = topAlternatives(source).filter((a) => a.length > 0 && !withoutLoops(a, flags));
  if (looping.length === 0 || looping.length > MAX_ALTERNATIVES) return whole;
  const verdicts = looping.map((a) => analyseRegex(a, flags)).filter((v) => v.vulnerable);
  return verdicts.find((v) => v.complexity === 'exponential') ?? verdicts[0] ?? whole;
}

const APPLY = '\\.(test|exec|match|matchAll|replace|replaceAll|split|search)$';

/** The fragments of a pattern the library builds: in `new RegExp(built)`, or a built string match/search compile. */
function patternFragments(regexNode: SgNode, method: string): ReturnType<typeof builtFragments> {
  const source = builtSource(regexNode);
  if (source === regexNode && !/^(match|matchAll|search)$/.test(method)) return [];
  return builtFragments(source);
}

/** `re.test(s)`, `s.replace(re, …)`: which pattern the call applies, to what, as which method. */
function application(call: SgNode): Application {
  const callee = call.field('function');
  const method = callee?.field('property')?.text() ?? '';
  const object = callee?.field('object') ?? undefined;
  const first = argsOf(call)[0];
  return method === 'test' || method === 'exec' ? { method, regexNode: object, subject: first } : { method, regexNode: first, subject: object };
}

const APPLY_CALLS = { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', regex: APPLY } };

function run(ctx: DetectorContext): Candidate[] {
  fuzzedThisFile = new Set();
  const out: Candidate[] = [];
  const library = ctx.file.publicApi !== undefined;
  const reflective = REFLECTIVE_TEXT.test(ctx.file.content) ? ctx.root.findAll({ rule: REFLECTIVE_CALLS }) : [];
  for (const call of [...findAllOf(ctx.root, APPLY_CALLS), ...reflective]) {
    const callee = call.field('function');
    const { method, regexNode, subject } = reflectiveApplication(call) ?? application(call);
    if (!regexNode || !subject) continue;
    // Cheap gate before tracing: the match must run where input arrives (a handler) or on input directly.
    const fn = enclosingFunction(call);
    // In a library, the regex may run on an exported function's argument anywhere in the file.
    if (!library && !INPUT_TEXT.test(subject.text()) && !(fn && (isRequestHandler(fn) || enclosingFunctions(call).some(isRequestHandler)))) continue;
    const direct = classify(subject);
    // `this` in a method installed on String.prototype is the string the application calls it on.
    const protoThis = library && direct.kind === 'unknown' ? stringPrototypeThis(subject) : null;
    let source = protoThis ?? (library && direct.kind === 'unknown' ? importedResult(subject) ?? direct : direct);
    // A parameter of a library function whose callers the trace does not see (a prototype method, a table entry, a
    // helper fed from parsed state): some caller's text may arrive, none is shown; only an exponential verdict counts.
    const internal = library && source.kind === 'param' && !source.api && fn !== null;
    if (source.kind !== 'input' && !(library && source.api) && !internal) continue;
    if (internal) source = { ...source, internal: functionName(fn) };
    if (cutToLength(subject)) continue;
    // Configuration the application writes (a format string, a flag list, an options setting) is no attacker's. The
    // trace may name a setting written into the text (a replacement) where the matched text is the caller's: asked
    // again of the receiver chain alone (matched-text.ts).
    if (library && source.kind !== 'input' && configurationSubject(subject, source)) {
      const matched = matchedTextSource(subject);
      if ((matched.kind !== 'input' && !matched.api) || configurationSubject(subject, matched)) continue;
      source = matched;
    }
    // Nor is an error's message: a driver or server wrote it.
    if (library && source.kind !== 'input' && errorText(subject)) continue;
    // Every pattern the node may denote (a ternary of two tables is two); the worst verdict counts.
    // A header the caller's request carries counts as the caller's own text (header-text.ts).
    const own = protoThis !== null || (library && source.kind !== 'input' && source.api !== undefined && (ownArgument(subject) || readsHeader(subject)));
    const resolved = appliedPatterns(regexNode, method);
    // A pattern built from the caller's text: the constant sub-patterns written into it, exponential ones only.
    const built = resolved.length === 0 ? patternFragments(regexNode, method) : [];
    const judged = [...resolved, ...built].flatMap((re) => {
      if (re.source.length === 0) return [];
      // No unbounded quantifier: linear whatever recheck says, and recheck's fuzzer can take a minute to say it.
      if (withoutLoops(re.source, re.flags)) return [];
      // A function its callers reach untraced counts only an exponential verdict: none is possible here.
      if (internal && atMostQuadratic(re.source, re.flags)) return [];
      const quadraticIgnored = ignoresQuadratic(source, re.source, own);
      // recheck costs milliseconds to seconds a pattern; one that cannot be worse than quadratic needs no verdict here.
      if (quadraticIgnored && atMostQuadratic(re.source, re.flags)) return [];
      // Only a quadratic verdict could count here (an own argument, or a pattern anchored at the start only): not
      // worth minutes of recheck on a counted repeat. Anchored at both ends it is asked, as it always was.
      const bothEnds = anchoredAtStart(re.source) && re.source.endsWith('$') && !re.source.endsWith('\\$');
      if (source.kind !== 'input' && !bothEnds && hasCountedRepeat(re.source) && atMostQuadratic(re.source, re.flags)) return [];
      const verdict = worstVerdict(re.source, re.flags, repeated(method, re.flags));
      if (!verdict.vulnerable) return [];
      if (linearAtItsMinimum(re, verdict, repeated(method, re.flags))) return [];
      if (quadraticIgnored && verdict.complexity.startsWith('2nd degree')) return [];
      if (built.includes(re) && verdict.complexity !== 'exponential') return [];
      if (internal && verdict.complexity !== 'exponential') return [];
      return [{ re, verdict }];
    });
    // Nor what a database returned or the developer configured; an entry of a table of definitions only with a
    // quadratic verdict (developer-data.ts). Asked once a verdict counts: following the text back reads the file.
    const written = judged.length > 0 && library && source.kind !== 'input' ? developerData(subject) : null;
    if (written === 'database' || written === 'configuration') continue;
    const kept = written === 'definitions' ? judged.filter((j) => !j.verdict.complexity.startsWith('2nd degree')) : judged;
    const worst = kept.find((j) => j.verdict.complexity === 'exponential') ?? kept[0];
    if (!worst) continue;
    // Asked last, when an exponential verdict stands: whether the function is used at all (untraced-callers.ts).
    if (internal && !untracedCallers(fn)) continue;
    const { re, verdict } = worst;
    const names = [...new Set([...source.names, ...identifiersIn(subject)])];
    const guard = findGuard(call, names, ctx.lines);
    // Cited where the input meets the pattern (the call; in a chain `md.replace(…)\n  .replace(…)` the method's line,
    // not the chain's first). A pattern written a few lines above is quoted with its use as one passage, starting at
    // the pattern; one written farther away (a module-level constant or table) is the second quote.
    const at = callee?.field('property') ?? call;
    const defLine = startLine(re.def);
    const elsewhere = defLine < startLine(at) || defLine > endLine(call);
    const together = elsewhere && defLine < startLine(at) && endLine(call) - defLine < ONE_PASSAGE;
    const candidate: Candidate = {
      ruleId: 'redos', startLine: together ? defLine : startLine(at), endLine: endLine(call), symbol: symbolOf(call),
      subject: call.text(),
      detail: `recheck rates /${re.source.slice(0, 80)}/ ${verdict.complexity} (attack string ${JSON.stringify(verdict.attack)}); it is applied to ${source.via}${re.from ? `; the pattern is exported by ${re.from.path} (line ${re.from.line})` : elsewhere ? `; the pattern is written on line ${defLine}` : ''}.`,
      source: elsewhere && !together ? { ...source, names, sourceLine: defLine } : { ...source, names },
      severity: verdict.complexity === 'exponential' ? 'high' : 'medium',
    };
    // A length limit on the input bounds the match time; treat it like a guard.
    // Either way round: `s.length > 100` or `MAX < s.length`.
    // Read in the functions around the match (outermost first line on), not in an unrelated function above it.
    // `this` belongs to the innermost non-arrow function: a sibling method above it checks another string's length.
    // A loop's `i < lines.length` bounds its counter, not the text (length-cap.ts).
    const outer = protoThis ? enclosingFunctions(call).find((f) => f.kind() !== 'arrow_function') : enclosingFunctions(call).at(-1);
    const limit = lengthCapped(outer ?? ctx.root, call, names);
    if (guard) candidate.guard = guard;
    else if (limit) candidate.guard = { kind: 'type-check', text: 'the input length is checked before the match', line: candidate.startLine };
    out.push(candidate);
  }
  if (library) out.push(...handedOut(ctx, out));
  return out;
}

/** A polynomial verdict on a pattern that is safe with its bounded repeats at their minimum: linear (bounded-repeat.ts). */
function linearAtItsMinimum(re: RegexValue, verdict: RegexVerdict, global: boolean): boolean {
  const minimum = verdict.complexity === 'exponential' ? null : atMinimumCounts(re.source, re.flags);
  return minimum !== null && !worstVerdict(minimum, re.flags, global).vulnerable;
}

/** Where a RegExp construction's text is written when a name holds it (`const pattern = [...].join('|')`). */
function patternText(def: SgNode): SgNode | null {
  if (def.kind() !== 'new_expression' && def.kind() !== 'call_expression') return null;
  const src = argsOf(def)[0];
  return src?.kind() === 'identifier' ? bindingValue(src) : null;
}

/** The slow patterns a library hands out for its callers to apply (exported-pattern.ts), cited at the pattern; not
 * one an application above already cites (the file applies it to its caller's text itself). Its callers' text is
 * theirs to scan, as a string function's own argument is: any super-linear verdict counts. */
function handedOut(ctx: DetectorContext, applied: readonly Candidate[]): Candidate[] {
  const cited = new Set(applied.flatMap((c) => [c.startLine, c.source?.sourceLine ?? c.startLine]));
  return handedPatterns(ctx.root, ctx.file.content).flatMap(({ re, api }): Candidate[] => {
    const line = startLine(re.def);
    if (cited.has(line) || withoutLoops(re.source, re.flags)) return [];
    const verdict = worstVerdict(re.source, re.flags, re.flags.includes('g'));
    if (!verdict.vulnerable) return [];
    if (linearAtItsMinimum(re, verdict, re.flags.includes('g'))) return [];
    // One finding per pattern: a construction with a choice of flags is judged with each until one is slow.
    cited.add(line);
    const via = `the text callers of ${api} apply the pattern it hands out to`;
    // `new RegExp(pattern)` with the pattern's text written a few lines above: cited as one passage from the text.
    const text = patternText(re.def);
    const from = text && startLine(text) < line && line - startLine(text) < ONE_PASSAGE ? startLine(text) : line;
    return [{
      ruleId: 'redos', startLine: from, endLine: endLine(re.def), symbol: symbolOf(re.def), subject: re.def.text(),
      ...(from !== line ? { anchorLine: line } : {}),
      detail: `recheck rates /${re.source.slice(0, 80)}/ ${verdict.complexity} (attack string ${JSON.stringify(verdict.attack)}); the library hands it out as ${api}, for its callers to apply to their text.`,
      source: { kind: 'param', via, names: [], api, steps: [{ line, note: `source: ${via}` }] },
      severity: verdict.complexity === 'exponential' ? 'high' : 'medium',
    }];
  });
}

const APPLY_CALL = /\.(test|exec|match|matchAll|replace|replaceAll|split|search)\(/;
// A file applying patterns only reflectively (`re[Symbol.replace](s)`, reflective.ts) has them too.
const APPLIES = { test: (text: string): boolean => APPLY_CALL.test(text) || REFLECTIVE_TEXT.test(text) };
// Searched apart from APPLY_CALL: one regex of two `^(?=[\s\S]*…)` lookaheads gave the same answer at twice the time.
const INPUT_WORD = /\b(req|request|ctx|event|evt|process\.argv|location)\b/;

export const redos: Detector = {
  order: 6,
  rules: ['redos'],
  // Only input-derived subjects are reported, so files that never touch request or CLI input are skipped.
  prefilter: { test: (text) => APPLIES.test(text) && INPUT_WORD.test(text) },
  // A library's exported functions take their callers' strings: any applied regex may be a ReDoS sink.
  libraryPrefilter: { test: (text: string): boolean => APPLIES.test(text) || HANDS_OUT.test(text) },
  finds: [APPLY_CALLS],
  run,
};
