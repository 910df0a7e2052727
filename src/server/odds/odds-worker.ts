// The odds pool's worker (see odds-pool.ts): runs the rules core's Monte-Carlo estimate, and the simulated
// battle that tells a fight's story, in its own thread.
import { threadId } from 'node:worker_threads';
import { estimateOdds, narrateFight, sampleWins } from '../../game/index.ts';
import { screenMatchups } from '../../game/fair-screen.ts';
import type { NarrateTask, Odds, OddsTask, ScreenTask, Story, WinsTask } from './odds-pool.ts';

// This worker runs at the request thread's priority, never niced: its estimates are the fights' own work, which
// players wait on (docs/scale-out.md, "Under a flood of fights").

export default function estimate(task: OddsTask): Odds & { thread: number } {
  const r = estimateOdds(task.seed, task.a, task.b);
  return { probability: r.probability, samples: r.samples, thread: threadId };
}

/** Side A's wins over one share of an estimate's battles (an estimate spread over idle threads: odds-pool.ts). */
export function wins(task: WinsTask): { wins: number; thread: number } {
  return { wins: sampleWins(task.seed, task.a, task.b, task.from, task.to), thread: threadId };
}

/** Matchups measured until enough are fair, or the task's battles are spent: a part of Find a fair match's set. */
export function screen(task: ScreenTask): ReturnType<typeof screenMatchups> {
  return screenMatchups(task.items, task.need, task.budget);
}

/** The story of a battle that ended the way the roll said (the rules core simulates until one does). */
export function narrate(task: NarrateTask): Story {
  return narrateFight(task.seed, task.a, task.b, task.won);
}
