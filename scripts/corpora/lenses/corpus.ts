// The lenses corpus as data: real bug-fix releases of npm packages whose own changelog (shipped in the tarball)
// names a fix in one of the reviewer's lenses (error handling, boundaries, types, resources, concurrency), with
// the buggy line pinned in the version before the fix (benchmark/real-world/lenses/cases.json). Schema, types
// and loading only; nothing here fetches or scans.
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../../../src/artifacts/schemas/literals.ts';
import { RepoPath } from '../../../src/artifacts/schemas/common.ts';
import { parseValidated } from '../../bench/benchmark/json-input.ts';
import { UsageError } from '../../../src/foundations/errors.ts';

/** The lenses the corpus is spread over; recall is printed per lens. */
export const LENSES = ['error-handling', 'boundaries', 'types', 'resources', 'concurrency'] as const;
export type Lens = (typeof LENSES)[number];

const PackageName = Type.String({ pattern: '^(@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*$', description: 'npm package name.' });
const Version = Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$', description: 'Exact published version.' });

export const LensCase = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Stable kebab-case id, unique in the corpus.' }),
    package: PackageName,
    before: Version,
    after: Version,
    lens: literalUnion(LENSES),
    cwe: Type.String({ pattern: '^CWE-\\d+$' }),
    changelog: Type.Object(
      {
        source: Type.String({ minLength: 3, description: '<package>@<version>/<file>: the shipped changelog the entry was read in (the fixed version where it ships one).' }),
        entry: Type.String({ minLength: 3, maxLength: 300, description: 'The entry, verbatim: it names the fix.' }),
      },
      { additionalProperties: false },
    ),
    sink: Type.Object(
      {
        file: RepoPath,
        line: Type.Integer({ minimum: 1, description: 'The buggy line, 1-based, in the before version as published.' }),
        snippet: Type.String({ minLength: 3, description: 'Text on that line; checked against the fetched source so a wrong pin fails loudly.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type LensCase = Static<typeof LensCase>;

export const LensCasesFile = Type.Object(
  { description: Type.String(), cases: Type.Array(LensCase, { minItems: 1 }) },
  { additionalProperties: false },
);

/** Parses cases.json and checks what a schema cannot: unique ids, before differs from after. */
export function parseLensCases(text: string, path = 'cases.json'): LensCase[] {
  const { cases } = parseValidated<{ cases: LensCase[] }>(LensCasesFile, text, path, 'lenses cases file');
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UsageError(`${path}: case id '${c.id}' appears twice.`);
    seen.add(c.id);
    if (c.before === c.after) throw new UsageError(`${path}: case '${c.id}' has the same before and after version.`);
  }
  return cases;
}

export function readLensCases(dir: string): LensCase[] {
  return parseLensCases(readFileSync(`${dir}/cases.json`, 'utf8'), `${dir}/cases.json`);
}
