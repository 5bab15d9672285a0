// The failed tests in the TAP that node's test runner prints: name, where, and the first line of the error, so a
// failing gate names the test instead of showing only the suite's closing counts.

export interface TestFailure {
  name: string;
  /** `file:line:col`, with the suite's compiled copy mapped back to its test/*.ts source. */
  location: string;
  error: string;
}

const NOT_OK = /^(\s*)not ok \d+ - (.*)$/;

/** Compiled test copies live in node_modules/.cache/bug-hunter-tests/run-<id>/; the source is the same path in .ts. */
function sourceLocation(location: string): string {
  return location.replace(/^.*\/bug-hunter-tests\/run-[^/]+\/(.*?)\.js(:\d+:\d+)?$/, '$1.ts$2');
}

function unquote(value: string): string {
  const v = value.trim();
  return v.startsWith("'") && v.endsWith("'") ? v.slice(1, -1).replace(/''/g, "'") : v;
}

/** Each failed test, leaf failures only: a parent that failed because a subtest failed adds nothing. */
export function testFailures(tap: string): TestFailure[] {
  const lines = tap.split('\n');
  const failures: TestFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = NOT_OK.exec(lines[i]!);
    if (!match) continue;
    const indent = `${match[1]}  `;
    const fields: Record<string, string> = {};
    for (let j = i + 1; j < lines.length && lines[j]!.startsWith(indent) && lines[j]!.trim() !== '...'; j++) {
      const field = /^(\w+): ?(.*)$/.exec(lines[j]!.slice(indent.length));
      if (!field) continue;
      const [, key, value] = field as unknown as [string, string, string];
      // A block scalar (`|-`): its first non-empty line is the message.
      fields[key] = value.startsWith('|') ? (lines.slice(j + 1).find((l) => l.trim() !== '')?.trim() ?? '') : unquote(value);
    }
    if (fields.failureType === 'subtestsFailed') continue;
    failures.push({ name: match[2]!, location: sourceLocation(fields.location ?? ''), error: fields.error ?? '' });
  }
  return failures;
}
