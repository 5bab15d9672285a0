// Pure test matching: a source file "has a test" when some test file's name, stripped of its test marker
// (foo.test.ts, test_foo.py, foo_test.go, FooTest.java, foo_spec.rb), names it. Heuristic by name, not by import.

const TEST_MARKERS = /(?:[._-](?:test|spec|e2e))$|^test_|(?:Tests?|Spec|IT)$|_(?:test|spec)$/;

function stemOf(baseName: string): string {
  const dot = baseName.indexOf('.', 1);
  return dot > 0 ? baseName.slice(0, dot) : baseName;
}

/** The name a test file covers: "src/__tests__/user-store.test.ts" → "user-store". */
export function testedStem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  // Strip extensions but keep a ".test"/".spec" marker so it can be removed as a marker.
  const withoutExt = base.replace(/\.[^.]+$/, '');
  return stemOf(withoutExt.replace(TEST_MARKERS, '')).toLowerCase();
}

/** The name a source file is known by: "src/user-store.ts" → "user-store". */
export function sourceStem(path: string): string {
  return stemOf(path.slice(path.lastIndexOf('/') + 1)).toLowerCase();
}

/** Stems of every test file, for hasTest look-ups in constant time. */
export function testedStems(testPaths: Iterable<string>): Set<string> {
  const stems = new Set<string>();
  for (const p of testPaths) stems.add(testedStem(p));
  return stems;
}
