// createModelClient: routes each role to its provider and model, then judges the answer (cap, JSON, schema,
// caller check) with ONE repair turn before failing closed with 'invalid-output'. Record mode stores each
// call under <out>/transcripts/; replay providers answer from there.
import { resolve } from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import { ProviderError, UsageError } from '../../foundations/errors.ts';
import type { Logger } from '../../foundations/logger.ts';
import type { Budget } from '../budget/budget.ts';
import { ROLES } from '../config/schema.ts';
import { providerFor, type ResolvedConfig } from '../config/resolve.ts';
import type { TokenUsage } from '../budget/cost.ts';
import type { Backend, CompleteRequest, CompleteResult, ModelClient, Role, Turn } from './types.ts';
import { apiKeyFor } from './keys.ts';
import { createBackend, DEFAULT_CONCURRENCY } from './backends.ts';
import { callWithRetries, CallCancelledError } from './call.ts';
import { judgeOutput } from './output.ts';
import { repairTurns } from './prompt.ts';
import { createRedactor, exactRedactor, type Redactor } from './redact.ts';
import { promptHash, transcriptsDir, writeTranscript } from './transcripts.ts';
import { replayCall } from './replay.ts';
import type { Transcript } from './transcript-schema.ts';
import type { EvidenceCache } from '../cache/store.ts';
import { CachedAnswer, modelCallKey } from '../cache/model-call.ts';
import { validate } from '../../artifacts/validate.ts';

export interface ClientOptions {
  /** Artifact folder: transcripts are recorded to / replayed from <outDir>/transcripts. */
  outDir?: string;
  budget?: Budget;
  /** Where API keys are read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Record every call (overrides config.record). */
  record?: boolean;
  log?: Logger;
  /** Jitter source, for tests. */
  random?: () => number;
  /** The evidence cache: an answer given before to the very same call is replayed (re-checked, no tokens). */
  cache?: EvidenceCache;
}

export interface ModelClientHandle extends ModelClient {
  /** Redacts every key this client holds from a string (for callers that log provider errors). */
  redact: Redactor;
}

const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;
const TRANSCRIPT_TEXT_CAP = 20_000;

interface Route {
  name: string;
  backend: Backend | null;
  limit: LimitFunction;
}

