// The framework source models: the table in src/engines/static/sources/frameworks.json is validated, every framework's
// planted bugs are found and its decoys stay quiet, and each handler shape makes only its own parameters input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleCases } from '../../../src/engines/static/corpus.ts';
import { scoreFiles } from '../../../src/engines/static/score.ts';
import { huntFile, judgeStatic, refuteStatic, type SourceFile } from '../../../src/engines/static/index.ts';
import { checkFrameworkTable, FRAMEWORKS, INPUT_PATH } from '../../../src/engines/static/sources/model.ts';

const repo = process.cwd();

test('the framework fixtures: every planted bug found, no decoy reported', () => {
  // The framework cases (under frameworks/ in the rules' fixtures), seen as a scan of that folder sees them.
  const cases = ruleCases(repo).filter(({ file }) => file.path.startsWith('frameworks/')).map((c) => ({ ...c, file: { ...c.file, path: c.file.path.slice('frameworks/'.length) } }));
  const score = scoreFiles(cases);
  assert.deepEqual(score.missed, []);
  assert.deepEqual(score.reported.filter((r) => !r.correct), []);
  assert.ok(score.reported.length >= 14, `${score.reported.length} reported`);
});

test('the table names every framework of the issue, each with a request field or a handler shape', () => {
  const names = FRAMEWORKS.map((f) => f.framework);
  for (const n of ['express', 'koa', 'fastify', 'hapi', 'nextjs', 'nestjs', 'node-http', 'aws-lambda', 'message-queues']) assert.ok(names.includes(n), n);
  for (const f of FRAMEWORKS) assert.ok(f.requests.length + f.handlers.length > 0, f.framework);
});

test('request fields come from the table: Koa request fields are input, Koa ctx.body (the response) is not', () => {
  assert.ok(INPUT_PATH.test('ctx.request.body.name'));
  assert.ok(INPUT_PATH.test('request.payload.file'));
  assert.ok(INPUT_PATH.test('event.queryStringParameters.q'));
  assert.ok(!INPUT_PATH.test('ctx.body'));
  assert.ok(!INPUT_PATH.test('ctx.state.user'));
  assert.ok(!INPUT_PATH.test('requests.body'));
});

test('a broken table is refused with the entry and the reason', () => {
  const valid = { framework: 'x', describe: 'x', requests: [], handlers: [] };
  assert.throws(() => checkFrameworkTable({}), /must be an array/);
  assert.throws(() => checkFrameworkTable([{ ...valid, handlers: [{ kind: 'magic' }] }]), /frameworks\.json\[0\] is not a valid framework model/);
  assert.throws(() => checkFrameworkTable([{ ...valid, handlers: [{ kind: 'callback', callee: '(', inputParams: [0] }] }]), /x callback handler has an invalid pattern "\("/);
  assert.throws(() => checkFrameworkTable([valid, valid]), /'x' is defined twice/);
});

const file = (path: string, content: string[]): SourceFile => ({ path, language: path.endsWith('.ts') ? 'typescript' : 'javascript', isTest: false, content: content.join('\n') });

function verdicts(f: SourceFile): string[] {
  return huntFile(f).map((finding) => `${finding.startLine} ${finding.ruleId} ${judgeStatic(finding, refuteStatic(finding, f)).verdict}`);
}

test('a Next.js handler name only counts in an app-router route file', () => {
  const body = ['export async function GET(request) {', '  return fetch(request.nextUrl.searchParams.get("u"));', '}', 'export async function POST(request, { params }) {', '  return fetch(params.target);', '}'];
  assert.deepEqual(verdicts(file('app/api/x/route.js', body)), ['2 ssrf confirmed', '5 ssrf confirmed']);
  // The same exported names elsewhere are not route handlers: params is not traced to a request.
  assert.deepEqual(verdicts(file('lib/client.js', body)).filter((v) => v.endsWith('confirmed')), ['2 ssrf confirmed']);
});

test('a queue callback is input only in a file that loads the queue library', () => {
  const body = ["const { execSync } = require('child_process');", 'queue.process((job) => execSync("run " + job.data.cmd));'];
  assert.deepEqual(verdicts(file('worker.js', ["const Queue = require('bull');", ...body])), ['3 command-injection confirmed']);
  assert.deepEqual(verdicts(file('worker.js', ["const Queue = require('./my-queue');", ...body])), ['3 command-injection manual-review']);
});

test('a NestJS parsing pipe sanitises; an undecorated or container-injected parameter is not request input', () => {
  const nest = (param: string) => file('c.ts', ["import { execSync } from 'child_process';", 'class C {', `  run(${param}) {`, '    return execSync("tool " + v);', '  }', '}']);
  assert.deepEqual(verdicts(nest("@Query('v') v: string")), ['4 command-injection confirmed']);
  assert.deepEqual(verdicts(nest("@Query('v', ParseIntPipe) v: number")), []);
  assert.deepEqual(verdicts(nest("@Query('v', new ParseUUIDPipe()) v: string")), []);
  assert.deepEqual(verdicts(nest("@Inject('V') v: string")), ['4 command-injection manual-review']);
  assert.deepEqual(verdicts(nest('v: string')), ['4 command-injection manual-review']);
});
