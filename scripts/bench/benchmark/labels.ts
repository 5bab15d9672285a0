// Label files (benchmark/labels/<case>.json): the bugs and decoys of one case, kept apart from the case so
// a scan never sees them, and bound to the case's manifest hash so a label for changed code is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Category, RepoPath, Severity, Sha256 } from '../../../src/artifacts/schemas/common.ts';
import { parseValidated } from './json-input.ts';
import { IntegrityError, UsageError } from '../../../src/foundations/errors.ts';
import type { CaseManifest } from './manifest.ts';
import { ENGINES, literalUnion } from '../../../src/artifacts/schemas/literals.ts';

const LabelId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Stable kebab-case name, unique in the file.' });

export const BugLabel = Type.Object(
  {
    id: LabelId,
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    category: Category,
    severity: Severity,
    description: Type.String({ minLength: 1, maxLength: 300, description: 'One line: what is wrong.' }),
    engines: Type.Array(literalUnion(ENGINES), {
      minItems: 1,
      uniqueItems: true,
      description: 'Engine families that should find it.',
    }),
  },
  { additionalProperties: false },
);
export type BugLabel = Static<typeof BugLabel>;

export const DecoyLabel = Type.Object(
  {
    id: LabelId,
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    description: Type.String({ minLength: 1, maxLength: 300, description: 'Why this code is correct although it looks dangerous.' }),
  },
  { additionalProperties: false },
);
export type DecoyLabel = Static<typeof DecoyLabel>;

export const LabelFile = Type.Object(
  {
    case: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$' }),
    manifestHash: Sha256,
    language: Type.String({ minLength: 1 }),
    bugs: Type.Array(BugLabel),
    decoys: Type.Array(DecoyLabel),
  },
  { additionalProperties: false },
);
export type LabelFile = Static<typeof LabelFile>;

export function labelPath(labelsDir: string, caseName: string): string {
  return join(labelsDir, `${caseName}.json`);
}

/** Parses and validates a label file's text; the manifest check is separate (checkLabels). */
export function parseLabels(text: string, where: string): LabelFile {
  return parseValidated<LabelFile>(LabelFile, text, where, 'label file');
}

/** Problems that make labels unusable for this manifest: stale hash, unknown file, lines out of range, duplicate ids. */
export function labelProblems(labels: LabelFile, caseName: string, manifest: CaseManifest): string[] {
  const problems: string[] = [];
  if (labels.case !== caseName) problems.push(`labels are for case '${labels.case}', not '${caseName}'`);
  if (labels.manifestHash !== manifest.hash) {
    problems.push(`stale labels: manifest hash ${labels.manifestHash.slice(0, 12)} does not match the case (${manifest.hash.slice(0, 12)}); the case changed since it was labelled`);
  }
  const lines = new Map(manifest.files.map((f) => [f.path, f.lines]));
  const seen = new Set<string>();
  for (const label of [...labels.bugs, ...labels.decoys]) {
    if (seen.has(label.id)) problems.push(`duplicate label id '${label.id}'`);
    seen.add(label.id);
    const fileLines = lines.get(label.file);
    if (fileLines === undefined) problems.push(`${label.id}: file ${label.file} is not in the case`);
    else if (label.startLine > label.endLine || label.endLine > fileLines) {
      problems.push(`${label.id}: lines ${label.startLine}-${label.endLine} are outside ${label.file} (${fileLines} lines)`);
    }
  }
  return problems;
}

/** Reads the labels of one case and refuses them unless they are bound to this exact manifest. */
export function loadLabels(labelsDir: string, caseName: string, manifest: CaseManifest): LabelFile {
  const path = labelPath(labelsDir, caseName);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`No labels for benchmark case '${caseName}' (${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}).`);
  }
  const labels = parseLabels(text, path);
  const problems = labelProblems(labels, caseName, manifest);
  if (problems.length > 0) {
    throw new IntegrityError(
      `${path} refused: ${problems.join('; ')}. Re-check the labels against the case, then run 'pnpm benchmark --bind-labels'.`,
    );
  }
  return labels;
}
