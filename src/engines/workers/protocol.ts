// The per-file tasks worker threads run, and the messages between the pool and its workers.
import type { FileRecon, ReconSource } from '../attack-surface/file-recon.ts';
import type { OutgoingCall } from '../static/cross-file/calls.ts';
import type { StoredAnalysis } from '../static/engine.ts';
import type { SourceFile } from '../static/types.ts';

/** Each task: one file in, what that file alone yields out. */
export interface Tasks {
  /** The static engine's analysis of one file (its candidate findings and what the skeptic needs to judge them). */
  hunt: { input: SourceFile; output: StoredAnalysis };
  /** Recon's per-file half (parse, index, entry points, trust boundaries). */
  recon: { input: Pick<ReconSource, 'path' | 'language' | 'content'>; output: FileRecon };
  /** The cross-file pass's per-file step: the tainted arguments the file passes to the modules in `specs`. */
  calls: { input: SourceFile & { specs: string[] }; output: OutgoingCall[] };
}

export type TaskKind = keyof Tasks;

export interface TaskRequest {
  id: number;
  kind: TaskKind;
  input: Tasks[TaskKind]['input'];
}

export type TaskReply = { id: number; output: Tasks[TaskKind]['output'] } | { id: number; error: string };
