// Public API of the embedded static engine: hunter (huntFile), skeptic (refuteStatic) and referee
// (judgeStatic) without a model. Pure and deterministic; no file-system access.
import type { Finding } from '../../artifacts/schemas/common.ts';
import { analyse, type AnalysisStore, type StoredAnalysis } from './engine.ts';

import { langFor } from './parse.ts';
export type { SourceFile, RuleInfo } from './types.ts';
export type { AnalysisStore, StoredAnalysis } from './engine.ts';
export { storedAnalysis } from './engine.ts';
export { recordDetectorTimes, detectorTimes, type DetectorTime } from './detector-times.ts';
export type { Refutation, RefuteOptions } from './refute/static.ts';
export type { StaticJudgement } from './judge.ts';
export { refuteStatic, NON_PRODUCTION_PATH } from './refute/static.ts';
export { judgeStatic, staticallyUpheld, CONFIRM_MIN_PRECISION } from './judge.ts';
export { listRules, STATIC_ENGINE_VERSION } from './rules.ts';
export { ruleInForce, type RuleInForce, type RuleSettingAt } from './rule-in-force.ts';

/** The languages every static rule covers (the grammars the engine parses). */
export const STATIC_LANGUAGES = ['javascript', 'typescript'] as const;

/** True when the engine has rules for the file's language (JavaScript and TypeScript today). */
export function staticSupports(file: Pick<import('./types.ts').SourceFile, 'path' | 'language'>): boolean {
  return langFor(file) !== null;
}

/** Candidate findings for one file, in a stable order. Test files are not skipped here; refuteStatic handles them. */
export function huntFile(file: import('./types.ts').SourceFile, store?: AnalysisStore): Finding[] {
  return findingsOf(analyse(file, store));
}

/** The candidate findings of an analysis (copies: callers may change them). */
export function findingsOf(analysis: StoredAnalysis): Finding[] {
  return analysis.entries.map((e) => structuredClone(e.finding));
}
export type { ImportedFact, IncomingArg } from './types.ts';
export { crossFileIncoming, crossFileIncomingBatched, importedFacts, MAX_HOPS, type CallsStore, type CrossFilePass, type CrossFileResult, type OutgoingCall } from './cross-file/index.ts';
