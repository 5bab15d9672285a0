// The static rules as data: loads src/engines/static/rules/<rule-id>/rule.ts (one folder per rule, listed by the generated
// rules/index.ts), validates them, answers lookups and lists the detectors the engine runs (those the rules name).
// Confidence comes from each rule's measured precision, so the counts live next to the rule.
import { Type } from '@sinclair/typebox';
import { CONSEQUENCES, LIBRARY_SOURCES, literalUnion, type Consequence } from '../../artifacts/schemas/literals.ts';
import { Value } from '@sinclair/typebox/value';
import { Category, Severity } from '../../artifacts/schemas/common.ts';
import { hashJson } from '../../foundations/hashing/hash.ts';
import { STATIC_LENSES, type Detector, type Rule, type RuleInfo, type RuleModule } from './types.ts';
import { RULE_FILES } from './rules/index.ts';

const RuleSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9-]+$' }),
    category: Category,
    lens: literalUnion(STATIC_LENSES),
    consequence: Type.Optional(literalUnion(CONSEQUENCES)),
    severity: Severity,
    cwe: Type.Union([Type.String({ pattern: '^CWE-[0-9]+$' }), Type.Null()]),
    message: Type.String({ minLength: 1 }),
    trigger: Type.String({ minLength: 1 }),
    taint: Type.Boolean(),
    librarySource: Type.Optional(literalUnion(LIBRARY_SOURCES)),
    precision: Type.Object(
      {
        truePositives: Type.Integer({ minimum: 0 }),
        falsePositives: Type.Integer({ minimum: 0 }),
        onRealCode: Type.Optional(Type.Integer({ minimum: 0 })),
        measuredOn: Type.String(),
        floor: Type.Number({ minimum: 0, maximum: 1 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** The severity a non-security defect carries, from what it does: data lost is high, a crash or a wrong answer medium, a
 * leak (slow exhaustion, no wrong result) low. No CVSS: these are bugs, not vulnerabilities. */
export function severityOfConsequence(consequence: Consequence): 'high' | 'medium' | 'low' {
  return consequence === 'data-loss' ? 'high' : consequence === 'leak' ? 'low' : 'medium';
}

/** Validates every rule; `files` is keyed by folder name (tests pass broken ones). */
export function loadRules(files: Readonly<Record<string, RuleModule>>): Map<string, Rule> {
  const rules = new Map<string, Rule>();
  for (const [name, module] of Object.entries(files)) {
    const where = `src/engines/static/rules/${name}/rule.ts`;
    const rule: unknown = module?.meta;
    if (!Value.Check(RuleSchema, rule)) {
      const first = [...Value.Errors(RuleSchema, rule)][0];
      throw new Error(`${where} is not a valid rule (${first?.path ?? ''}: ${first?.message ?? 'invalid'}).`);
    }
    const typed = rule as Rule;
    if (typed.consequence && typed.severity !== severityOfConsequence(typed.consequence)) {
      throw new Error(`${where}: a rule whose consequence is '${typed.consequence}' has severity '${severityOfConsequence(typed.consequence)}', not '${typed.severity}'.`);
    }
    if (typed.id !== name) throw new Error(`${where} defines rule '${typed.id}'; a rule's folder is named after its id.`);
    if (rules.has(typed.id)) throw new Error(`Static rule id '${typed.id}' is defined twice (${where}).`);
    if (module.detector && !module.detector.rules.includes(typed.id)) throw new Error(`${where} names a detector that never emits '${typed.id}'.`);
    rules.set(typed.id, typed);
  }
  return rules;
}

/** The detectors the engine runs: each one a rule folder names, once, in the rules' order (findings are sorted after). */
export function detectorsOf(files: Readonly<Record<string, RuleModule>>): Detector[] {
  return [...new Set(Object.values(files).flatMap((m) => (m.detector ? [m.detector] : [])))].sort((a, b) => a.order - b.order);
}

/** Every rule a detector emits has a folder, and that folder names this detector (so each rule has one detector). */
export function checkDetectors(rules: ReadonlyMap<string, Rule>, files: Readonly<Record<string, RuleModule>>): void {
  for (const detector of detectorsOf(files)) {
    const missing = detector.rules.filter((id) => !rules.has(id));
    if (missing.length > 0) throw new Error(`A detector emits ${missing.map((id) => `'${id}'`).join(', ')} without a folder in src/engines/static/rules/.`);
    const other = detector.rules.filter((id) => files[id] && files[id].detector !== detector);
    if (other.length > 0) throw new Error(`A detector emits ${other.map((id) => `'${id}'`).join(', ')}, whose src/engines/static/rules/<rule-id>/rule.ts names another detector.`);
  }
}

const RULES = loadRules(RULE_FILES);
checkDetectors(RULES, RULE_FILES);
/** The ordered list of detectors the engine runs. */
export const DETECTORS: readonly Detector[] = detectorsOf(RULE_FILES);

export function getRule(id: string): Rule | undefined {
  return RULES.get(id);
}

export function requireRule(id: string): Rule {
  const rule = RULES.get(id);
  if (!rule) throw new Error(`Unknown static rule '${id}'.`);
  return rule;
}

/** Laplace-smoothed precision: a rule with few measurements is not trusted as fully precise. */
// Posterior mean of the rule's precision under a Jeffreys prior, Beta(½, ½): with few observations it stays
// below the raw rate (a rule with 0 of 0 scores 0.5) without dragging small, clean samples towards ½ as hard
// as Laplace's rule of succession does.
export function calibratedPrecision(rule: Rule): number {
  const { truePositives: tp, falsePositives: fp } = rule.precision;
  return Math.round(((tp + 0.5) / (tp + fp + 1)) * 1000) / 1000;
}

/** A rule is off by default when its raw measured precision, true / (true + false), is below this… */
export const OFF_BELOW_RAW_PRECISION = 0.5;
/** …on at least this many judged findings (fewer say too little to turn a rule off). */
export const OFF_MIN_JUDGED = 10;

/** Whether a rule runs in a default scan, and why, from its raw measured counts (not the smoothed figure). */
export function ruleDefault(rule: Pick<Rule, 'precision'>): { on: boolean; why: string } {
  const { truePositives: tp, falsePositives: fp, onRealCode = 0 } = rule.precision;
  const judged = tp + fp;
  // Where the judged findings come from: real packages, or the rule's hand-written cases.
  const real = `${onRealCode} on real code`;
  if (judged < OFF_MIN_JUDGED) return { on: true, why: `on with too few judged findings: ${judged} (${real}), fewer than the ${OFF_MIN_JUDGED} needed to turn a rule off` };
  const raw = `${tp}/${judged} = ${(tp / judged).toFixed(3)}`;
  if (tp / judged < OFF_BELOW_RAW_PRECISION) return { on: false, why: `raw precision ${raw} is below ${OFF_BELOW_RAW_PRECISION} on ${OFF_MIN_JUDGED} or more judged findings (${real})` };
  return { on: true, why: `raw precision ${raw} is at least ${OFF_BELOW_RAW_PRECISION} (${real})` };
}

export function listRules(): RuleInfo[] {
  return [...RULES.values()]
    .map((r) => {
      const { on, why } = ruleDefault(r);
      return { id: r.id, category: r.category, lens: r.lens, severity: r.severity, cwe: r.cwe, message: r.message, precision: calibratedPrecision(r), truePositives: r.precision.truePositives, falsePositives: r.precision.falsePositives, floor: r.precision.floor, defaultOn: on, defaultWhy: why, ...(r.consequence ? { consequence: r.consequence } : {}) };
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

const ENGINE_REVISION = '1.0.0';
/** Engine revision plus a hash of the rule data: changes whenever a rule or its calibration changes. */
// The gate's floor changes no finding, so it stays out of the hash (a new floor keeps the evidence cache).
const calibration = [...RULES.values()].map(({ precision: { floor: _floor, ...counts }, ...rule }) => ({ ...rule, precision: counts }));
export const STATIC_ENGINE_VERSION = `${ENGINE_REVISION}+${hashJson(calibration).slice(0, 12)}`;
