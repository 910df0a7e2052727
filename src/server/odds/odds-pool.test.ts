// The odds pool's queue order (the pool itself runs in tests/api/server-parts.test.ts).
import type { PiscinaTask } from 'piscina';
import { describe, expect, it } from 'vitest';
import { RankedQueue } from './odds-pool.ts';

const task = (name: string, id: number) => ({ name, taskId: id }) as unknown as PiscinaTask;
const drain = (q: RankedQueue) => {
  const out: number[] = [];
  for (let t = q.shift(); t; t = q.shift()) out.push(t.taskId);
  return out;
};

describe('RankedQueue', () => {
  it('hands out a fight’s story first, then estimates, then sets of duels — each kind first come first served', () => {
    const q = new RankedQueue();
    [
      task('default', 1),
      task('screen', 2),
      task('default', 3),
      task('narrate', 4),
      task('wins', 5),
      task('narrate', 6),
    ].forEach((t) => q.push(t));
    expect(q.size).toBe(6);
    expect(drain(q)).toEqual([4, 6, 1, 3, 5, 2]);
    expect(q.size).toBe(0);
    expect(q.shift()).toBeNull();
  });

  it('removes a task from where it waits, and puts one handed back at the head of its kind', () => {
    const q = new RankedQueue();
    const [a, b, c, d] = [task('default', 1), task('default', 2), task('narrate', 3), task('screen', 4)];
    [a, b, c, d].forEach((t) => q.push(t));
    q.remove(b);
    q.unshift(task('default', 5));
    expect(q.size).toBe(4);
    expect(drain(q)).toEqual([3, 5, 1, 4]);
  });
});
