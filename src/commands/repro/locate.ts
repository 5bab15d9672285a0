// Where a reported bug lives in the target, pure: the innermost frame of the trace in the target's own code, else
// a function the report names (defined in the code index), else a quoted message found in the source. The answer
// says how it was found; no answer means the tester is not asked at all.
import { enclosingSymbol } from '../../engines/code-index/lookup.ts';
import type { CodeIndex, SymbolDef } from '../../engines/code-index/types.ts';
import type { ReportClues } from './clues.ts';
import { innermostTargetFrame, type MappedFrame } from './frames.ts';

export const LOCATED_BY = ['stack-frame', 'named-function', 'quoted-message'] as const;

export interface Location {
  file: string;
  startLine: number;
  endLine: number;
  /** The enclosing function or the function the report names, when known. */
  symbol?: string;
  how: (typeof LOCATED_BY)[number];
  /** The line the trace or message points at (inside startLine..endLine). */
  line: number;
}

export interface LocateInput {
  frames: readonly MappedFrame[];
  clues: ReportClues;
  index: CodeIndex;
  /** Source text by repository path, for messages. Test files are left out by the caller. */
  sources: ReadonlyMap<string, string>;
}

export function locate(input: LocateInput): Location | undefined {
  return fromFrame(input) ?? fromName(input) ?? fromMessage(input);
}

function fromFrame({ frames, index }: LocateInput): Location | undefined {
  const frame = innermostTargetFrame(frames);
  if (!frame?.file) return undefined;
  const symbol = enclosing(index, frame.file, frame.line);
  const name = symbol?.name ?? frame.function ?? undefined;
  return {
    file: frame.file,
    startLine: symbol?.startLine ?? frame.line,
    endLine: symbol?.endLine ?? frame.line,
    line: frame.line,
    how: 'stack-frame',
    ...(name ? { symbol: name } : {}),
  };
}

// The code under test wins over tests (a test binds the name it tests: `var parse = require('../')`); then a name
// defined in exactly one place wins over one defined in many; among equals, the report's first mention.
function fromName({ clues, index, sources }: LocateInput): Location | undefined {
  let best: { file: string; symbol: SymbolDef; places: number; order: number; inTests: boolean } | undefined;
  clues.names.forEach((name, order) => {
    const all = [...index.files.values()].filter((f) => sources.has(f.path)).flatMap((f) => f.symbols.filter((s) => s.name === name && s.kind !== 'type' && s.kind !== 'interface').map((s) => ({ file: f.path, symbol: s })));
    const code = all.filter((p) => !TEST_PATH.test(p.file));
    const places = code.length > 0 ? code : all;
    if (places.length === 0) return;
    const inTests = code.length === 0;
    const withMessage = places.find((p) => clues.messages.some((m) => linesOf(sources, p.file, p.symbol).includes(m))) ?? places[0]!;
    if (!best || (best.inTests && !inTests) || (best.inTests === inTests && places.length < best.places)) best = { ...withMessage, places: places.length, order, inTests };
  });
  if (!best?.inTests) return best ? { file: best.file, startLine: best.symbol.startLine, endLine: best.symbol.endLine, line: best.symbol.startLine, symbol: best.symbol.name, how: 'named-function' } : undefined;
  // Only tests define it as the index sees it: a definition the index does not list (a function nested in another,
  // a method) in the code under test comes first.
  const { file, symbol } = best;
  return definedInCode(clues.names, sources) ?? { file, startLine: symbol.startLine, endLine: symbol.endLine, line: symbol.startLine, symbol: symbol.name, how: 'named-function' };
}

function definedInCode(names: readonly string[], sources: ReadonlyMap<string, string>): Location | undefined {
  for (const name of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) continue;
    const definition = new RegExp(`(^|[^\\w$.])(function\\s*\\*?\\s*${name.replace(/\$/g, '\\$')}\\s*\\(|(const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\s*=\\s*(async\\s+)?(function\\b|\\([^)]*\\)\\s*=>|[\\w$]+\\s*=>))`);
    for (const [file, text] of sources) {
      if (TEST_PATH.test(file)) continue;
      const lines = text.split('\n');
      const at = lines.findIndex((l) => definition.test(l));
      if (at >= 0) return { file, startLine: at + 1, endLine: at + 1, line: at + 1, symbol: name, how: 'named-function' };
    }
  }
  return undefined;
}

function fromMessage({ clues, index, sources }: LocateInput): Location | undefined {
  for (const message of clues.messages) {
    for (const [file, text] of sources) {
      const at = text.indexOf(message);
      if (at < 0) continue;
      const line = text.slice(0, at).split('\n').length;
      const symbol = enclosing(index, file, line);
      return { file, startLine: symbol?.startLine ?? line, endLine: symbol?.endLine ?? line, line, how: 'quoted-message', ...(symbol ? { symbol: symbol.name } : {}) };
    }
  }
  return undefined;
}

/** Test code by its folder or name (test/, tests/, __tests__/, spec/, *.test.*, *.spec.*, *_test.*, test_*). */
const TEST_PATH = /(^|\/)(tests?|__tests__|specs?)\/|\.(test|spec)\.[^/]+$|_test\.[^/]+$|(^|\/)test_[^/]+$/;

function enclosing(index: CodeIndex, file: string, line: number): SymbolDef | undefined {
  const entry = index.files.get(file);
  return entry ? enclosingSymbol(entry, line) : undefined;
}

function linesOf(sources: ReadonlyMap<string, string>, file: string, symbol: SymbolDef): string {
  return (sources.get(file) ?? '').split('\n').slice(symbol.startLine - 1, symbol.endLine).join('\n');
}
