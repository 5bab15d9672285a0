// One-based page numbers used as zero-based offsets: a page read from the request that defaults to 1
// (`req.query.page || 1`, `const { page = 1 } = req.query`) multiplied by a page size without subtracting one
// (`skip: page * limit`), so page 1 skips the first page of results. A function that subtracts one from the page
// anywhere (`(page - 1) * limit`, `page -= 1`) or reads a 0-based page (`|| 0`) is not flagged.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const REQUEST = /\b(req|request|ctx|context)\.(query|params|body|request\.query|request\.body)\b|\bsearchParams\.get\s*\(/;
const PAGE_NAME = /^(page|pageNo|pageNum|pageNumber|currentPage|pg)$/i;
const DEFAULT_ONE = /(\|\||\?\?)\s*1\s*\)?\s*$|(\|\||\?\?)\s*['"]1['"]\s*\)?\s*$/;

/** Names of 1-based page variables declared from the request in this declarator. */
function onePageNames(decl: SgNode): string[] {
  const name = decl.field('name');
  const value = decl.field('value');
  if (!name || !value || !REQUEST.test(value.text())) return [];
  if (name.kind() === 'identifier') return PAGE_NAME.test(name.text()) && DEFAULT_ONE.test(value.text().trim()) ? [name.text()] : [];
  if (name.kind() !== 'object_pattern') return [];
  return name.findAll({ rule: { kind: 'object_assignment_pattern' } }).flatMap((p) => {
    const left = p.field('left');
    const right = p.field('right');
    const bound = left?.kind() === 'pair_pattern' ? left.field('value')?.text() : left?.text();
    return bound && PAGE_NAME.test(bound) && right && /^['"]?1['"]?$/.test(right.text()) ? [bound] : [];
  });
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const decl of ctx.root.findAll({ rule: { kind: 'variable_declarator' } })) {
    for (const page of onePageNames(decl)) {
      const fn = enclosingFunction(decl);
      const scope = fn ?? ctx.root;
      const text = scope.text();
      const n = escapeRe(page);
      // Converted to 0-based somewhere in the function: trusted.
      if (new RegExp(`\\b${n}\\s*-\\s*1\\b|\\b${n}\\s*-=\\s*1\\b|--\\s*${n}\\b|\\b${n}--|Math\\.max\\(\\s*0\\s*,\\s*${n}\\s*-`).test(text)) continue;
      for (const mul of scope.findAll({ rule: { kind: 'binary_expression', has: { field: 'operator', regex: '^\\*$' } } })) {
        const operands = [mul.field('left'), mul.field('right')];
        // Wrapped in Number()/parseInt() counts as the same page.
        if (!operands.some((o) => o && new RegExp(`^(${n}|(Number|parseInt|\\+)\\s*\\(\\s*${n}\\b[^)]*\\))$`).test(o.text()))) continue;
        if (startLine(mul) < startLine(decl)) continue;
        out.push({
          ruleId: 'one-based-page-offset', startLine: startLine(mul), endLine: startLine(mul), symbol: symbolOf(mul),
          subject: `${page}:${mul.text().slice(0, 80)}`,
          detail: `\`${page}\` comes from the request and starts at 1 (line ${startLine(decl)}), but \`${mul.text().slice(0, 60)}\` uses it as a 0-based page: page 1 skips the first page of results.`,
          structural: '1-based page multiplied into an offset',
        });
      }
    }
  }
  return out;
}

export const onePageOffset: Detector = {
  order: 30,
  rules: ['one-based-page-offset'],
  prefilter: /page/i,
  // A multiplication, and the page read from the request.
  requires: { test: (text) => text.includes('*') && REQUEST.test(text) },
  run,
};
