// Route authentication beyond Express, through the real recon and threat phases: Koa, Fastify hooks and route
// options, Hapi strategies and route auth, NestJS guards on methods and controllers, Next.js middleware and checks in
// route handlers — and the decoys: a route registered before the auth middleware, a function named like
// authentication that rejects nothing, and Hapi's auth: false.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runRecon } from '../../../src/phases/recon/index.ts';
import { runThreat } from '../../../src/phases/threat/index.ts';
import { classifyFinding } from '../../../src/engines/security/classify.ts';
import { project } from '../recon/triage-fixture.ts';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'auth-zoo', version: '1.0.0' }),
  'src/koa.js': `const Router = require('@koa/router');
const jwt = require('koa-jwt');
const router = new Router();
router.get('/public', async (ctx) => { ctx.body = ctx.query.q; });
router.use(jwt({ secret: process.env.JWT_SECRET }));
router.get('/private', async (ctx) => { ctx.body = ctx.query.q; });
module.exports = router;
`,
  'src/fastify.js': `const fastify = require('fastify')();
fastify.decorate('authenticate', async function (request, reply) {
  try { await request.jwtVerify(); } catch (err) { reply.code(401).send(err); }
});
fastify.get('/open', async (request) => request.query.q);
fastify.get('/me', { onRequest: [fastify.authenticate] }, async (request) => request.user);
fastify.route({
  method: 'POST',
  url: '/notes',
  preHandler: fastify.authenticate,
  handler: async (request) => request.body,
});
`,
  'src/hooked.js': `const app = require('fastify')();
app.addHook('onRequest', app.authenticate);
app.get('/hooked', async (request) => request.query.q);
`,
  'src/hapi.js': `const Hapi = require('@hapi/hapi');
const server = Hapi.server({ port: 3000 });
server.route({ method: 'GET', path: '/health', handler: (request) => request.query.q });
server.auth.strategy('session', 'cookie', { cookie: { password: process.env.COOKIE_PASSWORD } });
server.auth.default('session');
server.route({
  method: 'GET',
  path: '/account',
  handler: (request) => request.auth.credentials,
});
server.route({
  method: 'GET',
  path: '/login',
  options: { auth: false },
  handler: (request) => request.query.next,
});
`,
  'src/jwt.guard.ts': `import { AuthGuard } from '@nestjs/passport';
export class JwtAuthGuard extends AuthGuard('jwt') {}
`,
  'src/notes.controller.ts': `import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { JwtAuthGuard } from './jwt.guard';

@Controller('notes')
export class NotesController {
  @Get()
  list(@Query('q') q: string) { return q; }

  @UseGuards(JwtAuthGuard)
  @Post()
  create(@Body() body: unknown) { return body; }
}

@UseGuards(AuthGuard('jwt'))
@Controller('admin')
export class AdminController {
  @Get('stats')
  stats(@Query('q') q: string) { return q; }
}
`,
  'middleware.ts': `import { getToken } from 'next-auth/jwt';
import { NextResponse } from 'next/server';
export async function middleware(req) {
  const token = await getToken({ req });
  if (!token) return NextResponse.redirect(new URL('/login', req.url));
}
export const config = { matcher: ['/api/admin/:path*'] };
`,
  'app/api/admin/users/route.ts': `export async function GET(request: Request) {
  return Response.json({ q: new URL(request.url).searchParams.get('q') });
}
`,
  'app/api/public/route.ts': `export async function GET(request: Request) {
  return Response.json({ q: new URL(request.url).searchParams.get('q') });
}
`,
  'app/api/me/route.ts': `import { getServerSession } from 'next-auth';
export async function GET(request: Request) {
  const session = await getServerSession();
  if (!session) return new Response('sign in', { status: 401 });
  return Response.json(session.user);
}
`,
  'src/decoy.js': `const express = require('express');
const router = express.Router();
function requireAuth(req, res, next) {
  // TODO: check the session
  next();
}
function requireLogin(req, res, next) {
  if (!req.session || !req.session.user) return res.status(401).end();
  next();
}
router.get('/billing', requireAuth, (req, res) => res.send(req.query.q));
router.get('/orders', requireLogin, (req, res) => res.send(req.query.q));
module.exports = router;
`,
};

