// The tester model's answer: one new test file and how its failure shows. Schema (TypeBox) plus the checks
// the schema cannot express — the path must be a NEW test file inside the project's test folder.
// Model output is untrusted: a path is refused, never repaired.
import { lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { containPath } from '../../foundations/fs/paths.ts';
import { goTestNames } from './framework.ts';
import { MARKER_ENV, type Framework } from './types.ts';
import { literalUnion, REPRO_SIGNAL_KINDS } from '../../artifacts/schemas/literals.ts';

export const TesterAnswer = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 200, description: 'Repository-relative POSIX path of a NEW test file inside the test folder named in the task.' }),
    content: Type.String({ minLength: 1, maxLength: 20_000, description: 'The complete test file.' }),
    signature: Type.Object(
      {
        kind: literalUnion(REPRO_SIGNAL_KINDS, {
          description: "'error': the code under test throws; 'marker': the failing assertion's message prints process.env.BUG_HUNTER_MARKER.",
        }),
        errorType: Type.String({ maxLength: 80, description: "kind 'error': the thrown error's name (TypeError, RangeError …); '' for 'marker'." }),
        messageFragment: Type.String({ maxLength: 200, description: "kind 'error': a stable part of the thrown message, verbatim; '' for 'marker'." }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type TesterAnswer = Static<typeof TesterAnswer>;

const JS_TEST_FILE = /\.(test|spec)\.[cm]?js$/;
const PY_TEST_FILE = /(^|\/)(test_[\w]+|[\w]+_test)\.py$/;
const GO_TEST_FILE = /(^|\/)[A-Za-z0-9][\w-]*_test\.go$/;
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Problems with an answer for `root` (empty = usable). `testFolder` is repository-relative, POSIX, no trailing slash. */
export function testerAnswerProblems(answer: TesterAnswer, root: string, testFolder: string, framework: Framework = 'node:test'): string[] {
  const problems = pathProblems(answer.path, root, testFolder, framework);
  const { kind, errorType, messageFragment } = answer.signature;
  if (kind === 'error') {
    if (framework === 'go test') {
      if (errorType !== 'panic') problems.push(`signature.errorType must be 'panic' for go test (got '${errorType}'); a failed t.Errorf is kind 'marker'`);
    } else if (!/^[A-Z][A-Za-z0-9_$]*$/.test(errorType)) problems.push(`signature.errorType must be an error class name such as TypeError (got '${errorType}')`);
    if (messageFragment.trim() === '') problems.push("signature.messageFragment must quote part of the thrown message for kind 'error'");
    else if (answer.content.includes(messageFragment)) problems.push('the test must not contain the expected message fragment itself; only the code under test may produce it');
  } else if (!answer.content.includes(MARKER_ENV)) {
    problems.push(`kind 'marker' needs the failing assertion's message to print process.env.${MARKER_ENV}`);
  }
  if (framework === 'go test' && goTestNames(answer.content).length === 0) problems.push('the Go test file must declare at least one top-level func TestXxx(t *testing.T)');
  return problems;
}

function pathProblems(path: string, root: string, testFolder: string, framework: Framework): string[] {
  const segments = path.split('/');
  if (path.startsWith('/') || path.includes('\\') || /^[A-Za-z]:/.test(path)) return [`path '${path}' must be relative, with forward slashes`];
  if (!segments.every((s) => SAFE_SEGMENT.test(s))) return [`path '${path}' may use only letters, digits, '_', '-' and '.' in each part, with no '.', '..' or empty part`];
  if (framework === 'go test') {
    // A Go test belongs to the package under test: its own folder, not a subfolder (that is another package).
    if (dirname(path) !== testFolder) return [`path '${path}' must be directly in the package folder ${testFolder}/`];
    if (!GO_TEST_FILE.test(path)) return [`path '${path}' must name a Go test file ending in _test.go`];
  } else if (!path.startsWith(`${testFolder}/`)) return [`path '${path}' must be inside the test folder ${testFolder}/`];
  else if (framework === 'pytest') {
    if (!PY_TEST_FILE.test(path)) return [`path '${path}' must name a pytest file: test_<what>.py (or <what>_test.py)`];
  } else if (!JS_TEST_FILE.test(path)) return [`path '${path}' must name a JavaScript test file ending in .test.js (or .spec.js, .mjs, .cjs)`];
  if (lstatSync(join(root, path), { throwIfNoEntry: false })) return [`path '${path}' already exists; write a NEW file`];
  // The nearest existing folder must be inside the repository: a symlinked folder could lead the copy outside it.
  let folder = dirname(path);
  while (folder !== '.' && !lstatSync(join(root, folder), { throwIfNoEntry: false })) folder = dirname(folder);
  if (folder !== '.') {
    const contained = containPath(root, folder);
    if (!contained.ok) return [`path '${path}' is not usable: ${contained.detail}`];
  }
  return [];
}
