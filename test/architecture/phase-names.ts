// Finds the places in src/ that name a phase: string literals equal to a phase name of the pipeline, outside that
// phase's own folder and the exemptions below. Parsed by the TypeScript compiler (no type checking: it is a syntax
// walk), so a phase name inside a longer string ("run 'bug-hunter phase triage' first") is a different literal and
// never counts. Pure over the text it is given; phase-names.test.ts reads src/.
import ts from 'typescript';

/**
 * Files and folders of src/ (relative to it) where a phase name may be written, each with why. A path ending in '/'
 * is a folder. Keep this short: code that needs a phase-specific step declares it (PipelineEntry fields, a phase's
 * reads and writes) instead of naming the phase.
 */
export const EXEMPT: Readonly<Record<string, string>> = {
  'driver/registry.ts': 'the registry: the one list of the phases, in order, with what the driver must know of each',
  'foundations/': 'ranks below the phases cannot import the registry or a phase; their words are their own vocabularies',
  'artifacts/': 'artifact names and the values artifacts hold: an artifact is named for the phase that writes it (triage.json)',
  'engines/': 'libraries below the phases: model roles are named for the phase that asks them, cache kinds for the phase that fills them',
  'phase-kit/': 'below the phases: it declares what every phase is, never which one',
  'commands/index.ts': 'the command table: the commands named like a phase (report, repro) are listed by their names',
  'driver/run-files.ts': 'artifact names written out from the phase declarations (run-files.test.ts keeps it equal to them)',
};

/**
 * Folders whose functions take words of their own vocabulary, never a phase name: the ranks below the phases cannot
 * know a phase (readArtifact(dir, 'triage') takes an artifact name, modelFor(ctx, 'hunter') a model role), and the
 * commands' argument kit takes flag and command names (oneOf('deps', …) is the --deps flag).
 */
const OTHER_VOCABULARY_MODULES = ['foundations/', 'artifacts/', 'engines/', 'phase-kit/', 'commands/kit/'];

/** Object fields whose values are words of another vocabulary, with the vocabulary. */
const OTHER_VOCABULARY_FIELDS: Readonly<Record<string, string>> = {
  role: "a model role (models.complete({ role: 'referee' }))",
  roles: "the model roles a phase declares (roles: ['hunter', 'skeptic'])",
  origin: "a finding's origin ('report': a bug report, 'stack-trace')",
  mode: "a scan report's mode ('repro': made by the repro command)",
  profile: "a scan report's profile ('repro')",
  source: "where a value came from ('plan': the adaptive plan)",
  command: "the command a hash or a record names ('repro')",
};

export interface PhaseNameUse {
  /** Relative to src/, with forward slashes. */
  file: string;
  line: number;
  name: string;
  /** The statement around it, shortened, for the message. */
  context: string;
}

/** Whether `file` (relative to src/) may write the phase name `name`. */
export function exemptFor(file: string, name: string): boolean {
  if (file.startsWith(`phases/${name}/`)) return true;
  return Object.keys(EXEMPT).some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path));
}

