// Reads a rule's case files (test/engines/static/rule-cases/<rule-id>.*) in semgrep's style: `ruleid: <id>` marks a line the
// rule must fire on, `ok: <id>` one it must not; `ok: <id>, <id>` marks a line for several rules, so rules that share
// their decoys share one case file. A marker alone on its line applies to the next line; a marker after code applies to
// its own line. A finding of the rule anywhere else in the file is also a failure.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceFile } from '../../../src/engines/static/types.ts';

export const CASES_DIR = 'test/engines/static/rule-cases';
export interface Marker { kind: 'ruleid' | 'ok'; ruleId: string; line: number }

const MARKER = /(?:\/\/|\/\*)\s*(ruleid|ok):\s*([a-z][a-z0-9-]*(?:\s*,\s*[a-z][a-z0-9-]*)*)/g;

export function markersOf(content: string): Marker[] {
  const lines = content.split(/\r?\n/);
  return lines.flatMap((text, i) => [...text.matchAll(MARKER)].flatMap((m) => {
    const alone = /^\s*(\/\/|\/\*|\{\s*\/\*)/.test(text);
    return (m[2] as string).split(/\s*,\s*/).map((ruleId) => ({ kind: m[1] as Marker['kind'], ruleId, line: alone ? i + 2 : i + 1 }));
  }));
}

/** Every case file, as a scan of the cases folder would see it (`.library.` files play a library). */
export function allCaseFiles(root = CASES_DIR): SourceFile[] {
  return readdirSync(root).sort().map((name) => {
    const file: SourceFile = { path: name, content: readFileSync(join(root, name), 'utf8'), language: /\.tsx?$/.test(name) ? 'typescript' : 'javascript', isTest: false };
    if (name.includes('.library.')) file.publicApi = 'fixture-library';
    return file;
  });
}

/** The case files of one rule: those named after it, and shared ones whose markers name it. */
export function caseFiles(ruleId: string, root = CASES_DIR): SourceFile[] {
  return allCaseFiles(root).filter((f) => f.path.startsWith(`${ruleId}.`) || markersOf(f.content).some((m) => m.ruleId === ruleId));
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
