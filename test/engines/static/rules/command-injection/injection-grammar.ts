// The shape grammar of injection in library code (issue #41 item 7), shared by the command- and code-injection
// grammar tests: small lists of code fragments for how a library's caller's value arrives (an exported function's
// parameter, a method, an options field, a field kept on `this`, a callback's or a promise's value, a factory's
// closure), how the library builds a command or code string from it, and which sink runs it. Composing one value of
// each axis gives a small module written the way libraries are written; `scanProgram` runs the static engine on it
// as a scan of a library package does (exported parameters are the caller's; the cross-file pass links modules) and
// says whether a reported (confirmed) finding of the class lands on the sink's line.
import { crossFileIncoming, huntFile, judgeStatic, refuteStatic } from '../../../../../src/engines/static/index.ts';
import type { SourceFile } from '../../../../../src/engines/static/types.ts';
import { prng } from '../../../../../scripts/kit/seeded-random.ts';

export type Style = 'cjs' | 'esm';

/** A module-level line an axis value needs: an import written for each module style. */
export interface Need { cjs: string; esm: string }

/** Where the attacker's value arrives: a module shape whose body sees it as the expression handed to `body`. */
export interface Arrival { id: string; style: Style; wrap: (body: (v: string) => string) => string }

/** How the library builds the string: statements (using the value `v`) and the expression that holds the result. */
export interface Building { id: string; needs?: Need[]; helpers?: string; build: (v: string, name: string) => { stmts: string; expr: string } }

/** The sink that runs the built string; `esm: false` when the sink's form has no ES-module spelling. */
export interface Sink { id: string; needs: Need[]; call: (s: string) => string; esm?: boolean; files?: Record<string, string> }

/** A decoy: a whole body (its own building and sink) that must produce no reported finding, with why it is safe. */
export interface Decoy { id: string; why: string; needs: Need[]; helpers?: string; body: (v: string) => string; files?: Record<string, string> }

export const UTIL: Need = { cjs: "const util = require('util');", esm: "import util from 'node:util';" };

