// The kinds of fight, one file each: its plan (what it meets, where, what a win pays, the key of its odds), how it
// opens and how it ends (pay, progress, claims, the ledger's reason). The runners — fights.ts for a fight resolved
// at once, turn-battle-store.ts for one steered turn by turn — and GET /api/odds read them and name no kind.
// The kinds open their battles through the runners, which read the turn kinds here when a battle ends or is read:
// so nothing here is read while the modules load.
import type { OddsQuery } from '../../../api/odds.ts';
import type { FightKind } from '../../../game/types.ts';
import type { Ctx } from '../../context.ts';
import type { FightPlan } from '../fight-plans.ts';
import type { StoredBattle, TurnKind } from '../turn-battle-store.ts';
import * as arena from './arena.ts';
import * as campaign from './campaign.ts';
import * as dungeon from './dungeon.ts';
import * as random from './random.ts';

/** GET /api/odds: the plan of the fight the query names, by its kind. */
export function oddsPlan(ctx: Ctx, q: OddsQuery): Promise<FightPlan> {
  const kinds: Record<FightKind, { oddsPlan: typeof random.oddsPlan }> = { random, arena, dungeon, campaign };
  return kinds[q.kind].oddsPlan(ctx, q);
}

/** The kind of a battle fought turn by turn, by the data it keeps (a random battle keeps none). */
export function turnKindOf(stored: Pick<StoredBattle, 'dungeon' | 'campaign'>): TurnKind {
  const turnKinds = [dungeon.dungeonTurn, campaign.campaignTurn, random.randomTurn];
  return turnKinds.find((k) => k.owns(stored))!;
}
