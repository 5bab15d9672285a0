// state.json: the run's progress, saved atomically so an interrupted run can resume. A phase's end and run changes
// are saved at once; chunk progress, and the start of a phase that was not done, at most once a second (a resume
// re-checks each chunk's saved work on disk, runs again a phase not recorded as done, and an interruption saves the
// whole state anyway), so a scan of hundreds of chunks, or of phases that take milliseconds, does not fsync each.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { ChunkState, RunState, Status } from '../../artifacts/schemas/state.ts';
import { checkArtifact, writeCheckedArtifact } from '../../artifacts/store.ts';
import type { RunOptions, ScopeOptions } from './options.ts';

/** Chunk progress is written at most this often; phase and run changes flush it at once. */
export const CHUNK_SAVE_INTERVAL_MS = 1000;

export class StateStore {
  private pending: NodeJS.Timeout | undefined;
  private lastSave = 0;
  // Paths whose file record changed since the last save; undefined: check every record (the first save).
  private changedFiles: Set<string> | undefined;

  constructor(
    private readonly outDir: string,
    readonly state: RunState,
  ) {}

  static fresh(outDir: string, identity: RunIdentity, command: string, options: RunOptions, scope: ScopeOptions): StateStore {
    const now = new Date().toISOString();
    return new StateStore(outDir, {
      schemaVersion: 1,
      artifact: 'state',
      run: identity,
      generatedAt: now,
      command,
      options: { ...options },
      scope: { ...scope },
      startedAt: now,
      updatedAt: now,
      status: 'running',
      phases: {},
      chunks: [],
      files: {},
    });
  }

  save(): void {
    clearTimeout(this.pending);
    this.pending = undefined;
    this.lastSave = Date.now();
    const now = new Date().toISOString();
    this.state.updatedAt = now;
    this.state.generatedAt = now;
    // The file records are most of state.json (one per file of the scan; a quarter of a second to check 5,000 of them
    // on every phase change) and change only through recordFile. So each save checks the rest of the state and the
    // records changed since the last save: with those checked before, that is the whole state.
    const files = this.changedFiles ? Object.fromEntries([...this.changedFiles].map((path) => [path, this.state.files[path]])) : this.state.files;
    checkArtifact(this.outDir, 'state', { ...this.state, files } as RunState);
    writeCheckedArtifact(this.outDir, 'state', this.state);
    this.changedFiles = new Set();
  }

  // A failed deferred write is not lost: the next phase or run change writes the same state and throws there.
  private saveSoon(): void {
    if (this.pending) return;
    const wait = this.lastSave + CHUNK_SAVE_INTERVAL_MS - Date.now();
    if (wait <= 0) return this.save();
    this.pending = setTimeout(() => {
      this.pending = undefined;
      try {
        this.save();
      } catch {
        // Written again (and reported) by the next immediate save.
      }
    }, wait);
    this.pending.unref();
  }

  phaseStatus(name: string): Status | undefined {
    return this.state.phases[name]?.status;
  }

  markPhase(name: string, status: Status, error?: string): void {
    const now = new Date().toISOString();
    const previous = this.state.phases[name];
    this.state.phases[name] = {
      status,
      startedAt: status === 'running' ? now : (previous?.startedAt ?? now),
      ...(status === 'running' ? {} : { finishedAt: now }),
      ...(error ? { error } : {}),
    };
    // A start only needs saving at once over 'done': lost, it would leave a re-run phase looking finished.
    if (status === 'running' && previous?.status !== 'done') this.saveSoon();
    else this.save();
  }

  /** Phases after `name` in the pipeline depend on it: forget them when it re-runs. */
  resetPhasesAfter(order: string[], name: string): void {
    const index = order.indexOf(name);
    for (const later of order.slice(index + 1)) delete this.state.phases[later];
  }

  chunk(id: string): ChunkState | undefined {
    return this.state.chunks.find((c) => c.id === id);
  }

  markChunk(id: string, files: string[], status: Status, error?: string): void {
    const existing = this.chunk(id);
    if (existing) {
      existing.status = status;
      if (status === 'running') existing.attempts += 1;
      if (error) existing.error = error;
      else delete existing.error;
    } else {
      this.state.chunks.push({ id, files, status, attempts: status === 'running' ? 1 : 0, ...(error ? { error } : {}) });
    }
    this.saveSoon();
  }

  recordFile(path: string, sha256: string, status: Status): void {
    this.state.files[path] = { sha256, status };
    this.changedFiles?.add(path);
  }

  setRunStatus(status: RunState['status']): void {
    this.state.status = status;
    this.save();
  }
}
