// The one small interface every role uses to ask a model for a schema-shaped JSON object,
// and the narrower Backend interface each provider implements (one HTTP/CLI exchange, no retries).
import type { TSchema } from '@sinclair/typebox';
import type { TokenUsage } from '../budget/cost.ts';
import type { Role } from '../config/schema.ts';

export type { Role };

export interface CompleteRequest<T> {
  role: Role;
  system: string;
  prompt: string;
  /** TypeBox schema the answer must satisfy. */
  schema: TSchema;
  /** Short name for the schema (tool / response-format name): letters, digits, _ and -. */
  schemaName: string;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /** Extra check on the parsed object, e.g. files inside the chunk; returns problems (empty = fine). */
  check?: (value: T) => string[];
  /** Where an agent CLI (the command backend) runs and may edit files; other backends ignore it. */
  workdir?: string;
}

export interface CompleteResult<T> {
  value: T;
  usage: TokenUsage;
  latencyMs: number;
  model: string;
  provider: string;
  /** Backend exchanges made: retries and the repair turn included. */
  attempts: number;
}

export interface ModelClient {
  complete<T>(req: CompleteRequest<T>): Promise<CompleteResult<T>>;
}

/** One turn of the conversation a backend sends; the repair turn adds an assistant + user pair. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface BackendRequest {
  model: string;
  system: string;
  turns: Turn[];
  schema: TSchema;
  schemaName: string;
  maxOutputTokens: number;
  /** Aborts on caller cancellation or per-call timeout. */
  signal: AbortSignal;
  timeoutMs: number;
  /** The command backend's working directory for this exchange (else its configured one). */
  workdir?: string;
}

export interface BackendResponse {
  /** The raw answer text (for the size cap, the repair turn and transcripts). */
  text: string;
  /** Already-parsed object when the protocol delivers one (anthropic tool input); else parsed from text. */
  parsed?: unknown;
  usage: TokenUsage;
  /** Model id reported by the provider (falls back to the requested one). */
  model: string;
}

/** A provider: one exchange per call, throwing ProviderError on failure. Retries, caps and validation live in the client. */
export interface Backend {
  readonly type: string;
  /** One-time setup (loading the SDK) done before an exchange's timeout starts, so a slow import is never a timed-out attempt. */
  prepare?(): Promise<void>;
  send(req: BackendRequest): Promise<BackendResponse>;
}
