// The pool's queue: which task a worker takes next. Tasks with the same affinity (the same file text) go to the worker
// that took the first of them, so that worker's memos (the static engine's candidate memo) answer the repeats instead
// of a second worker analysing the text again. Affinity only steers scheduling: any worker gives a task the same result.
// A worker with nothing to do takes another worker's repeats rather than idle (at the end of a run, the owner may be
// busy with a long file). Pure: the pool (pool.ts) does the posting.

export interface Queued {
  /** Tasks with equal affinity prefer one worker; none: any worker. */
  readonly affinity?: string;
}

interface Group<S, T> {
  /** The worker that took the group's first task; undefined while that task is still queued. */
  owner?: S;
  /** Tasks of the group that came while its first was still queued, in order. */
  waiting: T[];
}

/** Groups kept at most: the oldest owned groups are forgotten first (a forgotten group only loses the steering). */
export const GROUPS_KEPT = 65_536;

export class AffinityQueue<S, T extends Queued> {
  /** Tasks no worker is bound to, in order (each group's first among them). */
  private readonly unbound: T[] = [];
  private readonly groups = new Map<string, Group<S, T>>();
  /** The repeats bound to each worker, in order. */
  private readonly pinned = new Map<S, T[]>();

  private count = 0;

  /** Tasks not yet taken. */
  get size(): number {
    return this.count;
  }

  /** Whether a task no worker is bound to is waiting (a new worker would have something of its own to take). */
  get hasUnbound(): boolean {
    return this.unbound.length > 0;
  }

  push(task: T): void {
    this.place(task, this.unbound.length);
  }

  /** Puts tasks a worker held back (it is gone) at the front, in their order. */
  requeue(tasks: readonly T[]): void {
    let at = 0;
    for (const task of tasks) if (this.place(task, at)) at++;
  }

  /** The next task for `worker`: its own repeats first, then the oldest unbound task; an `idle` worker takes another
   *  worker's repeats when nothing else is left. */
  next(worker: S, idle: boolean): T | undefined {
    const task = this.take(worker, idle);
    if (task) this.count--;
    return task;
  }

  private take(worker: S, idle: boolean): T | undefined {
    const own = this.pinned.get(worker);
    if (own && own.length > 0) return own.shift();
    const first = this.unbound.shift();
    if (first) {
      if (first.affinity !== undefined) this.bind(first.affinity, worker);
      return first;
    }
    if (!idle) return undefined;
    let victim: T[] | undefined;
    for (const [other, list] of this.pinned) if (other !== worker && list.length > (victim?.length ?? 0)) victim = list;
    return victim?.pop();
  }

  /** A worker is gone: its repeats go back to the front, and the groups it owned start afresh. */
  forget(worker: S): void {
    const own = this.pinned.get(worker) ?? [];
    this.pinned.delete(worker);
    this.count -= own.length;
    for (const [key, group] of this.groups) if (group.owner === worker) this.groups.delete(key);
    this.requeue(own);
  }

  /** Every task not yet taken (closing the pool), in no promised order. */
  takeAll(): T[] {
    const all = [...this.unbound, ...[...this.pinned.values()].flat(), ...[...this.groups.values()].flatMap((g) => g.waiting)];
    this.unbound.length = 0;
    this.count = 0;
    this.pinned.clear();
    this.groups.clear();
    return all;
  }

  /** Queues a task; true when it went among the unbound ones, at index `at`. */
  private place(task: T, at: number): boolean {
    this.count++;
    const group = task.affinity === undefined ? undefined : this.groups.get(task.affinity);
    if (!group) {
      if (task.affinity !== undefined) this.remember(task.affinity);
      this.unbound.splice(at, 0, task);
      return true;
    }
    if (group.owner === undefined) group.waiting.push(task);
    else this.pinnedOf(group.owner).push(task);
    return false;
  }

  /** The group's first task went to `worker`: the tasks waiting behind it follow. */
  private bind(affinity: string, worker: S): void {
    const group = this.groups.get(affinity);
    if (!group || group.owner !== undefined) return;
    group.owner = worker;
    this.pinnedOf(worker).push(...group.waiting);
    group.waiting = [];
  }

  private pinnedOf(worker: S): T[] {
    let list = this.pinned.get(worker);
    if (!list) this.pinned.set(worker, (list = []));
    return list;
  }

  private remember(affinity: string): void {
    this.groups.set(affinity, { waiting: [] });
    if (this.groups.size <= GROUPS_KEPT) return;
    // Only an owned group can go: an unowned one holds tasks waiting for its first.
    for (const [key, old] of this.groups) {
      if (old.owner !== undefined) {
        this.groups.delete(key);
        return;
      }
    }
  }
}
