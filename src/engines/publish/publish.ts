// The publish shell: settings and token → repository → inputs → issues already filed → plan → (unless dry run)
// labels, then each action in order. A failed call stops the rest (recorded as not-done); publish-report.json is
// written either way, so a second publish picks up where the first stopped.
import type { PublishReport } from '../../artifacts/schemas/publish-report.ts';
import { writeArtifact } from '../../artifacts/store.ts';
import { TOOL_VERSION } from '../../foundations/version.ts';
import type { BodyContext } from './body.ts';
import { createClient, gitHubError } from './client.ts';
import { applyAction, ensureLabels, filedIssues, labelsUsed } from './github-issues.ts';
import { readPublishInputs } from './inputs.ts';
import { planPublish, type PublishAction } from './plan.ts';
import { repoSlug, resolveRepo, type RepoRef } from './repo.ts';
import { entryOf, publishReportOf } from './result.ts';
import { gitHubSettings, gitHubToken } from './settings.ts';

export interface PublishRequest {
  target: string;
  artifactDir: string;
  repoFlag: string | undefined;
  queue: boolean;
  dryRun: boolean;
  env: NodeJS.ProcessEnv;
  /** Progress lines for stderr (rate-limit waits). */
  notice: (line: string) => void;
}

export interface PublishOutcome {
  repo: RepoRef;
  repoFrom: 'flag' | 'origin';
  actions: PublishAction[];
  /** Absent on a dry run, which writes nothing. */
  report?: PublishReport;
  reportPath?: string;
}

export async function publish(request: PublishRequest): Promise<PublishOutcome> {
  const settings = gitHubSettings(request.env);
  const token = gitHubToken(request.env);
  const { repo, from } = resolveRepo(request.target, request.repoFlag, settings.serverUrl);
  const inputs = readPublishInputs(request.target, request.artifactDir);
  const github = createClient({ token, settings, notice: request.notice });
  const fail = (what: string) => (error: unknown) => {
    throw gitHubError(error, what, repo, token);
  };

  const issues = await filedIssues(github, repo).catch(fail(`list the issues labelled bug-hunter in ${repoSlug(repo)}`));
  const context: BodyContext = { repo, serverUrl: settings.serverUrl, commit: inputs.report.run.baseCommit, toolVersion: TOOL_VERSION };
  const actions = planPublish({ ...inputs, issues, context, queue: request.queue });
  if (request.dryRun) return { repo, repoFrom: from, actions };

  const parts = { run: inputs.report.run, repository: repoSlug(repo), apiUrl: settings.apiUrl, queue: request.queue };
  let labelsCreated: string[] = [];
  let error: string | undefined;
  try {
    labelsCreated = await ensureLabels(github, repo, labelsUsed(actions)).catch(fail(`create the labels publish uses in ${repoSlug(repo)}`));
  } catch (caught) {
    error = (caught as Error).message;
  }
  const entries = [];
  for (const action of actions) {
    if (error !== undefined) {
      entries.push(entryOf(action, { done: false }));
      continue;
    }
    try {
      const issue = await applyAction(github, repo, action).catch(fail(describe(action)));
      entries.push(entryOf(action, { done: true, issue }));
    } catch (caught) {
      error = (caught as Error).message;
      entries.push(entryOf(action, { done: false }));
    }
  }
  const report = publishReportOf({ ...parts, labelsCreated, entries, ...(error !== undefined ? { error } : {}) });
  const reportPath = writeArtifact(request.artifactDir, 'publish-report', report);
  return { repo, repoFrom: from, actions, report, reportPath };
}

function describe(action: PublishAction): string {
  switch (action.kind) {
    case 'file':
      return `file an issue for ${action.draft.findingId}`;
    case 'update':
      return `update issue #${action.issue.number}`;
    case 'reopen':
      return `reopen issue #${action.issue.number}`;
    case 'close':
      return `close issue #${action.issue.number}`;
    case 'unchanged':
      return `read issue #${action.issue.number}`;
  }
}
