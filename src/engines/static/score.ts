// Scores the static engine on labelled files: a line marked `expect: <rule-id>` (the bundled example) or
// `ruleid: <rule-id>` (a rule's cases) is a planted bug, everything else reported is a false positive. Pure; callers read the files.
import { analyse } from './engine.ts';
import { staticallyUpheld } from './judge.ts';
import { refuteStatic } from './refute/static.ts';
import type { SourceFile } from './types.ts';

export interface Label { line: number; ruleId: string }
export interface RuleScore { ruleId: string; truePositives: number; falsePositives: number; missed: number }
export interface Reported { file: string; line: number; ruleId: string; correct: boolean }
export interface Score { rules: RuleScore[]; reported: Reported[]; missed: Array<Label & { file: string }>; precision: number; recall: number }

const MARKER = /(?:expect:|(?:\/\/|\/\*)\s*ruleid:)\s*([a-z][a-z0-9-]*(?:\s*,\s*[a-z][a-z0-9-]*)*)/g;

export function labelsOf(content: string): Label[] {
  return content.split(/\r?\n/).flatMap((text, i) => [...text.matchAll(MARKER)].flatMap((m) => (m[1] as string).split(/\s*,\s*/).map((ruleId) => ({ line: i + 1, ruleId }))));
}

/** Findings the engine would report (panel upheld, calibration aside) for one file. */
export function upheldFindings(file: SourceFile) {
  return analyse(file).entries.map((e) => e.finding).filter((f) => staticallyUpheld(refuteStatic(f, file)));
}

export function scoreFiles(files: ReadonlyArray<{ file: SourceFile; labels: Label[] }>): Score {
  const byRule = new Map<string, RuleScore>();
  const rule = (id: string): RuleScore => {
    let r = byRule.get(id);
    if (!r) byRule.set(id, (r = { ruleId: id, truePositives: 0, falsePositives: 0, missed: 0 }));
    return r;
  };
  const reported: Reported[] = [];
  const missed: Score['missed'] = [];
  for (const { file, labels } of files) {
    const found = upheldFindings(file);
    const hit = new Set<Label>();
    for (const f of found) {
      const label = labels.find((l) => l.ruleId === f.ruleId && l.line >= f.startLine - 1 && l.line <= f.endLine);
      if (label) hit.add(label);
      const id = f.ruleId ?? 'unknown';
      if (label) rule(id).truePositives++;
      else rule(id).falsePositives++;
      reported.push({ file: file.path, line: f.startLine, ruleId: id, correct: Boolean(label) });
    }
    for (const l of labels) {
      if (hit.has(l)) continue;
      rule(l.ruleId).missed++;
      missed.push({ ...l, file: file.path });
    }
  }
  const rules = [...byRule.values()].sort((a, b) => (a.ruleId < b.ruleId ? -1 : 1));
  const tp = rules.reduce((n, r) => n + r.truePositives, 0);
  const fp = rules.reduce((n, r) => n + r.falsePositives, 0);
  const fn = rules.reduce((n, r) => n + r.missed, 0);
  return { rules, reported, missed, precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn) };
}
