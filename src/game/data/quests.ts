// The daily layer's content: the kinds of daily quest (what each asks, in data and in words, what counts toward it
// and what it pays), the bonus for finishing all three, and the seven rewards of the login calendar. The rules that
// use them (which three a player gets on a day, what a fight counts for) are src/game/daily.ts; the server counts
// and pays them (src/server/economy/daily-progress.ts). Amounts: docs/game-rules.md "The daily layer" (npm run sim:economy).
import type { Currency } from './items.ts';
import type { Unlock } from './campaign.ts';

/** A place a fight quest is fought in that a campaign stage's first clear opens (data/campaign.ts UNLOCKS). */
export type QuestPlace = Unlock['kind'];

/** What a claim pays: whole amounts of the four currencies (absent: none). */
export type DailyReward = Readonly<Partial<Record<Currency, number>>>;

/** Every kind of daily quest, by the id clients see as `kind`. */
export const QUEST_KINDS = [
  'arena_win',
  'dungeon_floor',
  'battle_win',
  'turn_based',
  'underdog_win',
  'summon',
  'reroll',
  'use_item',
  'buy_item',
  'watch_replay',
] as const;
export type QuestKind = (typeof QUEST_KINDS)[number];

export interface QuestDef {
  id: QuestKind;
  /** fights: two a day are drawn from these; errands: one a day */
  group: 'fight' | 'errand';
  /** how many counted acts complete it */
  goal: number;
  /** what it asks, as the quest list says it */
  text: string;
  /** what progress counts, after 'N / goal' ('2 / 3 arena wins') */
  unit: string;
  /** what counts, exactly (docs/api.md lists these) */
  counts: string;
  /**
   * the place it is fought in, when a campaign stage opens it: drawn only for a player who had it open when the day
   * began (src/game/daily.ts questsOfDay). Absent: team battles, open to every player from the start.
   */
  needs?: QuestPlace;
  reward: DailyReward;
}

export const QUESTS = [
  {
    id: 'arena_win',
    group: 'fight',
    goal: 3,
    text: 'Win 3 arena duels',
    unit: 'arena wins',
    counts: 'an arena duel won (POST /api/arena/battle)',
    needs: 'arena',
    reward: { gold: 1350, magic_essence: 100, combat_tokens: 15 },
  },
  {
    id: 'dungeon_floor',
    group: 'fight',
    goal: 3,
    text: 'Clear 3 dungeon floors',
    unit: 'floors cleared',
    counts: 'a dungeon floor won (POST /api/dungeon-runs/{id}/battle), a boss fought turn by turn too',
    needs: 'dungeon',
    reward: { gold: 1350, magic_essence: 100, combat_tokens: 15 },
  },
  {
    id: 'battle_win',
    group: 'fight',
    goal: 2,
    text: 'Win 2 team battles',
    unit: 'team battles won',
    counts: 'a team battle won, quick or turn-based (POST /api/battles)',
    reward: { gold: 1350, magic_essence: 100, combat_tokens: 15 },
  },
  {
    id: 'turn_based',
    group: 'fight',
    goal: 1,
    text: 'Finish a turn-based battle',
    unit: 'turn-based battle finished',
    counts:
      'a turn-based battle played to its end, won, lost or drawn (a dungeon boss fought turn by turn too; not one abandoned for another)',
    reward: { gold: 1700, magic_essence: 120, combat_tokens: 18 },
  },
  {
    id: 'underdog_win',
    group: 'fight',
    goal: 1,
    text: 'Win a fight at under 50% odds',
    unit: 'underdog win',
    counts: 'any fight won whose stated win chance was under 50% (quick, turn-based, arena or dungeon)',
    reward: { gold: 1700, magic_essence: 120, combat_tokens: 18 },
  },
  {
    id: 'summon',
    group: 'errand',
    goal: 1,
    text: 'Summon a pair of heroes',
    unit: 'summon',
    counts: 'a summon paid for: a new pair (the POST /api/characters/generate that answers charged)',
    reward: { gold: 1350, magic_essence: 150, combat_tokens: 5 },
  },
  {
    id: 'reroll',
    group: 'errand',
    goal: 1,
    text: "Reroll a hero's abilities",
    unit: 'reroll',
    counts: 'a paid reroll (POST /api/heroes/{id}/reroll-abilities)',
    reward: { gold: 1350, magic_essence: 150, combat_tokens: 5 },
  },
  {
    id: 'use_item',
    group: 'errand',
    goal: 1,
    text: 'Use an item from your inventory',
    unit: 'item used',
    counts: 'an inventory item used (POST /api/inventory/use)',
    reward: { gold: 1350, magic_essence: 150, combat_tokens: 5 },
  },
  {
    id: 'buy_item',
    group: 'errand',
    goal: 1,
    text: 'Buy an item in the shop',
    unit: 'item bought',
    counts: 'a shop purchase (POST /api/shop/purchase)',
    reward: { gold: 1350, magic_essence: 150, combat_tokens: 5 },
  },
  {
    id: 'watch_replay',
    group: 'errand',
    goal: 1,
    text: 'Watch a replay of a fight',
    unit: 'replay watched',
    counts: 'a finished fight’s replay opened by the player (GET /api/battles/{id}/replay?user_id=)',
    reward: { gold: 1350, magic_essence: 150, combat_tokens: 5 },
  },
] as const satisfies readonly QuestDef[];

/** Quests a day: two fights and one errand. */
export const QUESTS_PER_DAY = { fight: 2, errand: 1 } as const;

/** For finishing all three of a day's quests. */
export const DAILY_BONUS: DailyReward = { gold: 1350, summoning_scrolls: 2 };

/** The login calendar: the Nth day a player claims pays reward N; after the 7th a new calendar starts. */
export const CALENDAR: readonly DailyReward[] = [
  { gold: 600 },
  { magic_essence: 300 },
  { gold: 1200 },
  { combat_tokens: 50 },
  { gold: 1600 },
  { magic_essence: 500, summoning_scrolls: 1 },
  { gold: 2500, summoning_scrolls: 3 },
];
