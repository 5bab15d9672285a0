// Anthropic Messages API backend: structured output by forced tool use (the tool's input_schema is the schema).
// The SDK's own retries are off; the client owns retries, timeouts and validation.
import { Anthropic } from '@anthropic-ai/sdk';
import type { Backend, BackendRequest, BackendResponse } from './types.ts';
import { wireName, wireSchema } from './wire-schema.ts';
import { cappedFetch } from '../net/capped-fetch.ts';
import { oversizedAnswer } from './answer-cap.ts';

export interface AnthropicOptions {
  /** The provider's name in the configuration, for messages. */
  name: string;
  apiKey: string;
  baseURL?: string;
  /** Largest answer body read, in bytes; past it the download stops and the call fails as oversized. */
  maxAnswerBytes: number;
}

export function createAnthropicBackend(options: AnthropicOptions): Backend {
  // Explicit key and base URL: the SDK then reads neither ANTHROPIC_* variables nor credential files.
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? 'https://api.anthropic.com',
    maxRetries: 0,
    fetch: cappedFetch(options.maxAnswerBytes, (max) => oversizedAnswer(options.name, 'anthropic', max)),
  });
  return {
    type: 'anthropic',
    async send(req: BackendRequest): Promise<BackendResponse> {
      const name = wireName(req.schemaName);
      const response = await client.messages.create(
        {
          model: req.model,
          max_tokens: req.maxOutputTokens,
          system: req.system,
          messages: req.turns.map((t) => ({ role: t.role, content: t.content })),
          tools: [{ name, description: `Return the ${req.schemaName} object.`, input_schema: wireSchema(req.schema) as Anthropic.Tool.InputSchema }],
          tool_choice: { type: 'tool', name },
        },
        { signal: req.signal, timeout: req.timeoutMs, maxRetries: 0 },
      );
      const tool = response.content.find((b) => b.type === 'tool_use' && b.name === name);
      const usage = response.usage;
      return {
        text: tool && tool.type === 'tool_use' ? JSON.stringify(tool.input) : response.content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
        parsed: tool && tool.type === 'tool_use' ? tool.input : undefined,
        usage: {
          inputTokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
          outputTokens: usage.output_tokens,
        },
        model: response.model || req.model,
      };
    },
  };
}
