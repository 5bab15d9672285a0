// Reads the rules' case files (src/engines/static/rules/<rule-id>/fixtures/**) in semgrep's style: `ruleid: <id>` marks a
// line the rule must fire on, `ok: <id>` one it must not; `ok: <id>, <id>` marks a line for several rules, so rules that
// share their decoys share one case file, kept in the folder of one of them. A marker alone on its line applies to the
// next line; a marker after code applies to its own line. A finding of the rule anywhere else in the file is also a failure.
import { ruleCases } from '../../../src/engines/static/corpus.ts';
import { RULE_CASES_ROOT } from '../../../src/engines/static/calibration.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';

export const CASES_DIR = RULE_CASES_ROOT.replace('*', '<rule-id>');
export interface Marker { kind: 'ruleid' | 'ok'; ruleId: string; line: number }
/** A case file as a scan of its rule's fixtures/ folder sees it (cases under library/ play a library), and its rule. */
export type CaseFile = SourceFile & { rule: string };

const MARKER = /(?:\/\/|\/\*)\s*(ruleid|ok):\s*([a-z][a-z0-9-]*(?:\s*,\s*[a-z][a-z0-9-]*)*)/g;

export function markersOf(content: string): Marker[] {
  const lines = content.split(/\r?\n/);
  return lines.flatMap((text, i) => [...text.matchAll(MARKER)].flatMap((m) => {
    const alone = /^\s*(\/\/|\/\*|\{\s*\/\*)/.test(text);
    return (m[2] as string).split(/\s*,\s*/).map((ruleId) => ({ kind: m[1] as Marker['kind'], ruleId, line: alone ? i + 2 : i + 1 }));
  }));
}

/** Every case file of every rule folder. */
export function allCaseFiles(repo = process.cwd()): CaseFile[] {
  return ruleCases(repo).map(({ file, rule }) => ({ ...file, rule }));
}

/** The case files of one rule: those in its folder, and shared ones whose markers name it. */
export function caseFiles(ruleId: string, repo = process.cwd()): CaseFile[] {
  return allCaseFiles(repo).filter((f) => f.rule === ruleId || markersOf(f.content).some((m) => m.ruleId === ruleId));
}

/** Every way one case file disagrees with its markers, as "rule, file:line: what". */
export function disagreements(ruleId: string, file: SourceFile, found: ReadonlyArray<{ ruleId?: string; startLine: number; endLine: number }>): string[] {
  const hits = found.filter((f) => f.ruleId === ruleId);
  const markers = markersOf(file.content).filter((m) => m.ruleId === ruleId);
  const covers = (line: number) => (f: { startLine: number; endLine: number }) => line >= f.startLine && line <= f.endLine;
  const out: string[] = [];
  for (const m of markers) {
    const fired = hits.some(covers(m.line));
    if (m.kind === 'ruleid' && !fired) out.push(`${ruleId}, ${file.path}:${m.line}: marked ruleid but the rule does not fire there`);
    if (m.kind === 'ok' && fired) out.push(`${ruleId}, ${file.path}:${m.line}: marked ok but the rule fires there`);
  }
  for (const f of hits) {
    if (!markers.some((m) => m.kind === 'ruleid' && covers(m.line)(f))) out.push(`${ruleId}, ${file.path}:${f.startLine}: the rule fires on a line not marked ruleid`);
  }
  return out;
}
