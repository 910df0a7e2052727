// The odds pool's worker (see odds-pool.ts): runs the rules core's Monte-Carlo estimate in its own thread.
import { threadId } from 'node:worker_threads';
import { estimateOdds } from '../game/index.ts';
import type { Odds, OddsTask } from './odds-pool.ts';

export default function estimate(task: OddsTask): Odds & { thread: number } {
  const r = estimateOdds(task.seed, task.a, task.b);
  return { probability: r.probability, samples: r.samples, thread: threadId };
}
