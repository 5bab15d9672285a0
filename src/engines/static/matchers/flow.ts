// Control-flow slips: statements after return/throw/break/continue in the same block, and switch
// cases that run into the next case without a terminator or a comment saying so.
import type { SgNode } from '@ast-grep/napi';
import { endLine, startLine, symbolOf } from '../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { findAllOf } from '../shared-find.ts';

const JUMPS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement']);
// Hoisted or type-only declarations after a jump are not dead code.
const HARMLESS = new Set(['function_declaration', 'generator_function_declaration', 'empty_statement', 'comment', 'type_alias_declaration', 'interface_declaration', 'ambient_declaration', 'abstract_class_declaration', 'enum_declaration', 'module', 'internal_module', 'import_statement', 'export_statement']);

const LIVE = ['expression_statement', 'lexical_declaration', 'variable_declaration', 'if_statement', 'for_statement', 'for_in_statement', 'while_statement', 'do_statement', 'try_statement', 'switch_statement', 'return_statement', 'throw_statement', 'class_declaration', 'statement_block', 'labeled_statement', 'break_statement', 'continue_statement'];

function statements(block: SgNode): SgNode[] {
  return block.namedChildren().filter((c) => c.kind() !== 'comment');
}

// The author's own linter told to allow dead code in this function: jshint's W027 ("unreachable") or eslint's
// no-unreachable turned off. Dead statements kept on purpose (a never-run `eval(obj)` that keeps an engine from
// optimising a function is the known case) are not a slip.
const DEAD_ON_PURPOSE = /\/\*\s*jshint\b[^*]*-W027\b|eslint-disable(?:-next-line|-line)?\b[^\n*]*\bno-unreachable\b/;
const FILE_WIDE = /\/\*\s*eslint-disable\s[^*]*\bno-unreachable\b/;
const FUNCTIONS = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function']);

function enclosingFunction(node: SgNode): SgNode | null {
  let at = node.parent();
  while (at && !FUNCTIONS.has(String(at.kind()))) at = at.parent();
  return at;
}

function deadOnPurpose(block: SgNode, content: string): boolean {
  // A file-wide `/* eslint-disable no-unreachable */` covers every function; other directives only their own function
  // (not one nested in it, nor the one around it).
  if (FILE_WIDE.test(content)) return true;
  const fn = block.kind() === 'statement_block' && FUNCTIONS.has(String(block.parent()?.kind() ?? '')) ? block.parent() : enclosingFunction(block);
  if (!fn || !DEAD_ON_PURPOSE.test(fn.text())) return false;
  const at = fn.range().start.index;
  return fn.findAll({ rule: { kind: 'comment' } }).some((c) => DEAD_ON_PURPOSE.test(c.text()) && enclosingFunction(c)?.range().start.index === at);
}

// A bare `break;`, `continue;` or `return;` after a jump (the `return x; break;` habit in a switch) has nothing to
// run: dead, but no behaviour is lost, so it is not a slip.
function emptyJump(stmt: SgNode): boolean {
  const k = String(stmt.kind());
  if (k === 'break_statement' || k === 'continue_statement') return true;
  return k === 'return_statement' && stmt.namedChildren().every((c) => c.kind() === 'comment');
}

// Only blocks where a jump is followed by a live statement kind reach JavaScript.
const JUMP_BEFORE_LIVE = { any: [...JUMPS].map((kind) => ({ kind })), precedes: { stopBy: 'end' as const, any: LIVE.map((kind) => ({ kind })) } };
const BLOCKS_WITH_A_JUMP_BEFORE_LIVE = { any: [{ kind: 'statement_block' }, { kind: 'switch_case' }], has: JUMP_BEFORE_LIVE };
const SWITCH_BODIES = { kind: 'switch_body' };

function unreachable(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const block of findAllOf(ctx.root, BLOCKS_WITH_A_JUMP_BEFORE_LIVE)) {
    if (block.find({ rule: { kind: 'ERROR' } })) continue;
    const stmts = statements(block);
    const jump = stmts.findIndex((s) => JUMPS.has(String(s.kind())));
    if (jump < 0) continue;
    const dead = stmts.slice(jump + 1).find((s) => !HARMLESS.has(String(s.kind())) && !emptyJump(s) && !(s.kind() === 'variable_declaration' && !/=/.test(s.text())));
    if (!dead) continue;
    if (deadOnPurpose(block, ctx.file.content)) continue;
    out.push({
      ruleId: 'unreachable-code', startLine: startLine(dead), endLine: Math.min(endLine(dead), startLine(dead) + 3), symbol: symbolOf(dead),
      subject: dead.text().replace(/\s+/g, ' ').slice(0, 300),
      detail: `\`${dead.text().replace(/\s+/g, ' ').slice(0, 60)}\` follows \`${(stmts[jump] as SgNode).text().replace(/\s+/g, ' ').slice(0, 40)}\` and never runs.`,
      structural: 'statement after an unconditional jump in the same block',
    });
  }
  return out;
}

