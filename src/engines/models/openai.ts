// OpenAI Chat Completions backend, also for OpenAI-compatible servers (Ollama, vLLM, llama.cpp, LM Studio,
// OpenRouter) via baseURL. Structured output: strict json_schema; a compatible server that refuses it is
// stepped down to JSON mode, then to schema-in-prompt — the client's validation and repair turn still apply.
import { OpenAI } from 'openai';
import type { Backend, BackendRequest, BackendResponse } from './types.ts';
import { dropNullOptionals, toStrictSchema } from './strict-schema.ts';
import { approxTokens, wireName, wireSchema } from './wire-schema.ts';
import { schemaInstruction } from './prompt.ts';
import { cappedFetch } from '../net/capped-fetch.ts';
import { oversizedAnswer } from './answer-cap.ts';
import type { StructuredOutputMode } from '../../artifacts/schemas/literals.ts';

export type StructuredMode = StructuredOutputMode;
type Level = 'json_schema' | 'json_object' | 'prompt';

export interface OpenAIOptions {
  /** The provider's name in the configuration, for messages. */
  name: string;
  compatible: boolean;
  apiKey: string;
  baseURL?: string;
  structuredOutput?: StructuredMode;
  /** Largest answer body read, in bytes; past it the download stops and the call fails as oversized. */
  maxAnswerBytes: number;
}

// Statuses with which servers refuse an unsupported response_format.
const FORMAT_REFUSED = new Set([400, 422, 501]);

export function createOpenAIBackend(options: OpenAIOptions): Backend {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? 'https://api.openai.com/v1',
    organization: null,
    project: null,
    maxRetries: 0,
    fetch: cappedFetch(options.maxAnswerBytes, (max) => oversizedAnswer(options.name, options.compatible ? 'openai-compatible' : 'openai', max)),
  });
  const mode: StructuredMode = options.compatible ? (options.structuredOutput ?? 'auto') : 'strict';
  let level: Level = mode === 'json-mode' ? 'json_object' : 'json_schema';

  async function once(req: BackendRequest, use: Level): Promise<BackendResponse> {
    const strict = use === 'json_schema' ? toStrictSchema(req.schema) : null;
    const system = use === 'json_schema' ? req.system : `${req.system}\n\n${schemaInstruction(wireSchema(req.schema), req.schemaName)}`;
    const messages = [{ role: 'system' as const, content: system }, ...req.turns.map((t) => ({ role: t.role, content: t.content }))];
    const format =
      use === 'json_schema'
        ? { type: 'json_schema' as const, json_schema: { name: wireName(req.schemaName), schema: strict ?? wireSchema(req.schema), strict: strict !== null } }
        : use === 'json_object'
          ? { type: 'json_object' as const }
          : undefined;
    const completion = await client.chat.completions.create(
      {
        model: req.model,
        messages,
        ...(format ? { response_format: format } : {}),
        // Compatible servers widely know max_tokens; OpenAI's current name is max_completion_tokens.
        ...(options.compatible ? { max_tokens: req.maxOutputTokens } : { max_completion_tokens: req.maxOutputTokens }),
      },
      { signal: req.signal, timeout: req.timeoutMs, maxRetries: 0 },
    );
    const message = completion.choices[0]?.message;
    const text = message?.content ?? message?.refusal ?? '';
    let parsed: unknown;
    if (strict !== null) {
      try {
        parsed = dropNullOptionals(req.schema, JSON.parse(text));
      } catch {
        parsed = undefined;
      }
    }
    const prompt = messages.map((m) => m.content).join('\n');
    return {
      text,
      parsed,
      usage: {
        inputTokens: completion.usage?.prompt_tokens ?? approxTokens(prompt),
        outputTokens: completion.usage?.completion_tokens ?? approxTokens(text),
      },
      model: completion.model || req.model,
    };
  }

  return {
    type: options.compatible ? 'openai-compatible' : 'openai',
    async send(req) {
      let use = level;
      for (;;) {
        try {
          const response = await once(req, use);
          // Remember a step down only once it worked, so one unrelated 400 does not cost strict mode for good.
          level = use;
          return response;
        } catch (error) {
          const status = (error as { status?: unknown }).status;
          const next: Level | null = use === 'json_schema' ? 'json_object' : use === 'json_object' ? 'prompt' : null;
          if (mode !== 'auto' || next === null || typeof status !== 'number' || !FORMAT_REFUSED.has(status)) throw error;
          use = next;
        }
      }
    },
  };
}
