// Builds one Backend per configured provider that some role uses. The only place that knows every backend kind.
import type { ProviderConfig } from '../config/schema.ts';
import type { Backend } from './types.ts';
import { createAnthropicBackend } from './anthropic.ts';
import { createOpenAIBackend } from './openai.ts';
import { createCommandBackend } from './command.ts';
import type { Redactor } from './redact.ts';

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
      return createAnthropicBackend({ apiKey, baseURL: provider.baseURL });
    case 'openai':
    case 'openai-compatible':
      return createOpenAIBackend({ compatible: provider.type === 'openai-compatible', apiKey, baseURL: provider.baseURL, structuredOutput: provider.structuredOutput });
    case 'command':
      return createCommandBackend({
        name,
        argv: provider.command ?? [],
        input: provider.input ?? 'stdin',
        // Bytes, not characters: room for multi-byte text and an envelope around the answer.
        maxOutputBytes: ctx.maxOutputChars * 4 + 65_536,
        redact: ctx.redact,
        cwd: ctx.cwd,
      });
    case 'replay':
    case 'static':
      return null;
  }
}
