// Pure core of triage: per-file analysis of bytes already read, then ranking, counting and chunking of the
// whole set. Imports no fs; the shell in index.ts lists and reads, then calls these.
import type { SkippedFile, Triage, TriagedFile } from '../../artifacts/schemas/triage.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import type { ScopeSize } from '../../engines/modes/profile.ts';
import { buildChunks } from '../../engines/chunks/build.ts';
import { inspectContent } from './content-rules.ts';
import { relativeImports } from './imports.ts';
import { churnSignal, evidenceSignals, NO_TEST_SIGNAL, riskScore } from './risk.ts';
import { scanContent } from './signals.ts';
import { sourceStem, testedStems } from './test-match.ts';
import { compareText } from '../../foundations/text/compare.ts';
import { classifyPath, type PathRuleOptions, type PathVerdict } from './path-rules.ts';
import { parseSuppressions } from '../../engines/static/suppress.ts';

export type TriageBody = Omit<Triage, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt'>;

/** A triaged file before test presence is known (that needs every file). */
export type FileFacts = Omit<TriagedFile, 'hasTest' | 'risk'>;

/** `imports`: the relative specifiers a JavaScript/TypeScript file names (imports.ts), for the required-file rule. */
export type FileOutcome = { kind: 'file'; facts: FileFacts; imports?: string[] } | { kind: 'skip'; skip: SkippedFile };

/** Tokens are estimated as bytes / 4, rounded up: close enough for budgeting, and free. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}

export type SourceVerdict = Extract<PathVerdict, { kind: 'source' }>;

/** Path rules (no read): null to drop without a record, a skip, or the source facts that make it worth reading. */
export function beforeRead(path: string, served?: ReadonlyMap<string, string>, rules: PathRuleOptions = {}): Extract<FileOutcome, { kind: 'skip' }> | SourceVerdict | null {
  const verdict = classifyPath(path, served, rules);
  if (verdict.kind === 'drop') return null;
  if (verdict.kind === 'skip') return { kind: 'skip', skip: { path, reason: verdict.reason, detail: verdict.detail } };
  // The artifact's RepoPath cannot carry a backslash; such a name cannot be reported on, so say so.
  if (path.includes('\\')) return { kind: 'skip', skip: { path, reason: 'unreadable', detail: 'file name contains a backslash' } };
  return verdict;
}

/** `requiredBy`: in-scope code imports the file, so only what stops a read skips it (content-rules.ts). */
export function analyzeBytes(path: string, language: string, isTest: boolean, bytes: Buffer, requiredBy?: string): FileOutcome {
  // latin1 is a byte-for-byte decode (cheaper than UTF-8); every pattern is ASCII, so matches are the same.
  const text = bytes.toString('latin1');
  const verdict = inspectContent(bytes, text, requiredBy === undefined);
  if (verdict.kind === 'skip') return { kind: 'skip', skip: { path, reason: verdict.reason, detail: verdict.detail, ...(requiredBy ? { requiredBy } : {}) } };
  const signals = evidenceSignals({ scan: scanContent(text), lines: verdict.facts.lines });
  const facts: FileFacts = { path, language, bytes: bytes.length, lines: verdict.facts.lines, tokens: estimateTokens(bytes.length), sha256: sha256(bytes), isTest, signals };
  if (requiredBy !== undefined) facts.requiredBy = requiredBy;
  const ignores = inlineIgnores(text, bytes);
  if (ignores.length > 0) facts.ignores = ignores;
  const imports = relativeImports(language, text);
  return imports.length > 0 ? { kind: 'file', facts, imports } : { kind: 'file', facts };
}

// The file's reasoned bug-hunter-ignore comments, found while its text is in hand (a reasonless one is a finding of
// its own, never a suppression). Decoded as UTF-8 only when the marker is there, so a reason keeps its characters.
function inlineIgnores(text: string, bytes: Buffer): NonNullable<FileFacts['ignores']> {
  if (!text.includes('bug-hunter-ignore')) return [];
  return parseSuppressions(bytes.toString('utf8').split(/\r?\n/)).flatMap((s) =>
    s.reason ? [{ line: s.line, ruleId: s.ruleId, reason: s.reason, ...(s.kind && s.kind !== 'line' ? { kind: s.kind } : {}), ...(s.kind === 'block' && s.endLine ? { endLine: s.endLine } : {}) }] : [],
  );
}

export interface AssembleInput {
  files: FileFacts[];
  skipped: SkippedFile[];
  /** Commits per path from git history; empty outside git. */
  churn: ReadonlyMap<string, number>;
  /** The chunk budget, chosen once the in-scope size and top risk are known (the auto profile needs them). */
  budgetFor: (size: ScopeSize) => number;
  includeTests: boolean;
  listing: Triage['listing'];
  maxFileBytes: number;
  /** A diff-aware scan: only these paths are chunked (they stay listed in files either way). */
  inScope?: ReadonlySet<string>;
}

const byPath = (a: { path: string }, b: { path: string }) => compareText(a.path, b.path);

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function assembleTriage(input: AssembleInput): TriageBody {
  const stems = testedStems(input.files.filter((f) => f.isTest).map((f) => f.path));
  const files: TriagedFile[] = input.files.map((f) => {
    const hasTest = !f.isTest && stems.has(sourceStem(f.path));
    const churn = churnSignal(input.churn.get(f.path) ?? 0);
    const signals = churn || !(f.isTest || hasTest) ? [...f.signals] : f.signals;
    if (churn) signals.push(churn);
    if (!f.isTest && !hasTest) signals.push(NO_TEST_SIGNAL);
    // A literal, not a spread: spread-built objects here turned into slow dictionary-mode objects (seconds at 50k files).
    const file: TriagedFile = { path: f.path, language: f.language, bytes: f.bytes, lines: f.lines, tokens: f.tokens, sha256: f.sha256, isTest: f.isTest, hasTest, risk: riskScore(signals), signals };
    if (f.requiredBy !== undefined) file.requiredBy = f.requiredBy;
    if (f.ignores !== undefined) file.ignores = f.ignores;
    return file;
  });
  // Highest risk first; ties by path so the order never depends on listing order.
  files.sort((a, b) => b.risk - a.risk || byPath(a, b));
  const inScope = input.inScope;
  const chunkable = files.filter((f) => (input.includeTests || !f.isTest) && (!inScope || inScope.has(f.path)));
  const chunkTokenBudget = input.budgetFor({ tokens: chunkable.reduce((n, f) => n + f.tokens, 0), topRisk: chunkable[0]?.risk ?? 0 });
  const skipped = [...input.skipped].sort(byPath);
  return {
    listing: input.listing,
    includeTests: input.includeTests,
    maxFileBytes: input.maxFileBytes,
    tokenEstimate: 'bytes/4',
    files,
    skipped,
    skippedCounts: countBy(skipped, (s) => s.reason),
    languages: countBy(files, (f) => f.language),
    chunks: buildChunks(chunkable, chunkTokenBudget),
    totals: {
      files: files.length,
      lines: files.reduce((n, f) => n + f.lines, 0),
      tokens: files.reduce((n, f) => n + f.tokens, 0),
      skipped: skipped.length,
      chunkTokenBudget,
    },
  };
}
