export interface Job {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  runAt: number;
}

export interface JobStore {
  claimNext(now: number): Promise<Job | undefined>;
  complete(id: string): Promise<void>;
  reschedule(id: string, runAt: number, attempts: number): Promise<void>;
  fail(id: string, reason: string): Promise<void>;
}

export type Handler = (payload: unknown) => Promise<void>;
