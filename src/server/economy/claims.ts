// A reward paid once: the daily layer's quests, bonus and calendar, the campaign's first clears and idle income —
// and whatever pays once next. The claim's row goes in first, in the paying transaction (the player's row already
// locked: transaction.ts); its primary key (player, kind, claim, period) is what refuses a second payment, whatever
// raced it, on any instance. The caller pays only when the row is new.
import type { Db } from './wallet.ts';
import { nowSeconds } from '../foundation/clock.ts';

/** Where a claim is made: its rows' `kind`. */
export type ClaimKind = 'daily' | 'campaign';

export interface Claim {
  userId: string;
  kind: ClaimKind;
  /** what is claimed ('quest:arena_win', 'bonus', 'first_clear' …) */
  claim: string;
  /** what it is claimed for (a day's name, a stage's id …) */
  period: string;
  /** what it pays, kept with the row */
  reward: object;
}

/** Records `c` as claimed; false when it was claimed before (then nothing may be paid). */
export async function claimOnce(trx: Db, c: Claim): Promise<boolean> {
  const inserted = await trx
    .insertInto('claims')
    .values({
      user_id: c.userId,
      kind: c.kind,
      claim: c.claim,
      period: c.period,
      reward: JSON.stringify(c.reward),
      created_at: nowSeconds(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'claim', 'period']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
