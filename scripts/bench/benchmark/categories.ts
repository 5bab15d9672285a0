// Which finding categories may match which label categories. Same category always matches; the pairs below
// are kinds that name one defect from two angles (a floating promise is both 'async' and 'error-handling').
// Security categories match only themselves: calling a path traversal an injection is a wrong diagnosis.
import type { Category } from '../../../src/artifacts/schemas/common.ts';

const COMPATIBLE_PAIRS: readonly (readonly [Category, Category])[] = [
  ['async', 'concurrency'],
  ['async', 'error-handling'],
  ['async', 'resource-leak'],
  ['error-handling', 'resource-leak'],
  ['concurrency', 'data-integrity'],
  ['logic', 'boundary'],
  ['logic', 'type-safety'],
  ['logic', 'nil-safety'],
  ['logic', 'data-integrity'],
  ['logic', 'api-contract'],
  ['logic', 'cross-file'],
  ['boundary', 'nil-safety'],
  ['type-safety', 'nil-safety'],
  ['type-safety', 'api-contract'],
  ['nil-safety', 'api-contract'],
  ['nil-safety', 'cross-file'],
  ['api-contract', 'cross-file'],
  ['data-integrity', 'cross-file'],
];

const compatible = new Map<Category, Set<Category>>();
for (const [a, b] of COMPATIBLE_PAIRS) {
  if (!compatible.has(a)) compatible.set(a, new Set());
  if (!compatible.has(b)) compatible.set(b, new Set());
  compatible.get(a)!.add(b);
  compatible.get(b)!.add(a);
}

export function categoriesCompatible(finding: Category, label: Category): boolean {
  return finding === label || (compatible.get(finding)?.has(label) ?? false);
}

/** The map in words, for the report and the human page. */
export function describeCompatibility(): string {
  return COMPATIBLE_PAIRS.map(([a, b]) => `${a}~${b}`).join(', ');
}
