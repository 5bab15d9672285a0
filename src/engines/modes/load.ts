// Loads modes/profiles.json and modes/execution-modes.json and checks them: schema first, then the rules a
// schema cannot say (every size mode present once, the last one a catch-all). A broken file is a UsageError naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSchema } from '@sinclair/typebox';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import { UsageError } from '../../foundations/errors.ts';
import { ExecutionModesFile, ProfilesFile } from './schema.ts';
import { SIZE_MODES } from '../../artifacts/schemas/adaptive-plan.ts';

export interface ModesData {
  profiles: ProfilesFile;
  executionModes: ExecutionModesFile;
}

export const DEFAULT_MODES_DIR = fileURLToPath(new URL('../../../modes/', import.meta.url));


function loadJson<T>(path: string, schema: TSchema): T {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`Mode data ${path} cannot be read (${(error as Error).message}). Restore it from the bug-hunter package.`);
  }
  const result = validate(schema, value);
  if (!result.ok) throw new UsageError(`Mode data ${path} is not valid (${describeViolations(result.violations)}). Fix the file or restore it.`);
  return value as T;
}

function checkSizeModes(path: string, data: ExecutionModesFile): void {
  const names = data.sizeModes.map((m) => m.name);
  const missing = SIZE_MODES.filter((n) => !names.includes(n));
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  const last = data.sizeModes.at(-1);
  const problem =
    missing.length > 0
      ? `size modes missing: ${missing.join(', ')}`
      : repeated.length > 0
        ? `size modes repeated: ${repeated.join(', ')}`
        : last && Object.keys(last.when).length > 0
          ? `the last size mode (${last.name}) must have an empty "when" so every triage matches a mode`
          : null;
  if (problem) throw new UsageError(`Mode data ${path} is not valid (${problem}). Fix the file or restore it.`);
}

/** Reads and validates both files (small: read fresh each time, so an edit is never masked by a cache). */
export function loadModes(dir = DEFAULT_MODES_DIR): ModesData {
  const profilesPath = join(dir, 'profiles.json');
  const modesPath = join(dir, 'execution-modes.json');
  const profiles = loadJson<ProfilesFile>(profilesPath, ProfilesFile);
  const executionModes = loadJson<ExecutionModesFile>(modesPath, ExecutionModesFile);
  checkSizeModes(modesPath, executionModes);
  return { profiles, executionModes };
}
