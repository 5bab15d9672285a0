// Route authentication from the framework rules in auth-frameworks.json (Express, Koa, Fastify, Hapi, NestJS, checks
// inside the handler, Next.js middleware), and the definitions of functions named like authentication, so one that
// rejects nothing is not taken for a guard. Pure: lines in, facts out. Patterns, not proof: no match is "unknown".
import type { Authentication, Located } from '../../artifacts/schemas/threat-model.ts';
import table from './auth-frameworks.json' with { type: 'json' };

type Scope = 'own' | 'route' | 'handler' | 'decorators' | 'class' | 'above';
interface Rule {
  framework: string;
  describe: string;
  scope: Scope;
  re: RegExp;
  needsName: boolean;
  disables: boolean;
}

/** Names that mean "the caller must be authenticated" when passed as middleware, a hook or a guard. */
export const AUTH_NAME = new RegExp(table.names);
const RULES: Rule[] = table.rules.map((r) => ({ framework: r.framework, describe: r.describe, scope: r.scope as Scope, re: new RegExp(r.pattern), needsName: 'needsName' in r && r.needsName === true, disables: 'disables' in r && r.disables === true }));
const REJECTS = new RegExp(table.rejects);
const NEXT = { file: new RegExp(table.nextMiddleware.file), auth: new RegExp(table.nextMiddleware.auth), matcher: new RegExp(table.nextMiddleware.matcher) };
/** A route's registration options rarely span more lines than this. */
const ROUTE_OPTIONS_LINES = 15;
const MAX_BODY_LINES = 80;

export function trimComment(line: string): string {
  return /^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line;
}

export interface RouteAuth {
  auth: Authentication;
  /** The authentication function the rule relied on (last name segment), when it named one: checked for a decoy. */
  guard?: string;
}

/** The name a matched line relies on: `fastify.authenticate` → authenticate, `JwtAuthGuard` → JwtAuthGuard. */
function guardName(text: string): string | undefined {
  const hit = AUTH_NAME.exec(text)?.[0];
  if (!hit || hit.startsWith('passport.')) return undefined;
  return hit.match(/[A-Za-z_$][\w$]*/g)?.at(-1);
}

/** The line numbers (1-based) a rule of `scope` looks at for the route at `line` whose body ends at `end`. */
function scopeLines(scope: Scope, lines: readonly string[], line: number, end: number): number[] {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  if (scope === 'own') return [line];
  if (scope === 'route') return range(line, Math.min(end, line + ROUTE_OPTIONS_LINES));
  if (scope === 'handler') return range(line, end);
  if (scope === 'above') return range(1, line - 1).reverse();
  const decoratorsAbove = (from: number) => {
    const out: number[] = [];
    for (let n = from - 1; n >= 1; n--) {
      const text = (lines[n - 1] ?? '').trim();
      if (text.startsWith('@')) out.push(n);
      else if (text !== '' && !text.startsWith('//')) break;
    }
    return out;
  };
  if (scope === 'decorators') return decoratorsAbove(line);
  const cls = range(1, line - 1).reverse().find((n) => /^\s*(export\s+)?(default\s+)?(abstract\s+)?class\s/.test(lines[n - 1] ?? ''));
  return cls ? decoratorsAbove(cls) : [];
}

/** The first rule that holds for the route: a rule that turns authentication off wins over every other. */
export function routeAuthOf(path: string, lines: readonly string[], line: number, end: number): RouteAuth | undefined {
  const ordered = [...RULES.filter((r) => r.disables), ...RULES.filter((r) => !r.disables)];
  for (const rule of ordered) {
    for (const n of scopeLines(rule.scope, lines, line, end)) {
      const raw = trimComment(lines[n - 1] ?? '');
      // On the route's own line only the arguments after its path count: the path itself may say "auth".
      const text = rule.scope === 'own' ? raw.replace(/^[^,]*,/, '') : raw;
      if (!rule.re.test(text) || (rule.needsName && !AUTH_NAME.test(text))) continue;
      const at: Located = { file: path, line: n, detail: raw.trim() };
      if (rule.disables) return { auth: { status: 'none-seen', at, note: `${rule.framework}: ${rule.describe}` } };
      const guard = rule.needsName ? guardName(text) : undefined;
      return { auth: { status: 'required', at, note: `${rule.framework}: ${rule.describe}` }, ...(guard ? { guard } : {}) };
    }
  }
  return undefined;
}

export interface AuthDefinition {
  name: string;
  at: Located;
  /** Whether its body can turn a caller away: a 401/403, a throw, a redirect, a token check, next(err). */
  rejects: boolean;
}