/** True when control cannot run off the end of `stmt`; unknown constructs count as terminating (no report). */
function terminates(stmt: SgNode | undefined): boolean {
  if (!stmt) return false;
  const k = String(stmt.kind());
  if (JUMPS.has(k)) return true;
  if (k === 'statement_block') return terminates(statements(stmt).at(-1));
  if (k === 'if_statement') {
    const alt = stmt.field('alternative');
    const altBody = alt?.namedChildren().filter((c) => c.kind() !== 'comment')[0];
    return Boolean(alt) && terminates(stmt.field('consequence') ?? undefined) && terminates(altBody);
  }
  if (k === 'try_statement') {
    const fin = stmt.field('finalizer')?.namedChildren()[0];
    if (fin && terminates(fin)) return true;
    const handler = stmt.field('handler')?.field('body');
    return terminates(stmt.field('body') ?? undefined) && (!handler || terminates(handler));
  }
  if (k === 'expression_statement') return /^(process\.exit|process\.abort)\s*\(/.test(stmt.text());
  // Loops, nested switches, labels: too uncertain to call a fall-through.
  return !['lexical_declaration', 'variable_declaration'].includes(k);
}

const INTENT = /falls?\s*-?\s*through|fallthrough|no\s*break|intentional/i;

function fallthrough(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const body of findAllOf(ctx.root, SWITCH_BODIES)) {
    const kids = body.namedChildren();
    kids.forEach((kid, i) => {
      if (kid.kind() !== 'switch_case' && kid.kind() !== 'switch_default') return;
      const next = kids.slice(i + 1).find((n) => n.kind() !== 'comment');
      if (!next) return;
      const between = kids.slice(i + 1, kids.indexOf(next));
      const own = kid.namedChildren().filter((c) => c.kind() !== 'comment');
      const stmts = own.slice(kid.kind() === 'switch_case' ? 1 : 0);
      const last = stmts.at(-1);
      if (!last) return;
      // An intent comment on its own line after the last statement, as eslint's no-fallthrough accepts.
      const lastEnd = endLine(last);
      const comments = [...kid.namedChildren(), ...between].filter((c) => c.kind() === 'comment');
      if (comments.some((c) => startLine(c) > lastEnd && INTENT.test(c.text()))) return;
      if (!['expression_statement', 'if_statement', 'lexical_declaration', 'variable_declaration', 'statement_block', 'try_statement'].includes(String(last.kind()))) return;
      if (terminates(last)) return;
      // `return x; break; stray();`: a jump before the last statement leaves the case's end unreachable (that is
      // unreachable code, its own rule), so nothing falls through.
      if (stmts.slice(0, -1).some((s) => JUMPS.has(String(s.kind())))) return;
      const head = kid.text().split('\n')[0]?.trim() ?? '';
      out.push({
        ruleId: 'switch-fallthrough', startLine: startLine(last), endLine: endLine(last) - startLine(last) > 3 ? startLine(last) : endLine(last), symbol: symbolOf(kid),
        subject: `${head}→${next.text().split('\n')[0]?.trim()}`,
        detail: `\`${head.slice(0, 60)}\` ends with \`${last.text().split('\n')[0]?.trim().slice(0, 60)}\` and falls into \`${next.text().split('\n')[0]?.trim().slice(0, 40)}\`.`,
        structural: 'non-empty case without break/return/throw or a falls-through comment',
      });
    });
  }
  return out;
}

// Gate: a jump statement ending on a line followed by another statement line in the same block.
export const unreachableCode: Detector = {
  order: 26,
  rules: ['unreachable-code'],
  prefilter: /\b(return|throw|break|continue)\b[^;{}\n]*;[ \t]*(\/\/[^\n]*)?\n\s*(?!\}|case\b|default\b|\/\/|\/\*|function\b|var\s+[\w$]+;|\*)[\w$([`'"]/,
  finds: [BLOCKS_WITH_A_JUMP_BEFORE_LIVE],
  run: unreachable,
};

export const switchFallthrough: Detector = {
  order: 27,
  rules: ['switch-fallthrough'],
  prefilter: /\bswitch\s*\(/,
  finds: [SWITCH_BODIES],
  run: fallthrough,
};
