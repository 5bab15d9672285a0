import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AffinityQueue } from '../../../src/engines/workers/affinity-queue.ts';
import { textAffinity } from '../../../src/engines/workers/pool.ts';
import { prng } from '../../../scripts/kit/seeded-random.ts';

interface T { id: number; affinity?: string }

test('repeats of a text go to the worker that took its first, which takes them before any other task', () => {
  const q = new AffinityQueue<string, T>();
  q.push({ id: 0, affinity: 'a' });
  q.push({ id: 1, affinity: 'b' });
  q.push({ id: 2, affinity: 'a' });
  q.push({ id: 3 });
  q.push({ id: 4, affinity: 'b' });
  assert.equal(q.size, 5);
  assert.equal(q.next('w1', true)?.id, 0);
  assert.equal(q.next('w2', true)?.id, 1);
  // w1 owns a: its repeat comes before the next unbound task; w2 owns b likewise.
  assert.equal(q.next('w2', false)?.id, 4);
  assert.equal(q.next('w1', false)?.id, 2);
  assert.equal(q.next('w1', false)?.id, 3);
  assert.equal(q.next('w1', true), undefined);
  assert.equal(q.size, 0);
  // A repeat pushed after its group's first was taken goes straight to the owner, not to another worker with room.
  q.push({ id: 5, affinity: 'a' });
  assert.equal(q.next('w2', false), undefined);
  assert.equal(q.next('w1', false)?.id, 5);
});

test('an idle worker takes another worker\'s repeats when nothing unbound is left; a busy one does not', () => {
  const q = new AffinityQueue<string, T>();
  q.push({ id: 0, affinity: 'a' });
  assert.equal(q.next('w1', true)?.id, 0);
  q.push({ id: 1, affinity: 'a' });
  q.push({ id: 2, affinity: 'a' });
  assert.equal(q.next('w2', false), undefined);
  assert.equal(q.next('w2', true)?.id, 2, 'the idle worker takes the last repeat, leaving the owner its next one');
  assert.equal(q.next('w1', false)?.id, 1);
});

test('a lost worker\'s repeats and held-back tasks come back at the front, in order, and its groups start afresh', () => {
  const q = new AffinityQueue<string, T>();
  for (const [id, affinity] of [[0, 'a'], [1, 'a'], [2, 'c'], [3, 'a']] as const) q.push({ id, affinity });
  assert.equal(q.next('w1', true)?.id, 0);
  // w1 held task 9 (posted, not started) when it died; its repeats 1 and 3 go back too.
  q.forget('w1');
  q.requeue([{ id: 9 }]);
  assert.equal(q.size, 4);
  assert.deepEqual([q.next('w2', true)?.id, q.next('w2', false)?.id, q.next('w2', false)?.id, q.next('w2', false)?.id], [9, 1, 3, 2]);
});

test('generated runs: every task is taken exactly once, and the repeats of a group go only to its first taker or to an idle worker', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const random = prng(seed);
    const pick = <X>(xs: readonly X[]): X => xs[Math.floor(random() * xs.length)]!;
    const q = new AffinityQueue<string, T>();
    const workers = ['w1', 'w2', 'w3'];
    const alive = new Set(workers);
    const pushed = new Set<number>();
    const taken: { id: number; worker: string; idle: boolean }[] = [];
    const owner = new Map<string, string>();
    const lost = new Set<string>();
    let nextId = 0;
    for (let step = 0; step < 200; step++) {
      const r = random();
      if (r < 0.45) {
        const affinity = random() < 0.2 ? undefined : pick(['a', 'b', 'c', 'd', 'e', 'f']);
        const task: T = { id: nextId++, affinity };
        pushed.add(task.id);
        q.push(task);
      } else if (r < 0.97 || alive.size === 1) {
        const worker = pick([...alive]);
        const idle = random() < 0.3;
        const task = q.next(worker, idle);
        if (task) {
          taken.push({ id: task.id, worker, idle });
          // A group stays with its first taker unless that worker died: only an idle worker takes another's repeat.
          if (task.affinity !== undefined && !lost.has(task.affinity)) {
            const first = owner.get(task.affinity);
            if (first === undefined) owner.set(task.affinity, worker);
            else if (alive.has(first)) assert.ok(first === worker || idle, `seed ${seed}: ${task.affinity}'s repeat went to busy ${worker}, not its owner ${first}`);
          }
        }
      } else {
        const worker = pick([...alive]);
        alive.delete(worker);
        q.forget(worker);
        for (const [affinity, w] of owner) if (w === worker) lost.add(affinity);
      }
      assert.equal(q.size, pushed.size - taken.length, `seed ${seed}: size`);
    }
    const rest = q.takeAll().map((t) => t.id);
    assert.equal(q.size, 0);
    const all = [...taken.map((t) => t.id), ...rest].sort((a, b) => a - b);
    assert.deepEqual(all, [...pushed].sort((a, b) => a - b), `seed ${seed}: every task taken exactly once`);
  }
});

test('the text fingerprint: equal texts agree; a change in length or in a sampled character does not', () => {
  const text = 'const a = 1;\n'.repeat(500);
  // The same text built apart (another string object, as a second file's read gives) steers alike.
  assert.equal(textAffinity(text), textAffinity(Array.from({ length: 500 }, () => 'const a = 1;\n').join('')));
  assert.notEqual(textAffinity(text), textAffinity(`${text} `));
  assert.notEqual(textAffinity(text), textAffinity(`x${text.slice(1)}`));
  assert.notEqual(textAffinity('ab'), textAffinity('ba'));
});
