// The static rules as data: loads src/static/rules/*.json, validates them, and answers lookups.
// Confidence comes from each rule's measured precision, so the counts live next to the rule.
import { Type } from '@sinclair/typebox';
import { literalUnion } from '../artifacts/schemas/literals.ts';
import { Value } from '@sinclair/typebox/value';
import { Category, Severity } from '../artifacts/schemas/common.ts';
import { hashJson } from '../run/hash.ts';
import { STATIC_LENSES, type Rule, type RuleInfo } from './types.ts';
import injection from './rules/injection.json' with { type: 'json' };
import secrets from './rules/secrets.json' with { type: 'json' };
import asyncRules from './rules/async.json' with { type: 'json' };
import errorHandling from './rules/error-handling.json' with { type: 'json' };
import logic from './rules/logic.json' with { type: 'json' };
import resourceLeak from './rules/resource-leak.json' with { type: 'json' };
import xss from './rules/xss.json' with { type: 'json' };
import xml from './rules/xml.json' with { type: 'json' };
import cryptoRules from './rules/crypto.json' with { type: 'json' };
import jwt from './rules/jwt.json' with { type: 'json' };

const RuleSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9-]+$' }),
    category: Category,
    lens: literalUnion(STATIC_LENSES),
    severity: Severity,
    cwe: Type.Union([Type.String({ pattern: '^CWE-[0-9]+$' }), Type.Null()]),
    message: Type.String({ minLength: 1 }),
    trigger: Type.String({ minLength: 1 }),
    taint: Type.Boolean(),
    librarySource: Type.Optional(Type.Union([Type.Literal('built'), Type.Literal('any')])),
    precision: Type.Object(
      { truePositives: Type.Integer({ minimum: 0 }), falsePositives: Type.Integer({ minimum: 0 }), measuredOn: Type.String() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const FILES: Record<string, unknown> = { injection, secrets, async: asyncRules, 'error-handling': errorHandling, logic, 'resource-leak': resourceLeak, xss, xml, crypto: cryptoRules, jwt };

function load(): Map<string, Rule> {
  const rules = new Map<string, Rule>();
  for (const [name, data] of Object.entries(FILES)) {
    if (!Array.isArray(data)) throw new Error(`src/static/rules/${name}.json must be an array of rules.`);
    for (const [i, rule] of data.entries()) {
      if (!Value.Check(RuleSchema, rule)) {
        const first = [...Value.Errors(RuleSchema, rule)][0];
        throw new Error(`src/static/rules/${name}.json[${i}] is not a valid rule (${first?.path ?? ''}: ${first?.message ?? 'invalid'}).`);
      }
      const typed = rule as Rule;
      if (rules.has(typed.id)) throw new Error(`Static rule id '${typed.id}' is defined twice (src/static/rules/${name}.json).`);
      rules.set(typed.id, typed);
    }
  }
  return rules;
}

const RULES = load();

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

export function listRules(): RuleInfo[] {
  return [...RULES.values()]
    .map((r) => ({ id: r.id, category: r.category, lens: r.lens, severity: r.severity, cwe: r.cwe, message: r.message, precision: calibratedPrecision(r), truePositives: r.precision.truePositives, falsePositives: r.precision.falsePositives }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

const ENGINE_REVISION = '1.0.0';
/** Engine revision plus a hash of the rule data: changes whenever a rule or its calibration changes. */
export const STATIC_ENGINE_VERSION = `${ENGINE_REVISION}+${hashJson([...RULES.values()]).slice(0, 12)}`;
