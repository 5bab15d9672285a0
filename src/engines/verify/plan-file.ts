// --verify-plan: a caller-written plan, validated against its schema before anything runs.
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../../artifacts/schemas/literals.ts';
import { CHECK_KINDS } from '../../artifacts/schemas/verification-report.ts';
import { UsageError } from '../../foundations/errors.ts';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import { DEFAULT_BUDGET_MS, DEFAULT_CHECK_TIMEOUT_MS, type CheckKind, type VerifyPlan } from './plan.ts';

export const VerifyPlanFile = Type.Object(
  {
    checks: Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1 }),
          kind: Type.Optional(literalUnion(CHECK_KINDS)),
          argv: Type.Array(Type.String(), { minItems: 1, description: 'argv array, run with shell: false.' }),
          required: Type.Optional(Type.Boolean({ description: "Default true." })),
          timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
          findingIds: Type.Optional(Type.Array(Type.String())),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    baseline: Type.Optional(Type.String({ description: 'Name of the check that is the test suite.' })),
    checkTimeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
    budgetMs: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type VerifyPlanFile = Static<typeof VerifyPlanFile>;

export function loadPlanFile(path: string): VerifyPlan {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`Verification plan ${path} cannot be read as JSON (${(error as Error).message}).`);
  }
  const result = validate(VerifyPlanFile, value);
  if (!result.ok) throw new UsageError(`Verification plan ${path} is not valid (${describeViolations(result.violations)}).`);
  const file = value as VerifyPlanFile;
  const names = new Set(file.checks.map((c) => c.name));
  if (names.size !== file.checks.length) throw new UsageError(`Verification plan ${path} names a check twice; names must be unique.`);
  if (file.baseline && !names.has(file.baseline)) throw new UsageError(`Verification plan ${path}: baseline '${file.baseline}' is not one of its checks.`);
  return {
    source: 'file',
    ...(file.baseline ? { baseline: file.baseline } : {}),
    checks: file.checks.map((c) => ({ ...c, kind: (c.kind ?? 'other') as CheckKind, required: c.required ?? true })),
    checkTimeoutMs: file.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS,
    budgetMs: file.budgetMs ?? DEFAULT_BUDGET_MS,
    unsupported: [],
  };
}
