// Housekeeping run every few minutes by app.ts: expires idle turn-based battles, forgets stale candidates and
// Idempotency-Keys older than a day (idempotency.ts), and
// bounds the fights kept for replays — each player's latest FIGHTS_KEPT, plus any fight whose replay someone opened
// in the last OPENED_KEPT_S — so storage grows with players, not with every fight ever fought; arena wins older than
// the repeat-win rule's window are forgotten (fights/rating-store.ts), and daily quest progress and claims of days a month past
// (economy/daily-progress.ts); expired sessions and WebAuthn challenges (accounts/sessions.ts).
import { sql, type Kysely } from 'kysely';
import { REPEAT_WIN_WINDOW_S } from '../game/rewards.ts';
import { nowSeconds } from './foundation/clock.ts';
import type { Database } from './store/tables.ts';
import { pruneCandidates } from './heroes/summoning.ts';
import { pruneDaily } from './economy/daily-progress.ts';
import { pruneIdempotencyKeys } from './http/idempotency.ts';
import { idleBefore } from './fights/battle-expiry.ts';
import { runLiveClocks, type LivePlay } from './fights/live-matches.ts';
import { settleLeftOver } from './fights/kinds/live.ts';
import { pruneSessions } from './accounts/sessions.ts';

/** Fights kept per player for history and replays (the newest). */
export const FIGHTS_KEPT = 500;
/** A fight older than that stays while its replay was opened by link within this long. */
export const OPENED_KEPT_S = 30 * 24 * 3600;

/** Deletes finished fights past each player's newest `kept` whose replay no one opened lately. */
export async function pruneFights(db: Kysely<Database>, kept = FIGHTS_KEPT): Promise<number> {
  const cutoff = nowSeconds() - OPENED_KEPT_S;
  const r = await db
    .deleteFrom('battles')
    .where('status', '!=', 'active')
    .where((eb) => eb.or([eb('replay_opened_at', 'is', null), eb('replay_opened_at', '<', cutoff)]))
    .where(
      'id',
      'in',
      db
        .selectFrom(
          db
            .selectFrom('battles')
            .select([
              'id',
              sql<number>`row_number() over (partition by user_id order by created_at desc, id desc)`.as(
                'rank',
              ),
            ])
            .as('ranked'),
        )
        .select('ranked.id')
        .where('ranked.rank', '>', kept),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function sweepStale(
  db: Kysely<Database>,
): Promise<{ expiredBattles: number; prunedFights: number }> {
  const r = await db
    .updateTable('battles')
    .set({ status: 'expired', state: null })
    .where('status', '=', 'active')
    .where('updated_at', '<', idleBefore())
    .executeTakeFirst();
  await pruneCandidates(db);
  await pruneIdempotencyKeys(db);
  await pruneSessions(db);
  await db
    .deleteFrom('arena_wins')
    .where('won_at', '<=', nowSeconds() - REPEAT_WIN_WINDOW_S)
    .execute();
  const prunedFights = await pruneFights(db);
  await pruneDaily(db);
  return { expiredBattles: Number(r.numUpdatedRows), prunedFights };
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Runs the sweep (and the rate limits' own pruning) every SWEEP_EVERY_MS, a failure logged; answers how to stop.
 * Reads already treat what it removes as gone, so when it runs never changes an answer.
 */
export function startSweeps(
  db: Kysely<Database>,
  limits: { prune(): Promise<void> } | null,
  log: { warn(obj: object, msg: string): void },
  live?: LivePlay,
): () => void {
  const timer = setInterval(
    () =>
      void Promise.all([sweepStale(db), limits?.prune(), live && settleLeftOver(db)]).catch((err) =>
        log.warn({ err }, 'sweep failed'),
      ),
    SWEEP_EVERY_MS,
  );
  timer.unref();
  // Live matches' clocks: a side whose time and bank are up is chosen for (fights/live-matches.ts), one pass at a time.
  let ticking = false;
  const clock = live
    ? setInterval(() => {
        if (ticking) return;
        ticking = true;
        runLiveClocks(db, live)
          .catch((err) => log.warn({ err }, 'live clocks failed'))
          .finally(() => (ticking = false));
      }, LIVE_TICK_MS)
    : null;
  clock?.unref();
  return () => {
    clearInterval(timer);
    if (clock) clearInterval(clock);
  };
}

/** How often the live matches' clocks are looked at. */
export const LIVE_TICK_MS = 250;
