const Koa = require('koa');
const Router = require('@koa/router');
const fs = require('fs');
const path = require('path');

const EXPORTS = path.resolve('/srv/exports');
const app = new Koa();
const router = new Router();

router.get('/exports/:name', async (ctx) => {
  ctx.body = fs.createReadStream(path.join(EXPORTS, ctx.params.name));
});

router.get('/exports-safe/:name', async (ctx) => {
  const file = path.resolve(EXPORTS, ctx.params.name);
  if (!file.startsWith(EXPORTS + path.sep)) ctx.throw(400);
  ctx.body = fs.createReadStream(file);
});

router.get('/health', async (ctx) => {
  ctx.body = { ok: true };
  ctx.set('x-report', fs.readFileSync(path.join(EXPORTS, 'health.txt'), 'utf8'));
});

app.use(router.routes());
module.exports = app;
