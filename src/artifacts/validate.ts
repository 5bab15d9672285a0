// Validation of artifacts with ajv against the registry's schemas; errors name the JSON pointer and the rule.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

// The schemas are this program's own constants, checked against the JSON Schema meta-schema by a test
// (test/artifacts/schemas-meta.test.ts). Checking them again in every process cost more than the compile itself,
// and ajv's code optimiser doubled the compile for no measurable gain in validation speed.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false, code: { optimize: false } });
addFormats(ajv);
const compiled = new WeakMap<TSchema, ValidateFunction>();

export interface SchemaViolation {
  pointer: string;
  rule: string;
  message: string;
}

export type ValidationResult = { ok: true } | { ok: false; violations: SchemaViolation[] };

function compile(schema: TSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

function toViolation(e: ErrorObject): SchemaViolation {
  const extra = e.keyword === 'additionalProperties' ? ` '${String((e.params as { additionalProperty?: string }).additionalProperty)}'` : '';
  return { pointer: e.instancePath || '/', rule: e.keyword, message: `${e.message ?? 'is invalid'}${extra}` };
}

export function validate(schema: TSchema, value: unknown): ValidationResult {
  const fn = compile(schema);
  if (fn(value)) return { ok: true };
  return { ok: false, violations: (fn.errors ?? []).map(toViolation) };
}

/** One line per violation, the first few only: "/chunks/3/files: must be array (type)". */
export function describeViolations(violations: SchemaViolation[], max = 5): string {
  const shown = violations.slice(0, max).map((v) => `${v.pointer}: ${v.message} (${v.rule})`);
  const more = violations.length > max ? `; and ${violations.length - max} more` : '';
  return shown.join('; ') + more;
}
