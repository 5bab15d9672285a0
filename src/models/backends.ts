// Builds one Backend per configured provider that some role uses. The only place that knows every backend kind.
// Each backend module (and its SDK or execa) is imported at the first request, so commands that never call a
// model (help, report, doctor, a no-key scan) never load them.
import type { ProviderConfig } from '../config/schema.ts';
import type { Backend, BackendRequest } from './types.ts';
import type { Redactor } from './redact.ts';

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
  switch (provider.type) {
    case 'anthropic':
      return lazyBackend('anthropic', async () => (await import('./anthropic.ts')).createAnthropicBackend({ apiKey, baseURL: provider.baseURL }));
    case 'openai':
    case 'openai-compatible':
      return lazyBackend(provider.type, async () => (await import('./openai.ts')).createOpenAIBackend({ compatible: provider.type === 'openai-compatible', apiKey, baseURL: provider.baseURL, structuredOutput: provider.structuredOutput }));
    case 'command':
      return lazyBackend('command', async () => (await import('./command.ts')).createCommandBackend({
        name,
        argv: provider.command ?? [],
        input: provider.input ?? 'stdin',
        // Bytes, not characters: room for multi-byte text and an envelope around the answer.
        maxOutputBytes: ctx.maxOutputChars * 4 + 65_536,
        redact: ctx.redact,
        cwd: ctx.cwd,
      }));
    case 'replay':
    case 'static':
      return null;
  }
}
