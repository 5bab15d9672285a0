// Reads src/ with the TypeScript parser for the literal tuples' rule: the tuples literals.ts declares, every
// `Type.Literal` written elsewhere, and every inline union type of string literals equal (as a set) to a tuple.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const LITERALS_FILE = join('artifacts', 'schemas', 'literals.ts');

export interface LiteralOffence {
  file: string;
  line: number;
  what: string;
}

function parse(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const key = (values: readonly string[]) => [...new Set(values)].sort().join('\0');

/** `export const NAME = ['a', 'b'] as const` in literals.ts: name → values. */
export function declaredTuples(root: string): Map<string, string[]> {
  const tuples = new Map<string, string[]>();
  const source = parse(root, LITERALS_FILE);
  walk(source, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    const init = node.initializer;
    if (!ts.isAsExpression(init) || !ts.isArrayLiteralExpression(init.expression)) return;
    const values = init.expression.elements.filter(ts.isStringLiteral).map((e) => e.text);
    if (values.length === init.expression.elements.length && values.length > 0) tuples.set(node.name.text, values);
  });
  return tuples;
}

/** The union's values when every member is a string literal type, else null. */
function stringUnion(node: ts.UnionTypeNode): string[] | null {
  const values: string[] = [];
  for (const member of node.types) {
    if (!ts.isLiteralTypeNode(member) || !ts.isStringLiteral(member.literal)) return null;
    values.push(member.literal.text);
  }
  return values;
}

/** Every `Type.Literal` outside literals.ts and every inline string-literal union equal to a declared tuple. */
export function literalOffences(root: string): LiteralOffence[] {
  const bySet = new Map<string, string>();
  for (const [name, values] of declaredTuples(root)) if (!bySet.has(key(values))) bySet.set(key(values), name);
  const offences: LiteralOffence[] = [];
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && f !== LITERALS_FILE).sort();
  for (const file of files) {
    const source = parse(root, file);
    const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    walk(source, (node) => {
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'Literal' && ts.isIdentifier(node.expression) && node.expression.text === 'Type') {
        offences.push({ file, line: at(node), what: 'Type.Literal (use literalUnion over a tuple of literals.ts)' });
      }
      if (ts.isUnionTypeNode(node)) {
        const values = stringUnion(node);
        const tuple = values && bySet.get(key(values));
        if (tuple) offences.push({ file, line: at(node), what: `${node.getText(source)} is the tuple ${tuple}: use its type` });
      }
    });
  }
  return offences;
}
