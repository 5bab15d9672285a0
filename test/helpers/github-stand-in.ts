// A GitHub REST stand-in on 127.0.0.1 for the real Octokit (pointed at it with GITHUB_API_URL): just the endpoints
// publish and the fix queue use — list/get/create/update issues, comments, issue labels (add, remove), repository
// labels, pull requests (create, list by head) — with
// Link-header pagination, token checks, and scripted failures (a 403 secondary rate limit with retry-after, a 401 that echoes the token).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { streamEndless } from './endless-body.ts';

export interface StandInIssue {
  number: number;
  title: string;
  body: string;
  labels: string[];
  state: 'open' | 'closed';
  state_reason: string | null;
  comments: string[];
  pull_request?: boolean;
}

export interface StandInPull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  draft: boolean;
  state: 'open' | 'closed';
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  authorization: string | undefined;
}

export interface ScriptedFailure {
  method: string;
  path?: RegExp;
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** Put the request's Authorization header in the message, as a careless server might. */
  echoAuthorization?: boolean;
  /** Never answer at all (a server that hangs); status and message are then unused. */
  hang?: boolean;
}

export interface GitHubStandIn {
  url: string;
  owner: string;
  repo: string;
  issues: StandInIssue[];
  labels: string[];
  /** Pull requests opened through the API (each also takes an issue number, as on GitHub). */
  pulls: StandInPull[];
  requests: SeenRequest[];
  /** The most items one page holds, whatever per_page asks (small, to make pagination happen). */
  maxPerPage: number;
  /** Every list page links a next page: 'repeat' always page 2 (a loop), 'new' always one more (a list without end). */
  endlessPages?: 'repeat' | 'new';
  /** Every list page is a JSON array that never ends (spaces until the client closes the connection, or 256 MiB). */
  endlessBody?: boolean;
  failNext(failure: ScriptedFailure): void;
  writes(): SeenRequest[];
  addIssue(issue: Partial<StandInIssue> & { title: string }): StandInIssue;
  close(): Promise<void>;
}

const ENDLESS_CEILING = 1_000;

