// Command and code injection: child_process calls and eval-like APIs whose code or command is not a literal.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, escapeRe } from '../ast.ts';
import { moduleBindings, moduleFunction } from '../modules.ts';
import { boundInFile } from '../shadowed-global.ts';
import { importedModule, importsModule } from '../imported.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { bindingValue } from '../taint.ts';
import { handedBackCode } from './handed-back-code.ts';
import { optedInEvaluation } from './opted-in-evaluation.ts';
import { sinkCandidate } from './sink.ts';

// child_process itself, shelljs, and modules that hand out child_process's functions under the same names (promised
// or per platform): `require('mz/child_process').exec(cmd)` runs a shell as child_process's exec does.
const CP = ['child_process', 'shelljs', 'mz/child_process', 'child-process-promise', 'promisify-child-process', 'child-process-async', 'platform-command'];
// cross-spawn is child_process.spawn as a module: `spawn(cmd, args, opts)` and `spawn.sync(…)`.
const CROSS_SPAWN = ['cross-spawn'];
// Modules whose export is itself a function that runs its argument in a shell.
const SHELL_RUNNERS = ['shell-exec', 'exec-sh', 'sync-exec', 'child-process-promise/exec', 'await-exec'];
const SHELL_ALWAYS = new Set(['exec', 'execSync']);
const SHELL_OPTIONAL = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork']);
// execa runs a shell only when asked (`shell: true`); execaCommand splits on spaces and `$` escapes its template's values.
const EXECA = ['execa'];
const EXECA_FUNCTIONS = new Set(['execa', 'execaSync', 'execaCommand', 'execaCommandSync', 'command', 'commandSync', 'sync']);
// `require('shelljs/global')` puts shelljs's commands, exec among them, on the global object.
const SHELLJS_GLOBAL = /(?:require\(\s*|import\s+)['"]shelljs\/global['"]/;
// child_process handed in rather than required (`this.child_process.exec`, `deps.childProcess.exec`): the name says which module it is.
const INJECTED_CP = /(?:^|\.)(?:child_process|childProcess)\.(exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)$/;

// `require('./cp').run(cmd)`, `require('./exec')(cmd)`: a relative module's export called where it is required (the
// module-facts step says which are child_process's).
const REQUIRED_MEMBER = String.raw`|^require\(\s*['"]\.[^'"]*['"]\s*\)(\.[\w$]+)?$`;

// `(0, cp.exec)`: an indirect call of the member inside.
const INDIRECT = /^\(\s*0\s*,\s*([\w$.]+)\s*\)$/;

// A shell run as the program: `spawn('sh', ['-c', line])`, `execFile('/bin/bash', ['-lc', line])`, `cmd /c line`.
const SHELL_PROGRAM = /^['"`](?:(?:\/usr)?\/bin\/)?(?:ba|da|z|k)?sh['"`]$|^['"`](?:cmd|cmd\.exe|powershell|pwsh)['"`]$/i;
const COMMAND_FLAG = /^['"`](?:-[a-z]*c|\/c|\/s|-command|-c)['"`]$/i;

/** The argv elements a shell program reads as a command line (those after its `-c`), or null when none. */
function shellScript(program: SgNode, argv: SgNode | undefined): SgNode[] | null {
  if (!SHELL_PROGRAM.test(program.text()) || argv?.kind() !== 'array') return null;
  const items = argv.namedChildren();
  const flag = items.findIndex((i) => COMMAND_FLAG.test(i.text()));
  return flag < 0 || flag === items.length - 1 ? null : items.slice(flag + 1);
}

function hasShellOption(args: SgNode[]): boolean {
  return args.some((a) => a.kind() === 'object' && /\bshell\s*:(?!\s*false\b)\s*[^,}\s]/.test(a.text()));
}

/** `shell: true` or a shell's path written in the call: the library itself asked for a shell (not its caller's option). */
function literalShellOption(args: SgNode[]): boolean {
  return args.some((a) => a.kind() === 'object' && /\bshell\s*:\s*(?:true\b|['"`])/.test(a.text()));
}

/** `execa.command(…)`, `execa.sync(…)`: execa's methods run a program, and a shell only with `shell: true`. */
function execaMethod(callee: string, execa: ReturnType<typeof moduleBindings>): string | null {
  const dot = callee.lastIndexOf('.');
  return dot > 0 && execa.aliases.has(callee.slice(0, dot)) && EXECA_FUNCTIONS.has(callee.slice(dot + 1)) ? 'spawn' : null;
}

function commandCandidates(ctx: DetectorContext): Candidate[] {
  const b = moduleBindings(ctx.file.content, CP);
  for (const runner of moduleBindings(ctx.file.content, SHELL_RUNNERS).aliases) b.named.set(runner, 'exec');
  if (SHELLJS_GLOBAL.test(ctx.file.content)) b.named.set('exec', 'exec');
  const execa = moduleBindings(ctx.file.content, EXECA);
  for (const alias of execa.aliases) b.named.set(alias, 'execa');
  for (const [local, fn] of execa.named) if (EXECA_FUNCTIONS.has(fn)) b.named.set(local, 'spawn');
  const crossSpawn = moduleBindings(ctx.file.content, CROSS_SPAWN);
  for (const alias of crossSpawn.aliases) b.named.set(alias, 'spawn').set(`${alias}.sync`, 'spawnSync');
  for (const [local, fn] of crossSpawn.named) if (fn === 'sync' || fn === 'spawn') b.named.set(local, fn === 'sync' ? 'spawnSync' : 'spawn');
  // child_process reached through another module of the target (`const { exec } = require('./exec')`).
  const imported = importedModule('child_process');
  for (const a of imported.bindings.aliases) b.aliases.add(a);
  for (const [local, fn] of imported.bindings.named) b.named.set(local, fn);
  const modules = [...CP, ...imported.specifiers];
  const injected = /\b(?:child_process|childProcess)\.(?:exec|spawn|execFile|fork)/.test(ctx.file.content);
  if (b.aliases.size === 0 && b.named.size === 0 && !injected && !/require\(\s*['"](node:)?child_process['"]\s*\)\./.test(ctx.file.content)) return [];
  const out: Candidate[] = [];
  // Local names bound to a sink (`const run = promisify(cp.exec)`, `import { exec as run }`) are callees too.
  const locals = [...b.named.keys()].filter((n) => /^[\w$]+(?:\.[\w$]+)?$/.test(n)).map(escapeRe);
  // Compiled modules call an import as `(0, child_process_1.exec)(cmd)`: the same call, written to drop `this`.
  const callee = `(^|\\.)(exec|execSync|spawn|spawnSync|execFile|execFileSync|fork|command|commandSync|sync)\\)?$${locals.length > 0 ? `|^(\\(\\s*0\\s*,\\s*)?(${locals.join('|')})\\)?$` : ''}${imported.bindings.named.size > 0 ? REQUIRED_MEMBER : ''}`;
  const calls = ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: callee } } });
  for (const call of calls) {
    const callee = (call.field('function')?.text() ?? '').replace(INDIRECT, '$1');
    const fn = moduleFunction(callee, b, modules) ?? execaMethod(callee, execa) ?? INJECTED_CP.exec(callee)?.[1];
    if (!fn) continue;
    const args = argsOf(call);
    const [command, argv] = args;
    if (!command) continue;
    const script = SHELL_OPTIONAL.has(fn) ? shellScript(command, argv) : null;
    const shell = SHELL_ALWAYS.has(fn) || hasShellOption(args) || script !== null;
    if (!shell && !SHELL_OPTIONAL.has(fn)) continue;
    // Without a shell only the program itself is dangerous; with one, its arguments are too.
    const values = script ?? (shell && argv?.kind() === 'array' ? [command, argv] : [command]);
    const c = sinkCandidate({
      ruleId: 'command-injection', sink: call, values, lines: ctx.lines,
      describe: (s) => `\`${callee}\` runs ${shell ? 'a shell command' : 'a program'} derived from ${s.via}.`,
    });
    // Without a shell nothing in the name is interpreted: a library's caller naming the program to run (a launcher
    // such as commander's `<name>-<subcommand>` executables) is the API's contract, not an injection.
    if (c?.source?.built && c.source.kind !== 'input' && !shell) {
      c.source = { ...c.source, built: false };
      c.detail += ' No shell runs it: the caller names the program.';
    }
    // A shell reads its whole text as a script, so a command string mixes the program with its data: callers of a
    // library's `sh(cmd)` build that string from their data, and the library chose the sink that lets the data run
    // (execFile or spawn with an argument list does not). Its parameter run as given counts, as one built in does. An
    // evaluator's text is code by contract (a sandbox's run(code)): as given, it stays the caller's decision.
    // Only where the library itself chose the shell: exec, a `sh -c` script, `shell: true` in the call (a shell option
    // the caller passes, or one chosen per platform, leaves the choice with the caller).
    if (c && (SHELL_ALWAYS.has(fn) || script !== null || literalShellOption(args))) c.interprets = true;
    if (c?.interprets && c.source?.kind === 'param' && c.source.api && !c.source.built) {
      c.detail += ' The shell runs it as given: a caller that builds it from data runs that data as commands; an argument list (execFile, or spawn without a shell) would not.';
    }
    if (c) out.push(c);
  }
  return out;
}

// A string, built in place or held by a variable (`let code = 'run'; code += '(' + x + ')'`): a timer handed one
// evaluates it (a function is the normal argument). A literal alone is dropped later as constant code.
const BUILT_STRING = new Set(['template_string', 'binary_expression', 'string']);
const STRING_BUILDERS = /\.(join|concat)$|^(util\.)?format$/;

/** A string built in place, or a variable last bound to one (`const code = 'run(' + x + ')'`, `parts.join('')`). */
function buildsString(node: SgNode): boolean {
  const value = node.kind() === 'identifier' ? bindingValue(node) : node;
  if (!value) return false;
  if (BUILT_STRING.has(String(value.kind()))) return true;
  return value.kind() === 'call_expression' && STRING_BUILDERS.test(value.field('function')?.text() ?? '');
}

const VM_RUN = /^(runInNewContext|runInThisContext|runInContext|compileFunction)$/;

function codeCandidates(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  // Literal-only code (Function('return this')) and function callbacks to timers never reach JavaScript.
  const notAllLiteral = { has: { field: 'arguments', has: { not: { any: [{ kind: 'string' }, { kind: 'number' }] } } } };
  // vm under any local name: `const nodeVm = require('vm')`, `const { runInNewContext } = require('node:vm')`.
  const vm = moduleBindings(ctx.file.content, ['vm']);
  // vm reached through another module of the target (`const { run } = require('./sandbox')`).
  const viaImports = importedModule('vm').bindings;
  for (const a of viaImports.aliases) vm.aliases.add(a);
  for (const [local, fn] of viaImports.named) vm.named.set(local, fn);
  const vmObjects = ['vm', ...vm.aliases].filter((n) => /^[\w$]+$/.test(n)).map((n) => n.replace(/\$/g, '\\$'));
  const vmLocals = [...vm.named].filter(([local, fn]) => VM_RUN.test(fn) && /^[\w$]+$/.test(local)).map(([local]) => local.replace(/\$/g, '\\$'));
  const vmCall = `^(\\(\\s*0\\s*,\\s*)?(${vmObjects.join('|')})\\.(runInNewContext|runInThisContext|runInContext|compileFunction)\\)?$${vmLocals.length > 0 ? `|^(\\(\\s*0\\s*,\\s*)?(${vmLocals.join('|')})\\)?$` : ''}`;
  const nodes = ctx.root.findAll({
    rule: {
      any: [
        { kind: 'call_expression', all: [{ has: { field: 'function', regex: `^((window|global|globalThis)\\.)?eval$|^\\(\\s*0\\s*,\\s*((window|global|globalThis)\\.)?eval\\s*\\)$|^Function$|${vmCall}` } }, notAllLiteral] },
        { kind: 'call_expression', all: [{ has: { field: 'function', regex: '^(setTimeout|setInterval|setImmediate)$' } }, { has: { field: 'arguments', has: { nthChild: 1, any: [{ kind: 'template_string' }, { kind: 'binary_expression' }, { kind: 'identifier' }] } } }] },
        { kind: 'new_expression', all: [{ has: { field: 'constructor', regex: `^(Function|(${vmObjects.join('|')})\\.Script)$` } }, notAllLiteral] },
      ],
    },
  });
  for (const node of nodes) {
    const callee = ((node.field('function') ?? node.field('constructor'))?.text() ?? '').replace(/^\(\s*0\s*,\s*(.*?)\s*\)$/, '$1');
    const args = argsOf(node);
    let values: SgNode[];
    if (/^(setTimeout|setInterval|setImmediate)$/.test(callee)) {
      // Only a string first argument is evaluated; functions are the normal use.
      const first = args[0];
      if (!first || !buildsString(first)) continue;
      values = [first];
    } else if (callee === 'Function') {
      values = args;
    } else {
      values = args.slice(0, 1);
    }
    if (values.length === 0) continue;
    // The file's own `Function` (a parser combinator of that name), `eval` or `setTimeout` is no evaluator.
    if (boundInFile(node, callee)) continue;
    const c = sinkCandidate({
      ruleId: 'code-injection', sink: node, values, lines: ctx.lines,
      describe: (s) => `\`${callee}\` evaluates code derived from ${s.via}.`,
    });
    // `new Function(name, body)`: the arguments before the last are parameter names, never code by contract, so code
    // that reaches one from the caller (a template's `variable` option) is injected whatever else the library does.
    // The names are judged on their own (their guards too): the body may be the caller's code as given.
    const named = c && callee === 'Function' && values.length > 1 ? sinkCandidate({
      ruleId: 'code-injection', sink: node, values: values.slice(0, -1), lines: ctx.lines,
      describe: (s) => `\`${callee}\` takes a parameter name derived from ${s.via}; code there runs when the function is built.`,
    }) : null;
    if (named?.source?.kind === 'param' && named.source.api && !named.guard) {
      named.source = { ...named.source, built: true };
      out.push(named);
      continue;
    }
    if (c?.source?.built && c.source.kind !== 'input' && callee === 'Function' && handedBackCode(node, values.at(-1))) {
      c.source = { ...c.source, built: false };
      c.detail += ' The function is handed back to the caller, not run, and its code is the caller\'s value as given.';
    }
    if (c?.source?.built && c.source.kind === 'param' && optedInEvaluation(node)) {
      c.source = { ...c.source, built: false };
      c.detail += ' The function runs it only after its caller turned script evaluation on.';
    }
    if (c) out.push(c);
  }
  return out;
}

export const commandInjection: Detector = {
  order: 1,
  rules: ['command-injection'],
  prefilter: /child_process|childProcess\.|shelljs|shell-exec|exec-sh|sync-exec|child-process|platform-command|cross-spawn|await-exec|\bexeca\b/,
  importedPrefilter: (file) => importsModule(file, 'child_process'),
  run: commandCandidates,
};

export const codeInjection: Detector = {
  order: 2,
  rules: ['code-injection'],
  prefilter: /\beval\s*\)?\s*\(|\bFunction\s*\(|\bvm\.|['"](?:node:)?vm['"]|\b(setTimeout|setInterval|setImmediate)\s*\(\s*(?:[`'"]|[\w$]+\s*,)/,
  importedPrefilter: (file) => importsModule(file, 'vm'),
  run: codeCandidates,
};
