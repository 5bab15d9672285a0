export { Worker } from './worker.js';
export type { WorkerOptions } from './worker.js';
export { MemoryStore } from './memory-store.js';
export type { Job, JobStore, Handler } from './types.js';