// ---------------------------------------------------------------------------------------------------------------
// Arrival: every shape in which a library's caller hands it a value.
export const ARRIVALS: Arrival[] = [
  { id: 'exports.fn', style: 'cjs', wrap: (b) => `exports.run = function run(target, done) {\n${b('target')}\n};` },
  { id: 'module.exports=fn', style: 'cjs', wrap: (b) => `module.exports = function run(target) {\n${b('target')}\n};` },
  { id: 'module.exports={fn}', style: 'cjs', wrap: (b) => `function run(target) {\n${b('target')}\n}\nmodule.exports = { run };` },
  { id: 'object-method', style: 'cjs', wrap: (b) => `module.exports = {\n  run(target) {\n${b('target')}\n  },\n};` },
  { id: 'esm-function', style: 'esm', wrap: (b) => `export function run(target) {\n${b('target')}\n}` },
  { id: 'esm-async-arrow', style: 'esm', wrap: (b) => `export const run = async (target) => {\n  await Promise.resolve();\n${b('target')}\n};` },
  { id: 'esm-default', style: 'esm', wrap: (b) => `export default function run(target) {\n${b('target')}\n}` },
  { id: 'class-method', style: 'cjs', wrap: (b) => `class Runner {\n  run(target) {\n${b('target')}\n  }\n}\nmodule.exports = Runner;` },
  { id: 'static-method', style: 'cjs', wrap: (b) => `class Runner {\n  static run(target) {\n${b('target')}\n  }\n}\nmodule.exports = Runner;` },
  { id: 'esm-default-object', style: 'esm', wrap: (b) => `export default {\n  run(target) {\n${b('target')}\n  },\n};` },
  { id: 'class-field-arrow', style: 'esm', wrap: (b) => `export class Runner {\n  run = (target) => {\n${b('target')}\n  };\n}` },
  { id: 'exports-async-arrow', style: 'cjs', wrap: (b) => `module.exports.run = async (target) => {\n${b('target')}\n};` },
  { id: 'esm-class-method', style: 'esm', wrap: (b) => `export class Runner {\n  async run(target) {\n${b('target')}\n  }\n}` },
  { id: 'prototype-method', style: 'cjs', wrap: (b) => `function Runner(options) {\n  this.options = options;\n}\nRunner.prototype.run = function (target) {\n${b('target')}\n};\nmodule.exports = Runner;` },
  { id: 'options-field', style: 'cjs', wrap: (b) => `exports.run = function run(options) {\n  const target = options.target;\n${b('target')}\n};` },
  { id: 'options-destructured', style: 'esm', wrap: (b) => `export function run(options = {}) {\n  const { target, cwd } = options;\n${b('target')}\n}` },
  { id: 'options-spread-defaults', style: 'esm', wrap: (b) => `const DEFAULTS = { target: 'HEAD' };\nexport function run(options) {\n  const opts = { ...DEFAULTS, ...options };\n${b('opts.target')}\n}` },
  { id: 'options-member', style: 'cjs', wrap: (b) => `module.exports = function run(opts) {\n${b('opts.target')}\n};` },
  { id: 'this-field', style: 'cjs', wrap: (b) => `class Runner {\n  constructor(target) {\n    this.target = target;\n  }\n  start() {\n${b('this.target')}\n  }\n}\nmodule.exports = Runner;` },
  { id: 'this-options-field', style: 'esm', wrap: (b) => `export default class Runner {\n  constructor(options) {\n    this.options = options;\n  }\n  start() {\n${b('this.options.target')}\n  }\n}` },
  { id: 'field-set-by-method', style: 'cjs', wrap: (b) => `class Runner {\n  configure(options) {\n    this.target = options.target;\n    return this;\n  }\n  start() {\n${b('this.target')}\n  }\n}\nmodule.exports = Runner;` },
  { id: 'prototype-this-field', style: 'cjs', wrap: (b) => `function Runner(target) {\n  this.target = target;\n}\nRunner.prototype.start = function () {\n${b('this.target')}\n};\nmodule.exports = Runner;` },
  { id: 'forEach-callback', style: 'cjs', wrap: (b) => `exports.run = function run(targets) {\n  targets.forEach((target) => {\n${b('target')}\n  });\n};` },
  { id: 'map-body', style: 'cjs', wrap: (b) => `exports.run = function run(targets) {\n  return targets.map(function (target) {\n${b('target')}\n  });\n};` },
  { id: 'reduce-body', style: 'esm', wrap: (b) => `export function run(targets) {\n  return targets.reduce((acc, target) => {\n${b('target')}\n    return acc;\n  }, []);\n}` },
  { id: 'for-of', style: 'cjs', wrap: (b) => `exports.run = function run(targets) {\n  for (const target of targets) {\n${b('target')}\n  }\n};` },
  { id: 'factory-closure', style: 'cjs', wrap: (b) => `module.exports = function create(options) {\n  return function run(target) {\n${b('target')}\n  };\n};` },
  { id: 'factory-captured-option', style: 'cjs', wrap: (b) => `module.exports = function create(options) {\n  return function run() {\n${b('options.target')}\n  };\n};` },
  { id: 'then-closure', style: 'cjs', wrap: (b) => `exports.run = function run(target) {\n  return Promise.resolve().then(() => {\n${b('target')}\n  });\n};` },
  { id: 'then-value', style: 'esm', wrap: (b) => `export function run(input) {\n  return Promise.resolve(input).then((target) => {\n${b('target')}\n  });\n}` },
  { id: 'conditional-export', style: 'cjs', wrap: (b) => `const IS_NODE = typeof process !== 'undefined';\nconst handlers = {\n  run: IS_NODE\n    ? (ctx, target) => {\n${b('target')}\n    }\n    : null,\n};\nexports.handlers = handlers;` },
  { id: 'event-callback', style: 'cjs', wrap: (b) => `exports.watch = function watch(emitter, target) {\n  emitter.on('change', () => {\n${b('target')}\n  });\n};` },
  { id: 'umd-factory', style: 'cjs', wrap: (b) => `(function (root, factory) {\n  if (typeof define === 'function' && define.amd) define([], factory);\n  else if (typeof module === 'object' && module.exports) module.exports = factory();\n  else root.Runner = factory();\n}(this, function () {\n  function run(target) {\n${b('target')}\n  }\n  return { run: run };\n}));` },
  { id: 'babel-default', style: 'cjs', wrap: (b) => `'use strict';\nObject.defineProperty(exports, '__esModule', { value: true });\nexports.default = void 0;\nvar _default = function _default(target) {\n${b('target')}\n};\nexports.default = _default;` },
  { id: 'defineProperty-exports', style: 'cjs', wrap: (b) => `Object.defineProperty(exports, 'run', { enumerable: true, get: function () { return run; } });\nfunction run(target) {\n${b('target')}\n}` },
  // A dispatch table: the exported function calls whichever entry the platform picks, through a name bound to it.
  { id: 'dispatch-table', style: 'cjs', wrap: (b) => `const finders = {\n  darwin(target) {\n${b('target')}\n  },\n  win32: 'darwin',\n};\nmodule.exports = function run(target) {\n  let find = finders[process.platform];\n  if (typeof find === 'string') find = finders[find];\n  return find(target);\n};` },
];

