// Builds one Backend per configured provider that some role uses. The only place that knows every backend kind.
// Each backend module (and its SDK or execa) is imported at the first request, so commands that never call a
// model (help, report, doctor, a no-key scan) never load them.
import type { ProviderConfig } from '../config/schema.ts';
import type { Backend, BackendRequest } from './types.ts';
import type { Redactor } from './redact.ts';
import { answerByteCap } from './answer-cap.ts';

/** A Backend whose module is imported on the first send(); a failed import fails that send, like any provider error. */
function lazyBackend(type: string, load: () => Promise<Backend>): Backend {
  let loading: Promise<Backend> | undefined;
  const loaded = () => (loading ??= load());
  return {
    type,
    async prepare() {
      await loaded();
    },
    async send(req: BackendRequest) {
      return (await loaded()).send(req);
    },
  };
}

export const DEFAULT_CONCURRENCY: Record<ProviderConfig['type'], number> = {
  anthropic: 4,
  openai: 8,
  'openai-compatible': 4,
  command: 2,
  replay: 64,
  static: 1,
};

export function createBackend(name: string, provider: ProviderConfig, apiKey: string, ctx: { maxOutputChars: number; redact: Redactor; cwd: string }): Backend | null {
  // Every answer is read with this cap, whatever the backend: past it the read stops and the answer is rejected.
  const maxAnswerBytes = answerByteCap(ctx.maxOutputChars);
  switch (provider.type) {
    case 'anthropic':
      return lazyBackend('anthropic', async () => (await import('./anthropic.ts')).createAnthropicBackend({ name, apiKey, baseURL: provider.baseURL, maxAnswerBytes }));
    case 'openai':
    case 'openai-compatible':
      return lazyBackend(provider.type, async () => (await import('./openai.ts')).createOpenAIBackend({ name, compatible: provider.type === 'openai-compatible', apiKey, baseURL: provider.baseURL, structuredOutput: provider.structuredOutput, maxAnswerBytes }));
    case 'command':
      return lazyBackend('command', async () => (await import('./command.ts')).createCommandBackend({
        name,
        argv: provider.command ?? [],
        input: provider.input ?? 'stdin',
        maxOutputBytes: maxAnswerBytes,
        redact: ctx.redact,
        cwd: ctx.cwd,
      }));
    case 'replay':
    case 'static':
      return null;
  }
}
