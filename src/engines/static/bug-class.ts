// The bug class a fingerprint keys on: a finding's category, except that a CWE one of the static rules carries
// decides it. So a static rule and a model (or another tool) reporting the same bug agree on the class even when
// the model filed it under a looser category, and a model that gave no CWE still agrees on its category.
import type { Category } from '../../artifacts/schemas/common.ts';
import { listRules } from './rules.ts';

// Sibling CWEs the rules do not carry themselves, folded into the one a rule does.
const CWE_ALIASES: Readonly<Record<string, string>> = {
  'CWE-77': 'CWE-78', 'CWE-88': 'CWE-78',
  'CWE-95': 'CWE-94',
  'CWE-23': 'CWE-22', 'CWE-36': 'CWE-22', 'CWE-73': 'CWE-22',
  'CWE-915': 'CWE-1321',
  'CWE-730': 'CWE-1333',
  'CWE-80': 'CWE-79',
};

let byCwe: Map<string, Category> | undefined;

function categoryByCwe(): Map<string, Category> {
  byCwe ??= new Map(listRules().flatMap((r) => (r.cwe ? [[r.cwe, r.category] as const] : [])));
  return byCwe;
}

export function bugClassOf(category: Category, cwe?: string): Category {
  if (!cwe) return category;
  return categoryByCwe().get(CWE_ALIASES[cwe] ?? cwe) ?? category;
}
