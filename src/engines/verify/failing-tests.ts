// Names of failing tests from a runner's output: node:test/TAP, jest, vitest, mocha, pytest, go test.
// Best effort and pure: an empty list means "none recognised", not "none failed".

const RULES: Array<{ pattern: RegExp; name: (m: RegExpExecArray) => string }> = [
  // TAP (node:test): "not ok 3 - adds numbers" at any indent; "# Subtest" lines carry the same name.
  { pattern: /^\s*not ok \d+ - (.+?)(?:\s+#\s*(?:TODO|SKIP).*)?$/gm, name: (m) => m[1]! },
  // jest: "  ● Suite › test name"
  { pattern: /^\s*● (.+ › .+|[^\n]+?)$/gm, name: (m) => m[1]!.trim() },
  // vitest: " FAIL  test/a.test.ts > suite > name" or " × name"
  { pattern: /^\s*(?:FAIL|×)\s+(.+? > .+)$/gm, name: (m) => m[1]!.trim() },
  // mocha: "  1) suite\n       name:" — keep the first line.
  { pattern: /^\s+\d+\) (.+):?$/gm, name: (m) => m[1]!.replace(/:$/, '').trim() },
  // pytest: "FAILED tests/test_x.py::test_y - AssertionError"
  { pattern: /^FAILED (\S+)/gm, name: (m) => m[1]! },
  // go test: "--- FAIL: TestX (0.00s)"
  { pattern: /^\s*--- FAIL: (\S+)/gm, name: (m) => m[1]! },
];

export function failingTests(output: string): string[] {
  const names = new Set<string>();
  for (const rule of RULES) {
    for (const match of output.matchAll(rule.pattern)) {
      const name = rule.name(match as RegExpExecArray).trim();
      // node:test wraps a file's tests in a parent named after the file; the file-level line repeats them.
      if (name && !/^(Summary of all failing tests|Test Suites?:)/.test(name)) names.add(name);
    }
  }
  return [...names].slice(0, 200);
}