export function createModelClient(config: ResolvedConfig, options: ClientOptions = {}): ModelClientHandle {
  const env = options.env ?? process.env;
  const used = new Set(ROLES.map((r) => config.roles[r].provider));
  const keys = new Map<string, string>();
  for (const name of used) keys.set(name, apiKeyFor(name, config.providers[name]!, env));
  const redact = createRedactor(keys.values());
  const redactTranscript = exactRedactor(keys.values());
  const routes = new Map<string, Route>();
  for (const name of used) {
    const provider = config.providers[name]!;
    const backend = createBackend(name, provider, keys.get(name)!, { maxOutputChars: config.maxOutputChars, redact, cwd: config.baseDir });
    routes.set(name, { name, backend, limit: pLimit(provider.concurrency ?? DEFAULT_CONCURRENCY[provider.type]) });
  }
  const record = options.record ?? config.record;
  if (record && !options.outDir) throw new UsageError('Recording model calls needs an artifact folder (outDir) for transcripts.');

  function replayDir(name: string): string {
    const dir = config.providers[name]?.transcriptsDir;
    if (dir) return resolve(config.baseDir, dir);
    if (!options.outDir) throw new UsageError(`Replay provider '${name}' needs providers.${name}.transcriptsDir or an artifact folder.`);
    return transcriptsDir(options.outDir);
  }

  async function complete<T>(req: CompleteRequest<T>): Promise<CompleteResult<T>> {
    const { name, provider, binding } = providerFor(config, req.role);
    const route = routes.get(name)!;
    if (provider.type === 'static') {
      throw new ProviderError(`Role '${req.role}' is served by the static engine; no model is configured for it.`, 'other', false);
    }
    if (provider.type === 'replay') return route.limit(() => replayCall(replayDir(name), req, config.maxOutputChars));
    const backend = route.backend!;
    const started = performance.now();
    const model = binding.model ?? 'default';
    const maxOutputTokens = req.maxOutputTokens ?? binding.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    const ctx = {
      role: req.role,
      providerName: name,
      backend,
      limit: route.limit,
      timeoutMs: provider.timeoutMs ?? (provider.type === 'command' ? config.timeouts.commandMs : config.timeouts.callMs),
      retries: config.retries,
      redact,
      budget: options.budget,
      log: options.log,
      random: options.random,
    };
    // An agent that edits files in a working directory acts, not only answers: its call is never replayed from the cache.
    const cache = options.cache?.dir && !req.workdir ? options.cache : undefined;
    const key = cache
      ? modelCallKey({ provider: name, type: provider.type, ...(endpointOf(provider) ? { endpoint: endpointOf(provider)! } : {}), model, role: req.role, system: req.system, prompt: req.prompt, schemaName: req.schemaName, schema: req.schema, maxOutputTokens })
      : undefined;
    // Recording wants every exchange in transcripts/, so it asks the model even when the cache knows the answer.
    const cached = cache && key && !record ? cache.get('model', key, CachedAnswer) : undefined;
    // A hit is re-checked like a fresh answer (schema and the caller's check); one that fails is asked again.
    if (cached && validate(req.schema, cached.value).ok && (req.check?.(cached.value as T) ?? []).length === 0) {
      options.budget?.cacheHit();
      return { value: cached.value as T, usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: performance.now() - started, model: cached.model, provider: name, attempts: 0 };
    }
    const exchanges: Transcript['exchanges'] = [];
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    let attempts = 0;
    let reportedModel = model;
    let turns: Turn[] = [{ role: 'user', content: req.prompt }];
    const save = (outcome: Transcript['outcome'], latencyMs = performance.now() - started) => {
      if (!record) return;
      writeTranscript(
        transcriptsDir(options.outDir!),
        {
          schemaVersion: 1,
          kind: 'bug-hunter-transcript',
          role: req.role,
          promptHash: promptHash(req),
          recordedAt: new Date().toISOString(),
          provider: name,
          model: reportedModel,
          request: { system: req.system, prompt: req.prompt, schemaName: req.schemaName, maxOutputTokens },
          exchanges,
          outcome,
          usage,
          attempts,
          latencyMs,
        },
        redactTranscript,
      );
    };
    try {
      for (let repaired = false; ; repaired = true) {
        const { response, attempts: tries } = await callWithRetries(
          ctx,
          { model, system: req.system, turns, schema: req.schema, schemaName: req.schemaName, maxOutputTokens, ...(req.workdir ? { workdir: req.workdir } : {}) },
          req.signal,
        );
        attempts += tries;
        usage.inputTokens += response.usage.inputTokens;
        usage.outputTokens += response.usage.outputTokens;
        reportedModel = response.model;
        const verdict = judgeOutput<T>(response, req.schema, config.maxOutputChars, req.check);
        exchanges.push({ text: response.text.slice(0, TRANSCRIPT_TEXT_CAP), usage: { ...response.usage }, problems: verdict.ok ? [] : verdict.problems });
        if (verdict.ok) {
          const result: CompleteResult<T> = { value: verdict.value, usage, latencyMs: performance.now() - started, model: reportedModel, provider: name, attempts };
          save({ ok: true, value: verdict.value }, result.latencyMs);
          if (cache && key) cache.put('model', key, { value: verdict.value, model: reportedModel });
          return result;
        }
        if (repaired) {
          throw new ProviderError(
            `Provider '${name}' (${reportedModel}) gave no acceptable ${req.schemaName} for role '${req.role}', even after a repair turn: ${verdict.problems.join('; ')}`.slice(0, 2_000),
            'invalid-output',
            false,
          );
        }
        turns = [...turns, ...repairTurns(response.text, verdict.problems)];
      }
    } catch (error) {
      // Budget refusals and cancellations say nothing about the model; everything else replays as it happened.
      if (error instanceof ProviderError && error.kind !== 'budget' && !(error instanceof CallCancelledError)) {
        save({ ok: false, kind: error.kind, message: redact(error.message), retryable: error.retryable });
      }
      throw error;
    }
  }

  return { complete, redact };
}

export type { Role };

/** What a provider talks to: its base URL, or the command it runs (a different agent is a different answer). */
function endpointOf(provider: { baseURL?: string | undefined; command?: string[] | undefined }): string | undefined {
  return provider.baseURL ?? (provider.command ? JSON.stringify(provider.command) : undefined);
}
