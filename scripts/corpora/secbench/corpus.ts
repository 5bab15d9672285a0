// The SecBench.js training corpus as data (benchmark/real-world/secbench/cases.json) and its frozen split
// (split.json): schemas, loading, which part a case is in, and the --part / --class / --sample selection. Pure
// apart from reading the two files; nothing here fetches or scans.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../../../src/artifacts/schemas/literals.ts';
import { RepoPath } from '../../../src/artifacts/schemas/common.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { parseValidated } from '../../bench/benchmark/json-input.ts';
import { packageKey, type VulnClass } from '../real-world/corpus.ts';
import { foldOf, type Fold } from './fold.ts';

/** The classes SecBench.js cases carry (a subset of the real-world classes, so matching is shared). */
export const SECBENCH_CLASSES = ['command-injection', 'code-injection', 'path-traversal', 'prototype-pollution', 'redos'] as const satisfies readonly VulnClass[];
export type SecbenchClass = (typeof SECBENCH_CLASSES)[number];

export const SECBENCH_PARTS = ['dev', 'held-out', 'both'] as const;
export type SecbenchPart = (typeof SECBENCH_PARTS)[number];
/** The side of the split one case is on. */
export type Side = 'dev' | 'held-out';

export const SecbenchCase = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    class: literalUnion(SECBENCH_CLASSES),
    package: Type.String({ minLength: 1 }),
    version: Type.String({ minLength: 1 }),
    fixedVersion: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    sink: Type.Object({ file: RepoPath, line: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    advisory: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type SecbenchCase = Static<typeof SecbenchCase>;

const CasesFile = Type.Object({ source: Type.String(), fields: Type.Unknown(), cases: Type.Array(SecbenchCase, { minItems: 1 }) }, { additionalProperties: false });
const SplitFile = Type.Object(
  { description: Type.String(), seed: Type.Integer(), heldOutShare: Type.Number(), development: Type.Array(Type.String()), heldOut: Type.Array(Type.String()), counts: Type.Unknown() },
  { additionalProperties: false },
);

export interface SecbenchSplit {
  development: readonly string[];
  heldOut: readonly string[];
}

export function parseSecbenchCases(text: string, path = 'cases.json'): SecbenchCase[] {
  const { cases } = parseValidated<{ cases: SecbenchCase[] }>(CasesFile, text, path, 'SecBench.js cases file');
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UsageError(`${path}: a case id appears twice.`);
    seen.add(c.id);
  }
  return cases;
}

export function parseSecbenchSplit(text: string, path = 'split.json'): SecbenchSplit {
  return parseValidated<SecbenchSplit>(SplitFile, text, path, 'SecBench.js split file');
}

export function readSecbench(dir: string): { cases: SecbenchCase[]; split: SecbenchSplit } {
  return {
    cases: parseSecbenchCases(readFileSync(join(dir, 'cases.json'), 'utf8'), join(dir, 'cases.json')),
    split: parseSecbenchSplit(readFileSync(join(dir, 'split.json'), 'utf8'), join(dir, 'split.json')),
  };
}

/**
 * The side of the split each case is on. A package on neither side (or both) is an error that names no package:
 * the message may be printed during a held-out run.
 */
export function sideOf(cases: readonly SecbenchCase[], split: SecbenchSplit): Map<string, Side> {
  const dev = new Set(split.development);
  const held = new Set(split.heldOut);
  const out = new Map<string, Side>();
  let bad = 0;
  for (const c of cases) {
    if (dev.has(c.package) === held.has(c.package)) bad++;
    else out.set(c.id, dev.has(c.package) ? 'dev' : 'held-out');
  }
  if (bad > 0) throw new UsageError(`split.json does not place ${bad} case(s) on exactly one side; regenerate nothing by hand — the split is frozen (scripts/corpora/secbench/write-split.ts --check).`);
  return out;
}

/** `--sample N`: N cases per class, evenly spaced in corpus order (all of a class that has N or fewer). */
export function sampleCases<T extends { class: string }>(cases: readonly T[], perClass: number): T[] {
  const byClass = new Map<string, T[]>();
  for (const c of cases) byClass.set(c.class, [...(byClass.get(c.class) ?? []), c]);
  const picked = new Set<T>();
  for (const of of byClass.values()) {
    const n = Math.min(perClass, of.length);
    for (let i = 0; i < n; i++) picked.add(of[Math.floor((i * of.length) / n)]!);
  }
  return cases.filter((c) => picked.has(c));
}

export interface SecbenchSelection {
  part: SecbenchPart;
  classes: readonly string[];
  sample?: number;
  /** Development part only: one fold of it. The check fold's cases take the held-out side (counts only). */
  fold?: Fold;
}

/**
 * Whether a run's cases are withheld: the held-out part (alone or with the development part) and the check fold of
 * the development part print per-class counts only. The one predicate every path asks that could print a case's
 * package, version, file, finding or error text — for the run (a thrown error's message) and, through the side it
 * gives the check fold's cases, for one case (progress lines, fetch and scan problems, the tables).
 */
export function withholdsCases(sel: Pick<SecbenchSelection, 'part' | 'fold'>): boolean {
  return sel.part !== 'dev' || sel.fold === 'check';
}

/** What a withheld run is called in its messages. */
export function withheldName(sel: Pick<SecbenchSelection, 'part' | 'fold'>): string {
  return sel.fold === 'check' ? 'check-fold' : 'held-out';
}

/** The cases of a run, each with its side: the part, then the classes, then the sample (taken per side). */
export function selectSecbench(cases: readonly SecbenchCase[], split: SecbenchSplit, sel: SecbenchSelection): { case: SecbenchCase; side: Side }[] {
  const sides = sideOf(cases, split);
  if (sel.fold !== undefined) {
    if (sel.part !== 'dev') throw new UsageError('--fold splits the development part; use it with --part dev.');
    const folds = foldOf(cases.filter((c) => sides.get(c.id) === 'dev'));
    const of = cases.filter((c) => folds.get(c.package) === sel.fold && (sel.classes.length === 0 || sel.classes.includes(c.class)));
    // The part is dev here: only the check fold is withheld, and its cases take the held-out side.
    const side: Side = withholdsCases(sel) ? 'held-out' : 'dev';
    return (sel.sample !== undefined ? sampleCases(of, sel.sample) : of).map((c) => ({ case: c, side }));
  }
  const wanted: Side[] = sel.part === 'both' ? ['dev', 'held-out'] : [sel.part];
  return wanted.flatMap((side) => {
    const of = cases.filter((c) => sides.get(c.id) === side && (sel.classes.length === 0 || sel.classes.includes(c.class)));
    return (sel.sample !== undefined ? sampleCases(of, sel.sample) : of).map((c) => ({ case: c, side }));
  });
}

/** The package versions a case needs: its vulnerable version, and its fixed version when it has one. */
export function secbenchTargets(cases: readonly SecbenchCase[]): { key: string; name: string; version: string }[] {
  const byKey = new Map<string, { key: string; name: string; version: string }>();
  for (const c of cases) {
    for (const version of [c.version, c.fixedVersion]) if (version !== null) byKey.set(packageKey(c.package, version), { key: packageKey(c.package, version), name: c.package, version });
  }
  return [...byKey.values()];
}
