// --issue N: the report is a GitHub issue's title and body, read with publish's GitHub client (same token,
// API URL and repository resolution). Reading only; the issue is untrusted text like any report.
import { createClient, gitHubError } from '../../engines/publish/client.ts';
import { resolveRepo } from '../../engines/publish/repo.ts';
import { gitHubSettings, gitHubToken } from '../../engines/publish/settings.ts';

export interface IssueRequest {
  target: string;
  issue: number;
  repoFlag: string | undefined;
  env: NodeJS.ProcessEnv;
  notice: (line: string) => void;
}

export async function readIssueReport(request: IssueRequest): Promise<string> {
  const settings = gitHubSettings(request.env);
  const token = gitHubToken(request.env);
  const { repo } = resolveRepo(request.target, request.repoFlag, settings.serverUrl);
  const github = createClient({ token, settings, notice: request.notice });
  try {
    const { data } = await github.rest.issues.get({ owner: repo.owner, repo: repo.name, issue_number: request.issue });
    return `# ${data.title}\n\n${data.body ?? ''}`;
  } catch (error) {
    throw gitHubError(error, `read issue #${request.issue}`, repo, token);
  }
}
