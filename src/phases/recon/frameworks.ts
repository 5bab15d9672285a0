// Which dependency names mean which framework or notable library, per ecosystem. Data only; the
// manifest readers look names up here. A name not listed is not reported (no guessing).

export const NPM_FRAMEWORKS: Record<string, string> = {
  express: 'express', fastify: 'fastify', koa: 'koa', '@koa/router': 'koa', 'koa-router': 'koa', hapi: 'hapi', '@hapi/hapi': 'hapi',
  hono: 'hono', restify: 'restify', '@nestjs/core': 'nestjs', next: 'next', nuxt: 'nuxt', '@remix-run/node': 'remix',
  '@sveltejs/kit': 'sveltekit', react: 'react', vue: 'vue', '@angular/core': 'angular', svelte: 'svelte', electron: 'electron',
  'socket.io': 'socket.io', ws: 'ws', graphql: 'graphql', '@apollo/server': 'apollo', 'apollo-server': 'apollo', '@trpc/server': 'trpc',
  '@prisma/client': 'prisma', sequelize: 'sequelize', typeorm: 'typeorm', mongoose: 'mongoose', knex: 'knex', pg: 'pg',
  mysql: 'mysql', mysql2: 'mysql', 'better-sqlite3': 'sqlite', sqlite3: 'sqlite', bullmq: 'bullmq', bull: 'bull', kafkajs: 'kafka',
  amqplib: 'amqp', 'aws-lambda': 'aws-lambda', commander: 'commander', yargs: 'yargs', ejs: 'ejs', pug: 'pug', handlebars: 'handlebars',
};

export const PYTHON_FRAMEWORKS: Record<string, string> = {
  flask: 'flask', django: 'django', fastapi: 'fastapi', starlette: 'starlette', tornado: 'tornado', aiohttp: 'aiohttp',
  pyramid: 'pyramid', bottle: 'bottle', sanic: 'sanic', celery: 'celery', sqlalchemy: 'sqlalchemy', jinja2: 'jinja2', click: 'click',
  typer: 'typer', pydantic: 'pydantic', djangorestframework: 'django-rest-framework',
};

export const GO_FRAMEWORKS: Record<string, string> = {
  'github.com/gin-gonic/gin': 'gin', 'github.com/labstack/echo': 'echo', 'github.com/labstack/echo/v4': 'echo',
  'github.com/gofiber/fiber': 'fiber', 'github.com/gofiber/fiber/v2': 'fiber', 'github.com/go-chi/chi': 'chi',
  'github.com/go-chi/chi/v5': 'chi', 'github.com/gorilla/mux': 'gorilla-mux', 'google.golang.org/grpc': 'grpc',
  'github.com/spf13/cobra': 'cobra', 'gorm.io/gorm': 'gorm',
};

export const CARGO_FRAMEWORKS: Record<string, string> = {
  'actix-web': 'actix-web', axum: 'axum', rocket: 'rocket', warp: 'warp', tokio: 'tokio', diesel: 'diesel', sqlx: 'sqlx', clap: 'clap',
};

export const GEM_FRAMEWORKS: Record<string, string> = { rails: 'rails', sinatra: 'sinatra', hanami: 'hanami', sidekiq: 'sidekiq' };

export const COMPOSER_FRAMEWORKS: Record<string, string> = { 'laravel/framework': 'laravel', 'symfony/framework-bundle': 'symfony', 'slim/slim': 'slim' };

/** Lock files and the package manager each one means. */
export const LOCK_FILES: Record<string, string> = {
  'package-lock.json': 'npm', 'npm-shrinkwrap.json': 'npm', 'pnpm-lock.yaml': 'pnpm', 'yarn.lock': 'yarn', 'bun.lockb': 'bun',
  'bun.lock': 'bun', 'poetry.lock': 'poetry', 'Pipfile.lock': 'pipenv', 'uv.lock': 'uv', 'pdm.lock': 'pdm', 'go.sum': 'go',
  'Cargo.lock': 'cargo', 'Gemfile.lock': 'bundler', 'composer.lock': 'composer',
};

export const MANIFEST_FILES = [
  'package.json', 'requirements.txt', 'requirements-dev.txt', 'pyproject.toml', 'Pipfile', 'setup.py', 'setup.cfg', 'go.mod',
  'Cargo.toml', 'Gemfile', 'composer.json', 'pom.xml', 'build.gradle', 'build.gradle.kts',
];