/** Local names a module imports (`import { x } from`, or `const { x } = await import(…)`) from OTHER_VOCABULARY_MODULES. */
function namesFromOtherVocabularies(source: ts.SourceFile, file: string): Set<string> {
  const names = new Set<string>();
  const dir = file.split('/').slice(0, -1);
  const fromOther = (specifier: string) => {
    const parts = [...dir];
    for (const segment of specifier.split('/')) {
      if (segment === '..') parts.pop();
      else if (segment !== '.') parts.push(segment);
    }
    const target = parts.join('/');
    return OTHER_VOCABULARY_MODULES.some((folder) => target.startsWith(folder));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && fromOther(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
    }
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer) {
      const call = ts.isAwaitExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isCallExpression(call) && call.expression.kind === ts.SyntaxKind.ImportKeyword && call.arguments[0] && ts.isStringLiteral(call.arguments[0]) && fromOther(call.arguments[0].text)) {
        for (const element of node.name.elements) if (ts.isIdentifier(element.name)) names.add(element.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** A command named like a phase may write its own name in its own file or folder (commands/report.ts, commands/repro/). */
function ownCommand(file: string, name: string): boolean {
  return file === `commands/${name}.ts` || file.startsWith(`commands/${name}/`);
}

/** The expression a literal is the value of, through `a ? 'x' : 'y'` and parentheses. */
function valueOf(node: ts.Node): ts.Node {
  let value = node;
  while (ts.isParenthesizedExpression(value.parent) || (ts.isConditionalExpression(value.parent) && value.parent.condition !== value)) value = value.parent;
  return value;
}

/** Whether a type names a vocabulary: a type reference other than string and the containers around it. */
function namesVocabulary(type: ts.TypeNode | undefined): boolean {
  if (!type) return false;
  const references: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) references.push(node.typeName.getText());
    ts.forEachChild(node, visit);
  };
  visit(type);
  return references.some((name) => !['Readonly', 'ReadonlyArray', 'Array', 'Record', 'Partial', 'Set', 'ReadonlySet', 'Map', 'ReadonlyMap', 'const'].includes(name));
}

function calleeName(call: ts.CallExpression): string | undefined {
  return ts.isIdentifier(call.expression) ? call.expression.text : undefined;
}

/**
 * Whether the literal stands where something other than a phase name goes:
 * - a type, not a value (types do not run);
 * - a property name, also as an element access (`{ 'fix-plan': 'required' }`, `inputs['fix-plan']`: the artifact);
 * - written with its vocabulary: `'recon' satisfies Role`, or in a value whose declaration or `satisfies` names a
 *   type other than string (`const ONLY_FOR: Record<string, OptIn> = { leads: 'leads' }`);
 * - an argument of a function from OTHER_VOCABULARY_MODULES, or the value of a field in OTHER_VOCABULARY_FIELDS.
 */
function otherVocabulary(node: ts.StringLiteralLike, otherNames: ReadonlySet<string>): boolean {
  const parent = node.parent;
  if (ts.findAncestor(node, ts.isTypeNode)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  const value = valueOf(node);
  const holder = value.parent;
  if (ts.isCallExpression(holder) && holder.arguments.includes(value as ts.Expression)) {
    const callee = calleeName(holder);
    return callee !== undefined && otherNames.has(callee);
  }
  if (ts.isPropertyAssignment(holder) && holder.initializer === value && ts.isIdentifier(holder.name) && Object.hasOwn(OTHER_VOCABULARY_FIELDS, holder.name.text)) return true;
  // Up through the array and object literals the value sits in, to a declaration or `satisfies` that names its type.
  let outer: ts.Node = value;
  while (ts.isArrayLiteralExpression(outer.parent) || ts.isPropertyAssignment(outer.parent) || ts.isObjectLiteralExpression(outer.parent)) outer = outer.parent;
  const typed = outer.parent;
  if (ts.isSatisfiesExpression(typed) || ts.isAsExpression(typed)) return namesVocabulary(typed.type);
  if (ts.isVariableDeclaration(typed) && typed.initializer === outer) return namesVocabulary(typed.type);
  // `roles: ['hunter']`: a field of OTHER_VOCABULARY_FIELDS holding a list.
  const field = ts.isArrayLiteralExpression(value.parent) ? value.parent.parent : undefined;
  return field !== undefined && ts.isPropertyAssignment(field) && ts.isIdentifier(field.name) && Object.hasOwn(OTHER_VOCABULARY_FIELDS, field.name.text);
}

/** Every literal equal to a phase name in `text` (the module at `file`, relative to src/) that is not exempt. */
export function phaseNameUses(file: string, text: string, phaseNames: ReadonlySet<string>): PhaseNameUse[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const otherNames = namesFromOtherVocabularies(source, file);
  const found: PhaseNameUse[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && phaseNames.has(node.text) && !exemptFor(file, node.text) && !ownCommand(file, node.text) && !otherVocabulary(node, otherNames)) {
      const statement = ts.findAncestor(node, (n) => ts.isStatement(n) || ts.isClassElement(n)) ?? node;
      const context = statement.getText(source).replace(/\s+/g, ' ').slice(0, 120);
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, name: node.text, context });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
