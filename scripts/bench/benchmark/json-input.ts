// The benchmark's input files (label files, gate files, the real-world corpus) are read one way: JSON first, then
// their schema, with the file named in either error.
import { describeViolations, validate } from '../../../src/artifacts/validate.ts';
import { UsageError } from '../../../src/foundations/errors.ts';

/** Parses `text` from `where` and validates it; `what` names the kind of file in the error ("gate file"). */
export function parseValidated<T>(schema: Parameters<typeof validate>[0], text: string, where: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON (${(error as Error).message}).`);
  }
  const result = validate(schema, value);
  if (!result.ok) throw new UsageError(`${where} is not a valid ${what}: it does not match its schema (${describeViolations(result.violations)}).`);
  return value as T;
}