// ---------------------------------------------------------------------------------------------------------------
// Building, for a shell command: the value is one part of a larger command line.
export const COMMAND_BUILDINGS: Building[] = [
  { id: 'template', build: (v, n) => ({ stmts: `const ${n} = \`git log ${'$'}{${v}}\`;`, expr: n }) },
  { id: 'concat', build: (v, n) => ({ stmts: `const ${n} = 'git log ' + ${v};`, expr: n }) },
  { id: 'inline-concat', build: (v) => ({ stmts: '', expr: `'git log ' + ${v}` }) },
  { id: 'plus-assign', build: (v, n) => ({ stmts: `let ${n} = 'git log';\nif (${v}) ${n} += ' ' + ${v};`, expr: n }) },
  { id: 'util.format', needs: [UTIL], build: (v, n) => ({ stmts: `const ${n} = util.format('git log %s', ${v});`, expr: n }) },
  { id: 'array-join', build: (v, n) => ({ stmts: `const ${n} = ['git', 'log', ${v}].join(' ');`, expr: n }) },
  { id: 'push-join', build: (v, n) => ({ stmts: `const args = ['git', 'log'];\nargs.push('--format=%H', ${v});\nconst ${n} = args.join(' ');`, expr: n }) },
  { id: 'string-concat', build: (v, n) => ({ stmts: `const ${n} = 'git log '.concat(${v});`, expr: n }) },
  // Not built at all: a shell runs the caller's whole value, its metacharacters included.
  { id: 'as given', build: (v) => ({ stmts: '', expr: v }) },
  {
    id: 'bad-quote-helper',
    helpers: "function quoteArg(s) {\n  return '\"' + s + '\"';\n}",
    build: (v, n) => ({ stmts: `const ${n} = 'git log ' + quoteArg(${v});`, expr: n }),
  },
];

// Building, for JavaScript code: the value is one part of a larger expression.
export const CODE_BUILDINGS: Building[] = [
  { id: 'template', build: (v, n) => ({ stmts: `const ${n} = \`scope.${'$'}{${v}}\`;`, expr: n }) },
  { id: 'concat', build: (v, n) => ({ stmts: `const ${n} = 'scope.' + ${v};`, expr: n }) },
  { id: 'inline-concat', build: (v) => ({ stmts: '', expr: `'scope.' + ${v}` }) },
  { id: 'plus-assign', build: (v, n) => ({ stmts: `let ${n} = 'scope';\nif (${v}) ${n} += '.' + ${v};`, expr: n }) },
  { id: 'util.format', needs: [UTIL], build: (v, n) => ({ stmts: `const ${n} = util.format('scope.%s', ${v});`, expr: n }) },
  { id: 'array-join', build: (v, n) => ({ stmts: `const ${n} = ['scope', ${v}].join('.');`, expr: n }) },
  { id: 'push-join', build: (v, n) => ({ stmts: `const parts = ['scope'];\nparts.push(${v});\nconst ${n} = parts.join('.');`, expr: n }) },
  { id: 'string-concat', build: (v, n) => ({ stmts: `const ${n} = 'scope.'.concat(${v});`, expr: n }) },
  {
    id: 'bad-quote-helper',
    helpers: "function quoteArg(s) {\n  return \"'\" + s + \"'\";\n}",
    build: (v, n) => ({ stmts: `const ${n} = 'lookup(' + quoteArg(${v}) + ')';`, expr: n }),
  },
];

const CP = (cjs: string, esm: string): Need => ({ cjs, esm });

