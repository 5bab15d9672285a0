// Validation of artifacts with ajv against the registry's schemas; errors name the JSON pointer and the rule.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { createAjv, schemaKey } from './ajv.ts';
import { precompiledValidator } from './precompiled.ts';

let ajv: Ajv2020 | undefined;
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
    // Built ahead when the build saw this schema; else compiled now (ajv is loaded for the first one).
    fn = precompiledValidator(schemaKey(schema)) ?? (ajv ??= createAjv()).compile(schema);
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
