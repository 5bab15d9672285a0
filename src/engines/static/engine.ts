// Runs the detectors over one file and pairs each candidate with its Finding. Memoised per file
// content so huntFile and refuteStatic agree without the caller passing engine state around.
import { DETECTORS, getRule } from './rules.ts';
import { toFinding } from './finding.ts';
import { langFor, parseSource } from './parse.ts';
import type { Lang } from '@ast-grep/napi';
import { parseSuppressions, type Suppression } from './suppress.ts';
import { beginFile } from './taint.ts';
import { detectorName, timed } from './detector-times.ts';
import { beginSourceFile } from './sources/handlers.ts';
import { beginImports } from './imported.ts';
import { prefetchFinds } from './shared-find.ts';
import { FUNCTION_FIND } from './ast.ts';
import { candidateKey, clearCandidateMemo, keepCandidates, knownCandidates } from './candidate-memo.ts';
import type { Candidate, SourceFile } from './types.ts';
import type { Finding } from '../../artifacts/schemas/common.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface Entry { finding: Finding; candidate: Candidate }
export interface Analysis { entries: Entry[]; suppressions: Suppression[]; lines: string[] }
/** The part of an analysis worth keeping between runs; the lines come back from the content. */
export type StoredAnalysis = Omit<Analysis, 'lines'>;

/** Where analyses made earlier can be found and kept (the evidence cache). The engine itself does no I/O. */
export interface AnalysisStore {
  get(file: SourceFile): StoredAnalysis | undefined;
  put(file: SourceFile, analysis: StoredAnalysis): void;
}

const MEMO_SIZE = 16;
const memo = new Map<string, Analysis>();
// Files this thread has analysed (tests check that a re-check reuses the hunt's analyses instead).
let computed = 0;

/** How many analyses this thread has computed (not taken from the memo or a store). */
export const analysesComputed = (): number => computed;

function reasonless(s: Suppression): Candidate {
  return {
    ruleId: 'suppression-without-reason', startLine: s.line, endLine: s.line, symbol: '<comment>',
    subject: s.text, detail: `\`${s.text.slice(0, 120)}\` names ${s.ruleId ? `rule ${s.ruleId}` : 'no rule'} but gives no reason after a colon.`,
    structural: 'suppression comment without a reason',
  };
}

function order(a: Candidate, b: Candidate): number {
  return a.startLine - b.startLine || compareText(a.ruleId, b.ruleId) || compareText(a.subject, b.subject);
}

const SECURITY_LENSES: ReadonlySet<string> = new Set(['injection', 'secrets']);

/** One report per defect line: where a security rule already reports a line, a rule of the reviewer's lenses (one with
 * a consequence, e.g. a type check missing on the same value) does not report it again; fixing the vulnerability
 * rewrites the line. */
function dropLensFindingsOnVulnerableLines(candidates: Candidate[]): void {
  const vulnerable = new Set(candidates.filter((c) => SECURITY_LENSES.has(getRule(c.ruleId)?.lens ?? '')).map((c) => c.startLine));
  if (vulnerable.size === 0) return;
  for (let i = candidates.length - 1; i >= 0; i--) {
    const c = candidates[i]!;
    if (getRule(c.ruleId)?.consequence !== undefined && vulnerable.has(c.startLine)) candidates.splice(i, 1);
  }
}

function entriesOf(file: SourceFile, candidates: readonly Candidate[], lines: readonly string[]): Entry[] {
  const seen = new Map<string, number>();
  const entries: Entry[] = [];
  for (const c of candidates) {
    const key = `${c.symbol}\0${c.ruleId}\0${c.subject.replace(/\s+/g, ' ')}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const finding = toFinding(file, c, lines, occurrence);
    if (finding) entries.push({ finding, candidate: c });
  }
  return entries;
}

/** The candidates the detectors find in a file (its suppressions' among them), in report order. */
function detect(file: SourceFile, lang: Lang | null, suppressions: readonly Suppression[], fileLines: () => string[]): Candidate[] {
  const candidates: Candidate[] = suppressions.filter((s) => s.reason.length === 0).map(reasonless);
  // A library's exported parameters, and those other modules pass request input to, are sources without a request in sight.
  const library = file.publicApi !== undefined || (file.incoming?.length ?? 0) > 0;
  const active = lang === null ? [] : timed('<prefilters>', () => DETECTORS.filter((d) => (d.prefilter.test(file.content) || (library && d.libraryPrefilter?.test(file.content)) || d.importedPrefilter?.(file)) && (d.requires?.test(file.content) ?? true)));
  if (lang !== null && active.length > 0) {
    const lines = fileLines();
    const root = timed('<parse>', () => parseSource(lang, file.content).root());
    timed('<file setup>', () => {
      beginFile(file.publicApi !== undefined, file.incoming);
      beginSourceFile(file.path, file.content);
      beginImports(file);
    });
    // The function index (ast.ts) is found in a walk the detectors' searches make anyway, when it can share one.
    timed('<shared finds>', () => prefetchFinds(root, active.flatMap((d) => d.finds ?? []), [FUNCTION_FIND]));
    for (const d of active) candidates.push(...timed(detectorName(d.rules), () => d.run({ file, root, lines })).filter((c) => d.rules.includes(c.ruleId)));
  }
  candidates.sort(order);
  dropLensFindingsOnVulnerableLines(candidates);
  return candidates;
}

/** `keepLines` false: the caller keeps only the stored form, so a file no detector reads is never split into lines. */
function compute(file: SourceFile, keepLines = true): Analysis {
  computed += 1;
  let split: string[] | undefined;
  const fileLines = (): string[] => (split ??= file.content.split(/\r?\n/));
  // Every line of a suppression names the marker, so a text without it has none (parseSuppressions would find none).
  const suppressions = file.content.includes('bug-hunter-ignore') ? parseSuppressions(fileLines()) : [];
  const lang = langFor(file);
  // A text another file of the run had, read alike (candidate-memo.ts), takes that file's candidates.
  const key = lang === null ? undefined : timed('<candidate memo>', () => candidateKey(file, lang));
  let candidates = key === undefined ? undefined : knownCandidates(key);
  if (!candidates) {
    candidates = detect(file, lang, suppressions, fileLines);
    if (key !== undefined) keepCandidates(key, candidates);
  }
  const entries = candidates.length === 0 ? [] : timed('<findings>', () => entriesOf(file, candidates, fileLines()));
  return { entries, suppressions, lines: keepLines ? fileLines() : [] };
}

/** Forget memoised analyses (tests use it to prove two cold runs agree). */
export function clearAnalysisMemo(): void {
  memo.clear();
  clearCandidateMemo();
}

/** The stored form of a fresh analysis (what a worker thread sends back). */
export function storedAnalysis(file: SourceFile): StoredAnalysis {
  const { entries, suppressions } = compute(file, false);
  return { entries, suppressions };
}

export function analyse(file: SourceFile, store?: AnalysisStore): Analysis {
  const key = `${file.path}\0${file.language}\0${file.publicApi ?? ''}\0${JSON.stringify(file.incoming ?? [])}\0${JSON.stringify(file.imported ?? [])}\0${file.content}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const stored = store?.get(file);
  const result = stored ? { ...stored, lines: file.content.split(/\r?\n/) } : compute(file);
  if (!stored) store?.put(file, { entries: result.entries, suppressions: result.suppressions });
  memo.set(key, result);
  if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  return result;
}