export async function startGitHubStandIn(options: { token: string; owner?: string; repo?: string; maxPerPage?: number }): Promise<GitHubStandIn> {
  const sockets = new Set<Socket>();
  const failures: ScriptedFailure[] = [];
  let endlessServed = 0;
  const state: GitHubStandIn = {
    url: '',
    owner: options.owner ?? 'acme',
    repo: options.repo ?? 'widgets',
    issues: [],
    labels: [],
    pulls: [],
    requests: [],
    maxPerPage: options.maxPerPage ?? 100,
    failNext: (failure) => failures.push(failure),
    writes: () => state.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD'),
    addIssue: (partial) => {
      const issue: StandInIssue = { number: state.issues.length + 1, body: '', labels: [], state: 'open', state_reason: null, comments: [], ...partial };
      state.issues.push(issue);
      return issue;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const issueJson = (i: StandInIssue) => ({
    id: 1000 + i.number,
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state,
    state_reason: i.state_reason,
    labels: i.labels.map((name) => ({ name })),
    created_at: new Date(Date.UTC(2026, 0, 1) + i.number * 60_000).toISOString(),
    html_url: `https://github.com/${state.owner}/${state.repo}/issues/${i.number}`,
    ...(i.pull_request ? { pull_request: { url: `${state.url}/repos/${state.owner}/${state.repo}/pulls/${i.number}` } } : {}),
  });

  const pullJson = (p: StandInPull) => ({
    id: 5000 + p.number,
    number: p.number,
    title: p.title,
    body: p.body,
    state: p.state,
    draft: p.draft,
    head: { ref: p.head, label: `${state.owner}:${p.head}` },
    base: { ref: p.base },
    html_url: `https://github.com/${state.owner}/${state.repo}/pull/${p.number}`,
  });

  function page<T>(res: ServerResponse, url: URL, items: T[]): void {
    if (state.endlessBody) return void streamEndless(res, { ceilingBytes: 256 * 1024 * 1024, prefix: '[', suffix: ']', fill: ' ' });
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), state.maxPerPage);
    const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number, rel: string) => {
      const next = new URL(url.href);
      next.searchParams.set('page', String(n));
      return `<${state.url}${next.pathname}${next.search}>; rel="${rel}"`;
    };
    // Endless up to a ceiling, so a client without a bound ends (and fails its test) instead of hanging.
    endlessServed += state.endlessPages ? 1 : 0;
    const mode = endlessServed <= ENDLESS_CEILING ? state.endlessPages : undefined;
    const endless = mode === 'repeat' ? [link(2, 'next')] : mode === 'new' ? [link(number + 1, 'next')] : null;
    const links = endless ?? [...(number < last ? [link(number + 1, 'next'), link(last, 'last')] : []), ...(number > 1 ? [link(1, 'first'), link(number - 1, 'prev')] : [])];
    send(res, 200, items.slice((number - 1) * perPage, number * perPage), links.length ? { link: links.join(', ') } : {});
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-remaining': '4999', ...headers });
    res.end(status === 204 ? undefined : JSON.stringify(body));
  }

  function route(req: IncomingMessage, res: ServerResponse, url: URL, body: Record<string, unknown> | null): void {
    const base = `/repos/${state.owner}/${state.repo}`;
    const path = url.pathname;
    const m = req.method ?? 'GET';
    const issueMatch = new RegExp(`^${base}/issues/(\\d+)(/comments|/labels)?$`).exec(path);
    const labelMatch = new RegExp(`^${base}/issues/(\\d+)/labels/([^/]+)$`).exec(path);
    if (m === 'DELETE' && labelMatch) {
      const target = state.issues.find((i) => i.number === Number(labelMatch[1]));
      const name = decodeURIComponent(labelMatch[2]!);
      if (!target || !target.labels.includes(name)) return send(res, 404, { message: 'Label does not exist' });
      target.labels = target.labels.filter((l) => l !== name);
      return send(res, 200, target.labels.map((n) => ({ name: n })));
    }
    if (m === 'GET' && path === `${base}/pulls`) {
      const head = url.searchParams.get('head');
      const st = url.searchParams.get('state') ?? 'open';
      const found = state.pulls.filter((p) => (st === 'all' || p.state === st) && (!head || `${state.owner}:${p.head}` === head));
      return page(res, url, found.map(pullJson));
    }
    if (m === 'POST' && path === `${base}/pulls`) {
      const head = String(body?.head ?? '');
      if (!head || !body?.base || !body?.title) return send(res, 422, { message: 'Validation Failed', errors: [{ resource: 'PullRequest', code: 'missing_field' }] });
      if (state.pulls.some((p) => p.head === head && p.state === 'open')) return send(res, 422, { message: `Validation Failed: A pull request already exists for ${state.owner}:${head}.` });
      const issue = state.addIssue({ title: String(body.title), body: String(body.body ?? ''), pull_request: true });
      const pull: StandInPull = { number: issue.number, title: issue.title, body: issue.body, head, base: String(body.base), draft: body.draft === true, state: 'open' };
      state.pulls.push(pull);
      return send(res, 201, pullJson(pull));
    }
    const issue = issueMatch ? state.issues.find((i) => i.number === Number(issueMatch[1])) : undefined;
    if (m === 'GET' && path === `${base}/issues`) {
      const wanted = (url.searchParams.get('labels') ?? '').split(',').filter(Boolean);
      const st = url.searchParams.get('state') ?? 'open';
      const found = state.issues.filter((i) => (st === 'all' || i.state === st) && wanted.every((l) => i.labels.includes(l)));
      return page(res, url, [...found].sort((a, b) => b.number - a.number).map(issueJson));
    }
    if (m === 'POST' && path === `${base}/issues`) {
      const created = state.addIssue({ title: String(body?.title ?? ''), body: String(body?.body ?? ''), labels: (body?.labels as string[] | undefined) ?? [] });
      for (const l of created.labels) if (!state.labels.includes(l)) state.labels.push(l);
      return send(res, 201, issueJson(created));
    }
    if (issueMatch && !issue) return send(res, 404, { message: 'Not Found' });
    if (m === 'GET' && issue && !issueMatch![2]) return send(res, 200, issueJson(issue));
    if (m === 'POST' && issue && issueMatch![2] === '/labels') {
      for (const l of (body?.labels as string[] | undefined) ?? []) if (!issue.labels.includes(l)) issue.labels.push(l);
      return send(res, 200, issue.labels.map((name) => ({ name })));
    }
    if (m === 'PATCH' && issue && !issueMatch![2]) {
      if (typeof body?.title === 'string') issue.title = body.title;
      if (typeof body?.body === 'string') issue.body = body.body;
      if (Array.isArray(body?.labels)) issue.labels = body.labels as string[];
      if (body?.state === 'open' || body?.state === 'closed') {
        issue.state = body.state;
        issue.state_reason = body.state === 'closed' ? String(body.state_reason ?? 'completed') : 'reopened';
      }
      return send(res, 200, issueJson(issue));
    }
    if (m === 'POST' && issue && issueMatch![2] === '/comments') {
      issue.comments.push(String(body?.body ?? ''));
      return send(res, 201, { id: issue.comments.length, body: body?.body });
    }
    if (m === 'GET' && path === `${base}/labels`) return page(res, url, state.labels.map((name, i) => ({ id: i + 1, name, color: 'ededed' })));
    if (m === 'POST' && path === `${base}/labels`) {
      const name = String(body?.name ?? '');
      if (state.labels.some((l) => l.toLowerCase() === name.toLowerCase())) return send(res, 422, { message: 'Validation Failed', errors: [{ code: 'already_exists' }] });
      state.labels.push(name);
      return send(res, 201, { id: state.labels.length, name, color: body?.color });
    }
    send(res, 404, { message: 'Not Found' });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', state.url);
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      const authorization = req.headers.authorization;
      state.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body, authorization });
      const failure = failures.findIndex((f) => f.method === req.method && (!f.path || f.path.test(url.pathname)));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        if (f!.hang) return;
        return send(res, f!.status, { message: f!.echoAuthorization ? `${f!.message} (${authorization})` : f!.message, documentation_url: 'https://docs.github.com/rest' }, f!.headers ?? {});
      }
      if (authorization !== `token ${options.token}` && authorization !== `Bearer ${options.token}`) return send(res, 401, { message: 'Bad credentials' });
      route(req, res, url, body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