test('authentication per route across Koa, Fastify, Hapi, NestJS and Next.js, with the decoys not counted', async (t) => {
  const p = project(t, FILES);
  await runRecon(p.ctx);
  await runThreat(p.ctx);
  const model = readArtifact(p.ctx.outDir, 'threat-model');
  const routes = new Map(model.flows.filter((f) => f.entry?.kind === 'http-route' && f.to === 'process').map((f) => [`${f.entry!.file} ${f.entry!.name}`, f.authentication]));
  const status = (key: string) => {
    const auth = routes.get(key);
    assert.ok(auth, `${key} is an entry point (have: ${[...routes.keys()].join(', ')})`);
    return auth.status;
  };
  const expected: Record<string, string> = {
    'src/koa.js GET /public': 'unknown', // registered before router.use(jwt(...))
    'src/koa.js GET /private': 'required',
    'src/fastify.js GET /open': 'unknown',
    'src/fastify.js GET /me': 'required',
    'src/fastify.js POST /notes': 'required',
    'src/hooked.js GET /hooked': 'required',
    'src/hapi.js GET /health': 'unknown', // before server.auth.default
    'src/hapi.js GET /account': 'required',
    'src/hapi.js GET /login': 'none-seen', // auth: false
    'src/notes.controller.ts GET /': 'unknown',
    'src/notes.controller.ts POST /': 'required',
    'src/notes.controller.ts GET /stats': 'required',
    'app/api/admin/users/route.ts GET /api/admin/users': 'required', // the middleware's matcher
    'app/api/public/route.ts GET /api/public': 'unknown', // outside the matcher
    'app/api/me/route.ts GET /api/me': 'required', // getServerSession in the handler
    'src/decoy.js GET /billing': 'none-seen', // requireAuth rejects nothing
    'src/decoy.js GET /orders': 'required',
  };
  assert.deepEqual(Object.fromEntries(Object.keys(expected).map((k) => [k, status(k)])), expected);

  const billing = routes.get('src/decoy.js GET /billing')!;
  assert.equal(billing.at?.line, 3, 'points at the decoy definition');
  assert.match(billing.note ?? '', /requireAuth is named like authentication but its body rejects nothing/);
  assert.match(routes.get('src/hapi.js GET /login')!.note ?? '', /^hapi: route options auth: false/);
  assert.equal(routes.get('app/api/admin/users/route.ts GET /api/admin/users')!.at?.file, 'middleware.ts');
  assert.match(routes.get('src/notes.controller.ts GET /stats')!.note ?? '', /^nestjs: .*controller class/);

  // The spoofing threat says why, and CVSS privileges follow: the decoy route needs no account.
  const flow = model.flows.find((f) => f.entry?.name === 'GET /billing' && f.to === 'process')!;
  assert.deepEqual(flow.threats.find((x) => x.stride === 'spoofing')?.mitigation.status, 'absent');
  const finding = { id: 'BH-00000001', fingerprint: '0'.repeat(16), file: 'src/decoy.js', startLine: 11, endLine: 11, category: 'injection' as const, severity: 'high' as const, confidence: 0.9, claim: 'c', evidence: [{ file: 'src/decoy.js', startLine: 11, endLine: 11, quote: 'x' }], runtimeTrigger: 't', lens: 'security', engine: 'static' as const, cwe: 'CWE-79' };
  assert.equal(classifyFinding(finding, model)!.cvss.metrics.find((m) => m.metric === 'PR')?.value, 'N');
  assert.equal(classifyFinding({ ...finding, startLine: 12, endLine: 12 }, model)!.cvss.metrics.find((m) => m.metric === 'PR')?.value, 'L');
});
