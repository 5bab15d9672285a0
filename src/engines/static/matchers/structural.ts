// A candidate whose syntax alone shows the defect (no source to trace): the pattern is recorded as its proof.
import type { SgNode } from '@ast-grep/napi';
import { endLine, startLine, symbolOf } from '../ast.ts';
import type { Candidate } from '../types.ts';

export function structuralCandidate(ruleId: string, node: SgNode, detail: string, proof: string): Candidate {
  return { ruleId, startLine: startLine(node), endLine: endLine(node), symbol: symbolOf(node), subject: node.text().replace(/\s+/g, ' ').slice(0, 300), detail, structural: proof };
}