const DEFINITION = [
  /\bfunction\s+([A-Za-z_$][\w$]*)\s*\(/,
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\b|\(|[A-Za-z_$][\w$]*\s*=>)/,
  /\.decorate\(\s*['"]([A-Za-z_$][\w$]*)['"]\s*,/,
  /\bexports\.([A-Za-z_$][\w$]*)\s*=/,
  /^\s*(?:export\s+)?class\s+([A-Za-z_$][\w$]*Guard)\b/,
];

/** The body of a definition starting at `start` (0-based): to the brace that closes it, or the rest of an arrow's line. */
function bodyOf(lines: readonly string[], start: number): string {
  let depth = 0;
  let opened = false;
  const out: string[] = [];
  for (let i = start; i < Math.min(lines.length, start + MAX_BODY_LINES); i++) {
    const text = lines[i] ?? '';
    out.push(text);
    for (const c of text.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '')) {
      if (c === '{') {
        depth += 1;
        opened = true;
      } else if (c === '}') depth -= 1;
    }
    if ((opened && depth <= 0) || (!opened && i === start && /=>/.test(text) && !/=>\s*$/.test(text))) break;
  }
  return out.join('\n');
}

/** Whether a definition can turn a caller away; its header (name and parameters) is left out, so `verifyToken` alone is
 * not a check, and a NestJS guard that extends AuthGuard(...) inherits Passport's. */
function rejects(definition: string): boolean {
  const open = [definition.indexOf('{'), definition.indexOf('=>')].filter((i) => i >= 0);
  const cut = open.length ? Math.min(...open) : definition.length;
  if (/\bextends\s+\w*AuthGuard\b/.test(definition.slice(0, cut))) return true;
  return REJECTS.test(definition.slice(cut));
}

/** Functions (and NestJS guard classes) whose name says authentication, with whether their body can reject. */
export function authDefinitions(path: string, content: string): AuthDefinition[] {
  const lines = content.split('\n');
  const out: AuthDefinition[] = [];
  lines.forEach((raw, i) => {
    const line = trimComment(raw);
    for (const re of DEFINITION) {
      const name = re.exec(line)?.[1];
      if (!name || !AUTH_NAME.test(`${name})`)) continue;
      out.push({ name, at: { file: path, line: i + 1, detail: raw.trim() }, rejects: rejects(bodyOf(lines, i)) });
      break;
    }
  });
  return out;
}

/** A route guarded by a function that is defined in the target and rejects nothing is not authenticated. */
export function unmaskDecoy(found: RouteAuth, definitions: readonly AuthDefinition[]): Authentication {
  const defs = found.guard ? definitions.filter((d) => d.name === found.guard) : [];
  if (defs.length === 0 || defs.some((d) => d.rejects)) return found.auth;
  return { status: 'none-seen', at: defs[0]!.at, note: `${found.guard} is named like authentication but its body rejects nothing (no 401/403, throw, redirect or token check)` };
}

export interface NextMiddleware {
  /** The folder the middleware file sits in ('' or 'src'); it guards the app and pages of that root. */
  dir: string;
  /** The first line that checks the caller, absent when none was recognised. */
  authAt?: Located;
  /** config.matcher path patterns; undefined when none is declared (the middleware runs for every route). */
  matchers?: string[];
}

export function nextMiddlewareOf(path: string, content: string): NextMiddleware | undefined {
  if (!NEXT.file.test(path)) return undefined;
  const lines = content.split('\n');
  const i = lines.findIndex((l) => NEXT.auth.test(trimComment(l)));
  const matcher = NEXT.matcher.exec(content)?.[1];
  return {
    dir: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '',
    ...(i >= 0 ? { authAt: { file: path, line: i + 1, detail: (lines[i] ?? '').trim() } } : {}),
    ...(matcher ? { matchers: [...matcher.matchAll(/['"`]([^'"`]*)['"`]/g)].map((m) => m[1] ?? '') } : {}),
  };
}

/** Whether a matcher covers a route path: plain paths and `:param*` prefixes only; a regular-expression matcher is not guessed. */
function covers(matcher: string, route: string): boolean | undefined {
  if (/[()[\]\\]/.test(matcher)) return undefined;
  const prefix = matcher.replace(/\/:[\w]+[*+?]?$/, '').replace(/\/$/, '');
  return route === prefix || route.startsWith(`${prefix}/`) || prefix === '';
}

/** A Next.js route (app/…/route.* or pages/api/…) guarded by a middleware that checks the caller and matches it. */
export function nextRouteAuth(file: string, routePath: string, middleware: NextMiddleware | undefined): Authentication | undefined {
  if (!middleware?.authAt) return undefined;
  const root = middleware.dir ? `${middleware.dir}/` : '';
  if (!file.startsWith(root) || !/^(app\/|pages\/api\/)/.test(file.slice(root.length))) return undefined;
  const hit = middleware.matchers === undefined || middleware.matchers.some((m) => covers(m, routePath) === true);
  return hit ? { status: 'required', at: middleware.authAt, note: `nextjs: middleware that checks the caller${middleware.matchers ? ` and matches ${routePath}` : ' on every route'}` } : undefined;
}