// ---------------------------------------------------------------------------------------------------------------
// Sinks that run a shell.
export const COMMAND_SINKS: Sink[] = [
  { id: 'cp.exec', needs: [CP("const cp = require('child_process');", "import cp from 'node:child_process';")], call: (s) => `cp.exec(${s}, (err, out) => out);` },
  { id: 'namespace.execSync', needs: [CP("const childProcess = require('node:child_process');", "import * as childProcess from 'child_process';")], call: (s) => `childProcess.execSync(${s}, { stdio: 'inherit' });` },
  { id: 'require().exec', esm: false, needs: [], call: (s) => `require('child_process').exec(${s});` },
  { id: 'destructured exec', needs: [CP("const { exec } = require('child_process');", "import { exec } from 'child_process';")], call: (s) => `exec(${s});` },
  { id: 'renamed execSync', needs: [CP("const { execSync: runSync } = require('child_process');", "import { execSync as runSync } from 'node:child_process';")], call: (s) => `runSync(${s});` },
  { id: 'spawn shell:true', needs: [CP("const { spawn } = require('child_process');", "import { spawn } from 'child_process';")], call: (s) => `spawn(${s}, { shell: true, stdio: 'inherit' });` },
  { id: 'spawn sh -c', needs: [CP("const { spawn } = require('child_process');", "import { spawn } from 'child_process';")], call: (s) => `spawn('sh', ['-c', ${s}], { stdio: 'inherit' });` },
  { id: 'execFile sh -c', needs: [CP("const cp = require('child_process');", "import cp from 'child_process';")], call: (s) => `cp.execFile('/bin/sh', ['-c', ${s}], () => {});` },
  { id: 'promisify(exec)', needs: [CP("const { exec } = require('child_process');\nconst { promisify } = require('util');\nconst execAsync = promisify(exec);", "import { exec } from 'child_process';\nimport { promisify } from 'util';\nconst execAsync = promisify(exec);")], call: (s) => `execAsync(${s});` },
  { id: 'util.promisify(cp.exec)', needs: [CP("const cp = require('child_process');\nconst util = require('util');\nconst run = util.promisify(cp.exec);", "import cp from 'child_process';\nimport util from 'util';\nconst run = util.promisify(cp.exec);")], call: (s) => `run(${s});` },
  { id: "require('util').promisify", esm: false, needs: [CP("const execP = require('util').promisify(require('child_process').exec);", '')], call: (s) => `execP(${s}).then((r) => r.stdout);` },
  { id: 'exec in a Promise', needs: [CP("const cp = require('child_process');", "import cp from 'child_process';")], call: (s) => `return new Promise((resolve, reject) => {\n  /* <sink> */cp.exec(${s}, (err, stdout) => (err ? reject(err) : resolve(stdout)));\n});` },
  { id: 'shelljs', needs: [CP("const shell = require('shelljs');", "import shell from 'shelljs';")], call: (s) => `shell.exec(${s}, { silent: true });` },
  { id: 'execa shell:true', needs: [CP("const { execa } = require('execa');", "import { execa } from 'execa';")], call: (s) => `execa(${s}, { shell: true });` },
  { id: 'execaCommand shell:true', needs: [CP("const { execaCommand } = require('execa');", "import { execaCommand } from 'execa';")], call: (s) => `execaCommand(${s}, { shell: true });` },
  {
    id: 'local re-export',
    needs: [CP("const { exec } = require('./exec');", "import { exec } from './exec.js';")],
    call: (s) => `exec(${s});`,
    files: { 'lib/exec.js': "'use strict';\nexports.exec = require('child_process').exec;\n" },
  },
  {
    id: 'local module is child_process',
    needs: [CP("const cp = require('./cp');", "import cp from './cp.js';")],
    call: (s) => `cp.execSync(${s});`,
    files: { 'lib/cp.js': "'use strict';\nmodule.exports = require('child_process');\n" },
  },
  {
    id: 'required local member',
    esm: false,
    needs: [],
    call: (s) => `require('./run').shell(${s});`,
    files: { 'lib/run.js': "'use strict';\nconst { exec } = require('node:child_process');\nmodule.exports = { shell: exec };\n" },
  },
  {
    id: 'local re-export of a re-export',
    needs: [CP("const { exec } = require('./util');", "import { exec } from './util/index.js';")],
    call: (s) => `exec(${s});`,
    files: { 'lib/util/index.js': "export * from './proc.js';\n", 'lib/util/proc.js': "export { exec } from 'child_process';\n" },
  },
  {
    id: 'local object wrapper',
    needs: [CP("const utils = require('./utils');", "import utils from './utils.js';")],
    call: (s) => `utils.exec(${s}, () => {});`,
    files: { 'lib/utils.js': "'use strict';\nconst cp = require('child_process');\nconst utils = {\n  exec(line, done) {\n    /* <sink> */cp.exec(line, { maxBuffer: 1 << 20 }, done);\n  },\n};\nmodule.exports = utils;\n" },
  },
  {
    id: 'local wrapper',
    needs: [CP("const { sh } = require('./sh');", "import { sh } from './sh.js';")],
    call: (s) => `sh(${s});`,
    files: { 'lib/sh.js': "'use strict';\nconst cp = require('child_process');\nexports.sh = function sh(line) {\n  /* <sink> */return cp.execSync(line, { encoding: 'utf8' });\n};\n" },
  },
];

