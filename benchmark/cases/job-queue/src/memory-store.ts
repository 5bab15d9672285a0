// In-memory JobStore for tests and single-process deployments.
import type { Job, JobStore } from './types.js';

export class MemoryStore implements JobStore {
  private readonly jobs = new Map<string, Job>();
  private readonly claimed = new Set<string>();
  readonly failed = new Map<string, string>();

  add(job: Job): void {
    this.jobs.set(job.id, job);
  }

  async claimNext(now: number): Promise<Job | undefined> {
    for (const job of this.jobs.values()) {
      if (job.runAt <= now && !this.claimed.has(job.id)) {
        this.claimed.add(job.id);
        return { ...job };
      }
    }
    return undefined;
  }

  async complete(id: string): Promise<void> {
    this.jobs.delete(id);
    this.claimed.delete(id);
  }

  async reschedule(id: string, runAt: number, attempts: number): Promise<void> {
    const job = this.jobs.get(id);
    if (job) this.jobs.set(id, { ...job, runAt, attempts });
    this.claimed.delete(id);
  }

  async fail(id: string, reason: string): Promise<void> {
    this.failed.set(id, reason);
    this.jobs.delete(id);
    this.claimed.delete(id);
  }
}
