// Polls the store and runs jobs with at most `concurrency` in flight.
import type { Handler, Job, JobStore } from './types.js';
import { backoff } from './backoff.js';

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  maxAttempts: number;
}

export class Worker {
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly handlers = new Map<string, Handler>();

  constructor(
    private readonly store: JobStore,
    private readonly options: WorkerOptions,
  ) {}

  register(type: string, handler: Handler): void {
    this.handlers.set(type, handler);
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.pollMs);
  }

  async stop(): Promise<void> {
    while (this.running > 0) await new Promise((r) => setTimeout(r, 50));
  }

  private async tick(): Promise<void> {
    while (this.running < this.options.concurrency) {
      const job = await this.store.claimNext(Date.now());
      if (!job) return;
      this.running++;
      this.execute(job).finally(() => {
        this.running--;
      });
    }
  }

  private async execute(job: Job): Promise<void> {
    const handler = this.handlers.get(job.type);
    if (!handler) {
      await this.store.fail(job.id, `no handler for ${job.type}`);
      return;
    }
    try {
      await handler(job.payload);
      this.store.complete(job.id);
    } catch (error) {
      const attempts = job.attempts + 1;
      if (attempts >= this.options.maxAttempts) {
        await this.store.fail(job.id, String(error));
      } else {
        await this.store.reschedule(job.id, Date.now() + backoff(attempts), attempts);
      }
    }
  }
}