// Sinks that evaluate JavaScript.
export const CODE_SINKS: Sink[] = [
  { id: 'eval', needs: [], call: (s) => `return eval(${s});` },
  { id: 'indirect eval', needs: [], call: (s) => `return (0, eval)(${s});` },
  { id: 'new Function', needs: [], call: (s) => `return new Function('scope', 'return ' + ${s})(this);` },
  { id: 'Function()', needs: [], call: (s) => `const fn = Function('scope', 'return ' + ${s});\nreturn fn({});` },
  { id: 'vm.runInNewContext', needs: [CP("const vm = require('vm');", "import vm from 'node:vm';")], call: (s) => `return vm.runInNewContext(${s}, { scope: {} });` },
  { id: 'vm.runInThisContext', needs: [CP("const vm = require('node:vm');", "import * as vm from 'vm';")], call: (s) => `return vm.runInThisContext(${s});` },
  { id: 'new vm.Script', needs: [CP("const vm = require('vm');", "import vm from 'vm';")], call: (s) => `return new vm.Script(${s}).runInNewContext({ scope: {} });` },
  { id: 'destructured runInNewContext', needs: [CP("const { runInNewContext } = require('vm');", "import { runInNewContext } from 'vm';")], call: (s) => `return runInNewContext(${s}, {});` },
  { id: 'setTimeout(string)', needs: [], call: (s) => `setTimeout(${s}, 10);` },
  {
    id: 'local vm re-export',
    needs: [CP("const { run } = require('./sandbox');", "import { run } from './sandbox.js';")],
    call: (s) => `return run(${s}, { scope: {} });`,
    files: { 'lib/sandbox.js': "'use strict';\nconst vm = require('vm');\nexports.run = vm.runInNewContext;\n" },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Decoys: the same arrivals with no shell, a real escaper, a constant, an allow-list, or a developer's code.
const CP_ALL = CP("const { exec, execFile, spawn } = require('child_process');", "import { exec, execFile, spawn } from 'child_process';");

export const COMMAND_DECOYS: Decoy[] = [
  { id: 'execFile argv', why: 'no shell: the value is one argument', needs: [CP_ALL], body: (v) => `execFile('git', ['log', ${v}], () => {});` },
  { id: 'spawn argv', why: 'no shell: the value is one argument', needs: [CP_ALL], body: (v) => `spawn('git', ['log', '--', ${v}], { stdio: 'inherit' });` },
  { id: 'spawn shell:false', why: 'shell explicitly off', needs: [CP_ALL], body: (v) => `spawn('git', ['show', ${v}], { shell: false });` },
  {
    id: 'shell-quote',
    why: 'shell-quote quotes every word',
    needs: [CP_ALL, CP("const { quote } = require('shell-quote');", "import { quote } from 'shell-quote';")],
    body: (v) => `exec('git log ' + quote([${v}]));`,
  },
  {
    id: 'single-quote escaper',
    why: "closes, escapes and reopens single quotes: nothing inside is interpreted",
    needs: [CP_ALL],
    helpers: "function shellArg(s) {\n  return \"'\" + String(s).replace(/'/g, \"'\\\\''\") + \"'\";\n}",
    body: (v) => `exec('git log ' + shellArg(${v}));`,
  },
  { id: 'constant command', why: 'the command is a constant', needs: [CP_ALL], body: (v) => `exec('git log --oneline -1', (err, out) => console.log(${v}, out));` },
  { id: 'allow-list', why: 'only listed values reach the shell', needs: [CP_ALL], body: (v) => `if (!['main', 'develop'].includes(${v})) throw new Error('unknown branch');\nexec('git log ' + ${v});` },
  { id: 'regex allow-list', why: 'only word characters reach the shell', needs: [CP_ALL], body: (v) => `if (!/^[\\w.-]+$/.test(${v})) throw new TypeError('bad ref');\nexec(\`git log ${'$'}{${v}}\`);` },
  { id: 'number', why: 'a number has no metacharacters', needs: [CP_ALL], body: (v) => `exec('kill -9 ' + parseInt(${v}, 10));` },
  { id: 'execa $ template', why: "execa's $ escapes its template's values", needs: [CP("const { $ } = require('execa');", "import { $ } from 'execa';")], body: (v) => `return $\`git log ${'$'}{${v}}\`;` },
  { id: 'execaCommand no shell', why: 'execaCommand splits on spaces and runs no shell', needs: [CP("const { execaCommand } = require('execa');", "import { execaCommand } from 'execa';")], body: (v) => `return execaCommand('git log ' + ${v});` },
  { id: 'spread then constant key', why: 'the constant key written after the spread overrides the spread one', needs: [CP_ALL], body: (v) => `const settings = { ...${v}, ref: 'HEAD' };\nexec('git log ' + settings.ref);` },
  { id: 'spread of constants', why: 'only the module\'s own defaults are spread', needs: [CP_ALL], body: (v) => `const BASE = { ref: 'HEAD' };\nconst settings = { ...BASE, verbose: Boolean(${v}) };\nexec('git log ' + settings.ref);` },
  { id: 'environment', why: 'the environment is the operator\'s, not the caller\'s', needs: [CP_ALL], body: (v) => `exec('git log ' + process.env.GIT_REF, () => ${v});` },
  {
    id: 'quoted by a local helper',
    why: "another module's helper shell-quotes what it returns",
    needs: [CP_ALL, CP("const { q } = require('./q');", "import { q } from './q.js';")],
    body: (v) => `exec('git log ' + q(${v}));`,
    files: { 'lib/q.js': "'use strict';\nconst shellescape = require('shell-escape');\nexports.q = (word) => shellescape([word]);\n" },
  },
  {
    id: 'dispatched with constants',
    why: 'the table entry that builds the command is only ever called with a literal',
    needs: [CP_ALL],
    body: (v) => `const runners = {\n  log(ref) {\n    exec('git log ' + ref);\n  },\n};\nrunners[${v} ? 'log' : 'log']('HEAD');`,
  },
  {
    id: 'local execFile re-export',
    why: "another module's re-export of execFile runs no shell: the value is one argument",
    needs: [CP("const { execFile } = require('./proc');", "import { execFile } from './proc.js';")],
    body: (v) => `execFile('git', ['log', ${v}], () => {});`,
    files: { 'lib/proc.js': "'use strict';\nexports.execFile = require('child_process').execFile;\n" },
  },
  {
    id: 'local argv wrapper',
    why: "another module's wrapper passes an args array to execFile: no shell",
    needs: [CP("const { run } = require('./proc');", "import { run } from './proc.js';")],
    body: (v) => `run('git', ['log', ${v}]);`,
    files: { 'lib/proc.js': "'use strict';\nconst { execFile } = require('child_process');\nexports.run = (file, args) => execFile(file, args, () => {});\n" },
  },
  {
    id: "a local module named child_process",
    why: "the package's own child_process.js is not Node's: its exec counts characters",
    needs: [CP("const cp = require('./child_process');", "import cp from './child_process.js';")],
    body: (v) => `return cp.exec('git log ' + ${v});`,
    files: { 'lib/child_process.js': "'use strict';\nexports.exec = function exec(line) {\n  return String(line).length;\n};\n" },
  },
  {
    id: 'a package named like a local file',
    why: "`require('exec')` is a package, not the local exec.js that re-exports child_process",
    needs: [CP("const { exec } = require('exec');", "import { exec } from 'exec';")],
    body: (v) => `return exec('git log ' + ${v});`,
    files: { 'lib/exec.js': "'use strict';\nexports.exec = require('child_process').exec;\n" },
  },
];

export const CODE_DECOYS: Decoy[] = [
  { id: 'vm constant', why: "the developer's code", needs: [CP("const vm = require('vm');", "import vm from 'vm';")], body: (v) => `return vm.runInNewContext('scope.value * 2', { scope: { value: ${v} } });` },
  { id: 'vm whole parameter', why: 'design: vm on a whole API parameter is left to manual review (its contract may be to run code)', needs: [CP("const vm = require('vm');", "import vm from 'vm';")], body: (v) => `return vm.runInNewContext(${v}, {});` },
  { id: 'JSON.stringify literal', why: 'JSON.stringify makes a string literal of the value', needs: [], body: (v) => `return new Function('return ' + JSON.stringify(${v}))();` },
  { id: 'Function handed back', why: "the caller's code compiled and returned, not run", needs: [], body: (v) => `return new Function('data', ${v});` },
  { id: 'caller lines joined', why: "a code generator's lines, each the caller's code as given (a whole parameter, left to manual review)", needs: [], body: (v) => `const lines = [];\nlines.push(${v});\nreturn Function(lines.join('\\n'))();` },
  { id: 'setTimeout function', why: 'a function, not a string, is scheduled', needs: [], body: (v) => `setTimeout(() => console.log(${v}), 10);` },
  { id: 'eval literal', why: 'constant code', needs: [], body: (v) => `console.log(${v});\nreturn eval('1 + 1');` },
  { id: 'eval number', why: 'a number has no code in it', needs: [], body: (v) => `return eval('1 + ' + Number(${v}));` },
  { id: 'allow-list', why: 'only listed names reach eval', needs: [], body: (v) => `if (!['min', 'max'].includes(${v})) throw new Error('unknown');\nreturn eval('Math.' + ${v} + '(1, 2)');` },
  {
    id: 'local vm re-export, constant code',
    why: "another module's re-export of vm runs the developer's code",
    needs: [CP("const { run } = require('./sandbox');", "import { run } from './sandbox.js';")],
    body: (v) => `return run('scope.value * 2', { scope: { value: ${v} } });`,
    files: { 'lib/sandbox.js': "'use strict';\nconst vm = require('vm');\nexports.run = vm.runInNewContext;\n" },
  },
];

// ---------------------------------------------------------------------------------------------------------------
/** A composed program: its files (the first is the module the arrival shapes) and where its sink is. */
export interface Program { id: string; files: SourceFile[]; sinkPath: string; sinkLine: number }

const js = (path: string, content: string): SourceFile => ({ path, content, language: 'javascript', isTest: false, publicApi: 'shape-lib' });

function needsText(needs: readonly Need[], style: Style): string {
  return [...new Set(needs.map((n) => n[style]))].join('\n');
}

/** Indent statements into a body; the sink's line is found by its marker comment. */
function indent(text: string): string {
  return text.split('\n').filter((l) => l.length > 0).map((l) => `    ${l}`).join('\n');
}

const SINK_MARK = '/* <sink> */';

function assemble(id: string, style: Style, head: string, helpers: string, module: string, extra: Record<string, string> = {}): Program {
  const main = `lib/index.${style === 'esm' ? 'mjs' : 'js'}`;
  const text = [style === 'cjs' ? "'use strict';" : '', head, helpers, module, ''].filter((s, i) => i === 4 || s.length > 0).join('\n');
  const all: Record<string, string> = { [main]: text, ...extra };
  // The sink is where the marker is: in a module the program calls into when that module runs the command.
  const inExtra = Object.keys(extra).find((p) => (extra[p] as string).includes(SINK_MARK));
  const sinkPath = inExtra ?? main;
  const sinkLine = (all[sinkPath] as string).split('\n').findIndex((l) => l.includes(SINK_MARK)) + 1;
  const files = Object.entries(all).map(([p, c]) => js(p, c.split(SINK_MARK).join('')));
  return { id, files, sinkPath, sinkLine };
}

/** One vulnerable program: an arrival, a building and a sink; null when the sink has no spelling in that module style. */
export function compose(a: Arrival, b: Building, s: Sink): Program | null {
  if (a.style === 'esm' && s.esm === false) return null;
  const body = (v: string) => {
    const built = b.build(v, 'line');
    // The marker goes before the sink's text unless the sink marks itself (a line inside it, or another module).
    const marked = s.call('x').includes(SINK_MARK) || (s.files && Object.values(s.files).some((c) => c.includes(SINK_MARK)));
    const mark = marked ? '' : SINK_MARK;
    return indent([built.stmts, `${mark}${s.call(built.expr)}`].filter(Boolean).join('\n'));
  };
  const head = needsText([...(b.needs ?? []), ...s.needs], a.style);
  return assemble(`${a.id} | ${b.id} | ${s.id}`, a.style, head, b.helpers ?? '', a.wrap(body), s.files);
}

/** One decoy program: an arrival whose body is the decoy's. */
export function composeDecoy(a: Arrival, d: Decoy): Program {
  const head = needsText(d.needs, a.style);
  return assemble(`${a.id} | ${d.id}`, a.style, head, d.helpers ?? '', a.wrap((v) => indent(d.body(v))), d.files);
}

/** The lines of the main file where a reported (confirmed) finding of `ruleId` starts or ends. */
/** Every reported (confirmed) finding of `ruleId` in the program, as file and lines: each module scanned with what
 * the cross-file pass says the others hand it and what its imports export. */
export function reported(p: Program, ruleId: string): Array<{ path: string; startLine: number; endLine: number }> {
  const { incoming, imported } = p.files.length > 1 ? crossFileIncoming(p.files) : { incoming: new Map(), imported: new Map() };
  return p.files.flatMap((f) => {
    const file: SourceFile = { ...f, ...(incoming.has(f.path) ? { incoming: incoming.get(f.path) } : {}), ...(imported.has(f.path) ? { imported: imported.get(f.path) } : {}) };
    return huntFile(file)
      .filter((x) => x.ruleId === ruleId && judgeStatic(x, refuteStatic(x, file)).verdict === 'confirmed')
      .map((x) => ({ path: f.path, startLine: x.startLine, endLine: x.endLine }));
  });
}

/** True when a reported finding of `ruleId` covers the program's sink line. */
export function foundAtSink(p: Program, ruleId: string): boolean {
  return reported(p, ruleId).some((f) => f.path === p.sinkPath && f.startLine <= p.sinkLine && p.sinkLine <= f.endLine);
}

/** The decoys reported anywhere, in every arrival: a precise rule answers none. */
export function firedDecoys(decoys: readonly Decoy[], ruleId: string): string[] {
  return ARRIVALS.flatMap((a) => decoys.map((d) => composeDecoy(a, d))).filter((p) => reported(p, ruleId).length > 0).map((p) => p.id);
}

/**
 * Every pair of axis values in at least one program, the third value drawn from a seeded generator: arrival × sink,
 * building × sink and arrival × building. About a third of the full product, and a miss of any one value or pair
 * still shows. `INJECTION_GRAMMAR=full` composes the whole product instead.
 */
function combinations(buildings: readonly Building[], sinks: readonly Sink[], seed: number): Array<[Arrival, Building, Sink]> {
  if (process.env.INJECTION_GRAMMAR === 'full') return ARRIVALS.flatMap((a) => buildings.flatMap((b) => sinks.map((s): [Arrival, Building, Sink] => [a, b, s])));
  const next = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const out = new Map<string, [Arrival, Building, Sink]>();
  const add = (a: Arrival, b: Building, s: Sink) => out.set(`${a.id}|${b.id}|${s.id}`, [a, b, s]);
  for (const a of ARRIVALS) for (const s of sinks) add(a, pick(buildings), s);
  for (const b of buildings) for (const s of sinks) add(pick(ARRIVALS.filter((a) => a.style === 'cjs' || s.esm !== false)), b, s);
  for (const a of ARRIVALS) for (const b of buildings) add(a, b, pick(sinks.filter((s) => a.style === 'cjs' || s.esm !== false)));
  return [...out.values()];
}

/** The vulnerable programs of a class (pairwise over arrival, building and sink) and those whose sink is not reported. */
export function missedAtSink(buildings: readonly Building[], sinks: readonly Sink[], ruleId: string, seed = 41): { programs: Program[]; missed: Program[] } {
  const programs = combinations(buildings, sinks, seed).map(([a, b, s]) => compose(a, b, s)).filter((p): p is Program => p !== null);
  return { programs, missed: programs.filter((p) => !foundAtSink(p, ruleId)) };
}
