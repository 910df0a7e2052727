// The season's players (bench/season.ts): three styles of a sensible player, each an account of its own, playing
// the real server through its HTTP API (./season-client.ts) for a number of minutes a day on the game's clock.
//
// - dailies: claims the calendar and idle income, does its three quests, claims them and the bonus, then plays what it
//   likes — the campaign while it is a fair fight, then the open dungeon and tier whose stated pay a minute is best.
// - fighter: pushes the campaign while the stated chance is fair, then fights whatever pays best a minute — a random
//   battle, a dungeon floor, an arena duel or a cleared stage again — by the odds and pay the server states
//   (GET /api/odds, Find a fair match), never its own reckoning.
// - turns: plays turn-based battles through the API, choosing the first offered option each turn (the options come
//   best first): the campaign while fair, then the turn-based battle whose stated pay a minute is best.
//
// Every style claims what it has earned, then spends as a sensible player: summons with every scroll and keeps the
// rarer candidate; fields its four rarest heroes (the stronger first among equals), keeps the two strongest others on
// the bench to field against a stage its four state under 40% at (unless the next star waits on shards), and
// dismisses the rest for Star Shards; raises the team's lowest hero a star when the shards and essence pay for it; buys and wears the pieces of
// one gear set per hero with its tokens (Champion's Banners, then Victor's Coffers once every set is worn); buys
// stat upgrades, then training (POST /api/heroes/{id}/train), with its gold, then Summoner's Seals; and turns
// essence and shards the next star does not need into summons (Astral Sigils, fused shards). What it
// cannot buy next, it notes with the server's figures ("2→3★ star (Aela): 1,500 essence …, holds 800").
//
// Time: fights and decisions by the game's play-time model (src/game/play-time.ts); errands by PLAY_S below (an
// assumption each, not a measurement). The clock moves by each act's seconds as the bot plays, so the server credits a
// turn-based battle by its own clock.
import { randomUUID } from 'node:crypto';
import { CHOOSE_S, MEASURED_BATTLE_MID_S, QUICK_FIGHT_S } from '../src/game/play-time.ts';
import { heroPower } from '../src/game/campaign.ts';
import { GEAR_LIST, GEAR_SLOTS, GEAR_SETS } from '../src/game/data/gear.ts';
import { ITEMS_BY_ID } from '../src/game/data/items.ts';
import type { Hero } from '../src/game/types.ts';
import { MAX_TRAINING, trainingCost } from '../src/api/rules.ts';
import type { Answer, Operation } from '../src/web/api/client.ts';
import { must, type GameServer, type Reply } from './season-client.ts';

export type Style = 'dailies' | 'fighter' | 'turns';
export const STYLES: readonly Style[] = ['dailies', 'fighter', 'turns'];

/** Decisions in a 4v4 steered turn by turn: the median the economy simulation counts on the real engine. */
const DECISIONS_A_BATTLE = 17;

/**
 * How many of a dungeon's deepest open tiers a survey asks the odds of: the deepest open one is near an even fight
 * (tiers open near their recommended power), so the band and the best pay are among the few below it.
 */
const SURVEY_TIERS = 6;

/** Seconds each act takes in play. Fights and decisions: src/game/play-time.ts; the errands are assumptions. */
export const PLAY_S = {
  /** a quick fight: a quick battle, an arena duel, a dungeon floor, a stage at once (measured) */
  quickFight: QUICK_FIGHT_S,
  /** choosing an arena opponent, or the team of a new dungeon run (measured) */
  choose: CHOOSE_S,
  /** one decision of a turn-based battle: the measured battle (210 s) over its median 17 decisions, 12.4 s */
  decision: MEASURED_BATTLE_MID_S / DECISIONS_A_BATTLE,
  /** a claim (calendar, idle, a quest, the bonus): one tap on a page already open */
  claim: 2,
  /** a shop purchase */
  purchase: 3,
  /** an item used from the inventory (on a hero or not) */
  useItem: 3,
  /** a piece of gear put on */
  equip: 3,
  /** a summon: paying, seeing the pair, keeping one */
  summon: 8,
  /** a hero dismissed */
  dismiss: 3,
  /** a star: the ascension panel read and confirmed */
  ascend: 5,
  /** an ability reroll */
  reroll: 4,
  /** a training level bought */
  train: 3,
  /** a replay opened and watched a little */
  replay: 10,
} as const;

/** The least stated chance at which a player fights the campaign's next stage (a fair fight). */
export const PUSH_ODDS = 0.4;
/** Goes at a daily quest that moved it no further before the dailies player leaves it for the day. */
const QUEST_TRIES = 3;
/** Seconds of play between a fighter's looks at what pays best. */
const SURVEY_S = 90;
/**
 * Heroes off the team a player keeps (the strongest: the newest pulls, level-synced to the team) to field against a
 * stage its four state under PUSH_ODDS at; the rest are dismissed for their Star Shards.
 */
const BENCH = 2;
/** Losses on the campaign a day before a style turns to other play. */
const CAMPAIGN_LOSSES: Record<Style, number> = { dailies: 3, fighter: 6, turns: 2 };

export const CURRENCIES = ['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens'] as const;
export type Cur = (typeof CURRENCIES)[number];
export type Purse = Record<Cur, number>;

/**
 * Gold's worth of each currency at the shop's own rates (src/game/data/items.ts): an essence what a Flask of Essence
 * costs per essence it holds (50), a token what a Victor's Coffer pays per token (300 gold), a scroll a Summoner's
 * Seal. Income of several currencies is compared in it; xp is left out (no shop sells it at a rate).
 */
export const WORTH: Purse = {
  gold: 1,
  magic_essence: ITEMS_BY_ID.get('flask_of_essence')!.cost / 50,
  combat_tokens: 300 / ITEMS_BY_ID.get('victors_coffer')!.cost,
  summoning_scrolls: ITEMS_BY_ID.get('summoners_seal')!.cost,
};
export const worth = (p: Partial<Record<Cur, number>>): number =>
  CURRENCIES.reduce((s, c) => s + (p[c] ?? 0) * WORTH[c], 0);

type UserView = Answer<Operation<'/api/users', 'post'>>;
type CampaignView = Answer<Operation<'/api/campaign', 'get'>>;
type StageView = CampaignView['chapters'][number]['stages'][number];
type OddsView = Answer<Operation<'/api/odds', 'get'>>;
type OddsQuery = NonNullable<Operation<'/api/odds', 'get'>['parameters']['query']>;
type BattleView = Answer<Operation<'/api/battles/{battleId}/action', 'post'>>;
type RunView = Answer<Operation<'/api/dungeons/{dungeonId}/start', 'post'>>;
type DailyView = Answer<Operation<'/api/daily', 'get'>>;

/** What a bot noted of its day besides what the server records: goals reached, what it could not buy, acts. */
export interface DayLog {
  goals: string[];
  /** the next purchase each kind of spending waits for, with the server's figures (the last word of the day) */
  wants: Map<string, string>;
  /** the dailies player's quests as it left them: `arena_win 3/3` */
  quests: string[];
  fights: number;
  /** fights by kind: random, arena, dungeon, stage (', turn by turn' when steered) */
  fought: Record<string, number>;
  decisions: number;
  /** seconds of play the session spent on the clock */
  seconds: number;
  /** the next campaign stage was shut by a clock (the road) while the team's stated chance there was ≥ 40% */
  waited: { stage: string; probability: number; opensAt: number } | null;
  /** the stage the campaign push stopped before, its stated chance under PUSH_ODDS (the last of the day) */
  short: { stage: string; probability: number } | null;
}

/** One option of a fighter's survey: its stated chance and pay, and the gold's worth it brings a second. */
export interface Choice {
  kind: 'random' | 'dungeon' | 'arena' | 'stage';
  what: string;
  probability: number;
  perSecond: number;
  dungeonId?: string;
  /** a new dungeon run: its tier */
  tier?: number;
  runId?: string;
  opponentId?: string;
  stageId?: string;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export class Bot {
  readonly log: DayLog = emptyLog();
  heroes: Hero[] = [];
  team: Hero[] = [];
  /** upgrade items a hero can no longer take (`heroId:itemId`), learned from the server's refusals */
  private readonly capped = new Set<string>();
  /** upgrade items used on each hero (`heroId:itemId`), so they are spread evenly */
  private readonly used = new Map<string, number>();
  /** the next star's price: kept aside from the summons essence and shards buy */
  private reserve = { essence: 0, shards: 0 };
  /** the team's next star waits on Star Shards: the bench is dismissed for them */
  private shardsShort = false;
  private end = 0;
  private lastBattleId: string | null = null;
  private campaignLosses = 0;
  /** The guild whose boss the player attacks with its team, twice a day as its session starts (bench/guild-boss.ts). */
  guild: string | null = null;
  /** Every boss attack: the boss's level, the damage and whether it felled the boss, at the instant it was made. */
  readonly bossAttacks: { ms: number; level: number; damage: number; killed: boolean }[] = [];

  private constructor(
    readonly s: GameServer,
    readonly style: Style,
    readonly user: UserView,
    readonly shop: Map<string, { cost: number; currency: string; name: string }>,
  ) {}

  /** A new account, its day reset at 04:00 UTC (the default), and its first heroes summoned with its scrolls. */
  static async join(s: GameServer, style: Style, name: string): Promise<Bot> {
    const user = must(
      await s.call('post', '/api/users', { body: { username: name, time_zone: 'UTC', reset_hour: 4 } }),
      'a new player',
    );
    const shop = must(await s.call('get', '/api/shop', {}), 'the shop');
    return new Bot(
      s,
      style,
      user,
      new Map(shop.map((i) => [i.id, { cost: i.cost, currency: i.currency, name: i.name }])),
    );
  }

  get id(): string {
    return this.user.id;
  }

  private left(): number {
    return this.end - this.s.clock.seconds;
  }

  private play(seconds: number): void {
    this.s.clock.spend(seconds);
    this.log.seconds += seconds;
  }

  /** One session: `minutes` of play from now on the clock, as the style plays it. */
  async session(minutes: number): Promise<void> {
    Object.assign(this.log, emptyLog());
    this.end = this.s.clock.seconds + minutes * 60;
    this.campaignLosses = 0;
    await this.claimAll({ idle: true });
    await this.spend();
    await this.attackBoss();
    if (this.style === 'dailies') {
      await this.pushCampaign('auto');
      await this.doQuests();
      await this.claimAll();
      await this.spend();
      await this.pushCampaign('auto');
      await this.fightForPay(['dungeon', 'random']);
    } else if (this.style === 'fighter') {
      await this.pushCampaign('auto');
      await this.fightForPay(['dungeon', 'random', 'arena', 'stage']);
    } else {
      await this.pushCampaign('turn_based');
      await this.playTurnByTurn();
    }
    await this.claimAll();
    await this.spend();
  }

  /** The day's two boss attacks with the team (the team picked and the attack watched: a choice and a quick fight). */
  private async attackBoss(): Promise<void> {
    if (!this.guild) return;
    for (;;) {
      const a = await this.s.call(
        'post',
        '/api/guilds/{id}/boss/attack',
        { path: { id: this.guild }, body: { user_id: this.id, hero_ids: this.team.map((h) => h.id) } },
        { paying: true },
      );
      if (!a.ok) return; // the day's attacks are spent
      this.play(PLAY_S.choose + PLAY_S.quickFight);
      this.log.fights++;
      this.log.fought.guild_boss = (this.log.fought.guild_boss ?? 0) + 1;
      const { level, damage, killed } = a.body;
      this.bossAttacks.push({ ms: this.s.clock.ms, level, damage, killed });
      if (a.body.attacks_left === 0) return;
    }
  }

  // ---- reading ----------------------------------------------------------------------------------------------------

  async me(): Promise<UserView> {
    return must(await this.s.call('get', '/api/users/{id}', { path: { id: this.id } }), 'the player');
  }

  async campaign(): Promise<CampaignView> {
    return must(await this.s.call('get', '/api/campaign', { query: { user_id: this.id } }), 'the campaign');
  }

  /** The player's heroes, and the team: the four rarest, the stronger first among equals (by the game's power). */
  async readHeroes(): Promise<void> {
    const list = must(
      await this.s.call('get', '/api/heroes', { query: { user_id: this.id } }),
      'the heroes',
    ) as Hero[];
    const before = new Set(this.team.map((h) => h.id));
    this.heroes = list;
    this.team = [...list].sort((a, b) => b.rarity - a.rarity || heroPower(b) - heroPower(a)).slice(0, 4);
    if (before.size > 0)
      for (const h of this.team) if (!before.has(h.id)) this.log.goals.push(`recruit ${h.rarity}★ ${h.name}`);
  }

  private teamIds(team: readonly Hero[] = this.team): string {
    return team.map((h) => h.id).join(',');
  }

  /** The BENCH strongest heroes off the team. */
  private bench(): Hero[] {
    const onTeam = new Set(this.team.map((h) => h.id));
    return this.heroes
      .filter((h) => !onTeam.has(h.id))
      .sort((a, b) => heroPower(b) - heroPower(a))
      .slice(0, BENCH);
  }

  /** The team's strongest hero: who fights the arena's duels. */
  strongest(): Hero {
    return this.team.reduce((a, b) => (heroPower(b) > heroPower(a) ? b : a));
  }

  async odds(q: Omit<OddsQuery, 'user_id'>): Promise<OddsView | null> {
    const r = await this.s.call('get', '/api/odds', { query: { user_id: this.id, ...q } });
    return r.ok ? r.body : null;
  }

  /** The dungeons the campaign has opened, in the order it opens them. */
  openDungeons(c: CampaignView): string[] {
    return c.unlocks.filter((u) => u.kind === 'dungeon' && u.unlocked && u.id).map((u) => u.id!);
  }

  arenaOpen(c: CampaignView): boolean {
    return c.unlocks.some((u) => u.kind === 'arena' && u.unlocked);
  }

  /** Find a fair match for the strongest hero: the set, or the refusal's status and text (the arena not open yet). */
  async fairMatches(limit = 6) {
    const r = await this.s.call('get', '/api/arena/opponents', {
      query: { user_id: this.id, hero_id: this.strongest().id, limit },
    });
    return r.ok ? r.body : { refused: `${r.status} ${r.error}` };
  }

  /**
   * The next stage, when a clock shuts it (a stage's `opens_at`: the road's time) while the team's stated chance there
   * is at least 40%. A campaign whose stages no clock shuts states no `opens_at`: nothing waits.
   */
  async clockWait(c: CampaignView): Promise<DayLog['waited']> {
    const stage = nextStage(c);
    const opensAt = (stage as { opens_at?: number | null } | null)?.opens_at ?? null;
    if (!stage || stage.status !== 'locked' || opensAt === null) return null;
    const before = c.chapters.flatMap((ch) => ch.stages);
    const i = before.findIndex((s) => s.id === stage.id);
    if (i > 0 && before[i - 1].status !== 'cleared') return null;
    const o = await this.odds({ kind: 'campaign', stage_id: stage.id, team: this.teamIds() });
    if (!o || o.probability < 0.4) return null;
    return { stage: stage.id, probability: o.probability, opensAt };
  }

  // ---- claims -----------------------------------------------------------------------------------------------------

  private async claim(claim: string): Promise<boolean> {
    const r = await this.s.call(
      'post',
      '/api/daily/claim',
      { body: { user_id: this.id, claim } },
      { paying: true },
    );
    if (r.ok) this.play(PLAY_S.claim);
    return r.ok;
  }

  /**
   * The calendar, every quest and bonus earned and not yet claimed (today's and waiting ones), and — once a session,
   * at its start — idle income.
   */
  async claimAll(o: { idle?: boolean } = {}): Promise<void> {
    let day = await this.daily();
    if (day.calendar.available) await this.claim('calendar');
    const idle = o.idle ? await this.s.call('get', '/api/idle', { query: { user_id: this.id } }) : null;
    if (idle?.ok && (idle.body.accrued.gold > 0 || idle.body.accrued.xp_per_hero > 0)) {
      const r = await this.s.call('post', '/api/idle/claim', { body: { user_id: this.id } });
      if (r.ok) this.play(PLAY_S.claim);
    }
    day = await this.daily();
    for (const q of day.quests) if (!q.claimed && q.progress >= q.goal) await this.claim(q.id);
    for (const w of day.waiting) await this.claim(w.id);
    day = await this.daily();
    if (day.bonus.available) await this.claim('bonus');
  }

  async daily(): Promise<DailyView> {
    return must(await this.s.call('get', '/api/daily', { query: { user_id: this.id } }), 'the day');
  }

  // ---- spending ---------------------------------------------------------------------------------------------------

  /** Everything a sensible player buys with what it holds, round after round while something moves. */
  async spend(): Promise<void> {
    this.log.wants.clear();
    for (let round = 0; round < 40; round++) {
      let moved = await this.summonAll();
      await this.readHeroes();
      moved = (await this.dismissBench()) || moved;
      moved = (await this.ascendTeam()) || moved;
      moved = (await this.gearUp()) || moved;
      moved = (await this.spendGold()) || moved;
      moved = (await this.spendSurplus()) || moved;
      if (!moved) break;
    }
    await this.readHeroes();
  }

  private async buy(itemId: string): Promise<Reply<unknown>> {
    const r = await this.s.call(
      'post',
      '/api/shop/purchase',
      { body: { user_id: this.id, item_id: itemId, quantity: 1 } },
      { paying: true },
    );
    if (r.ok) this.play(PLAY_S.purchase);
    return r;
  }

  private async use(itemId: string, heroId?: string): Promise<Reply<{ hero?: unknown }>> {
    const r = await this.s.call(
      'post',
      '/api/inventory/use',
      { body: { user_id: this.id, item_id: itemId, hero_id: heroId } },
      { paying: true },
    );
    if (r.ok) this.play(PLAY_S.useItem);
    return r;
  }

  private async inventory() {
    return must(await this.s.call('get', '/api/inventory', { query: { user_id: this.id } }), 'the inventory');
  }

  private async held(itemId: string): Promise<number> {
    const inv = await this.inventory();
    return inv.items.filter((i) => i.item_id === itemId).reduce((s, i) => s + i.quantity, 0);
  }

  /** A summon with every scroll: the pair paid for, the rarer candidate kept (the stronger among equals). */
  private async summonAll(): Promise<boolean> {
    let scrolls = (await this.me()).summoning_scrolls;
    let moved = false;
    while (scrolls >= 1) {
      const r = await this.s.call(
        'post',
        '/api/characters/generate',
        { body: { user_id: this.id, generation_id: `season_${randomUUID()}` } },
        { paying: true },
      );
      if (!r.ok) break;
      const pair = r.body.candidates as Hero[];
      const best = pair.reduce((a, b) =>
        b.rarity > a.rarity || (b.rarity === a.rarity && heroPower(b) > heroPower(a)) ? b : a,
      );
      must(
        await this.s.call('post', '/api/heroes', {
          body: { user_id: this.id, character_data: { id: best.id } },
        }),
        'keeping a candidate',
      );
      this.play(PLAY_S.summon);
      scrolls--;
      moved = true;
    }
    return moved;
  }

  /**
   * Every hero off the team dismissed for its Star Shards (its gear back to the inventory) — but the bench, unless
   * the team's next star waits on shards.
   */
  private async dismissBench(): Promise<boolean> {
    const kept = new Set([...this.team, ...(this.shardsShort ? [] : this.bench())].map((h) => h.id));
    let moved = false;
    for (const h of this.heroes) {
      if (kept.has(h.id)) continue;
      const r = await this.s.call('delete', '/api/heroes/{heroId}', {
        path: { heroId: h.id },
        query: { user_id: this.id },
      });
      if (r.ok) {
        this.play(PLAY_S.dismiss);
        moved = true;
      }
    }
    if (moved) await this.readHeroes();
    return moved;
  }

  /** The team's lowest hero raised a star when the shards and essence pay; else its price noted and kept aside. */
  private async ascendTeam(): Promise<boolean> {
    let moved = false;
    this.reserve = { essence: 0, shards: 0 };
    this.shardsShort = false;
    for (const h of [...this.team].sort((a, b) => a.rarity - b.rarity)) {
      const a = must(
        await this.s.call('get', '/api/heroes/{heroId}/ascension', {
          path: { heroId: h.id },
          query: { user_id: this.id },
        }),
        'the ascension panel',
      );
      if (!a.next) continue;
      const shards = a.next.copies * a.next.shards_per_copy;
      if (a.shards_held >= shards && a.essence_held >= a.next.essence) {
        const r = await this.s.call(
          'post',
          '/api/heroes/{heroId}/ascend',
          { path: { heroId: h.id }, body: { user_id: this.id, use_shards: true } },
          { paying: true },
        );
        if (r.ok) {
          this.play(PLAY_S.ascend);
          this.log.goals.push(`star ${h.name} ${a.rarity}→${a.next.rarity}★`);
          this.log.wants.delete('essence and shards');
          moved = true;
          continue;
        }
      }
      this.reserve = { essence: a.next.essence, shards };
      this.shardsShort = a.shards_held < shards;
      this.log.wants.set(
        'essence and shards',
        `${a.rarity}→${a.next.rarity}★ star (${h.name}): ${fmt(a.next.essence)} essence and ${fmt(shards)} ` +
          `Star Shards, holds ${fmt(a.essence_held)} and ${fmt(a.shards_held)}`,
      );
      break;
    }
    if (moved) await this.readHeroes();
    return moved;
  }

  /** The set each team hero collects: the one it wears most of, else one no other team hero collects. */
  private targetSets(): Map<string, string> {
    const sets = Object.keys(GEAR_SETS);
    const out = new Map<string, string>();
    const taken = new Set<string>();
    const byWorn = [...this.team].sort((a, b) => (b.gear?.length ?? 0) - (a.gear?.length ?? 0));
    for (const h of byWorn) {
      const counts = new Map<string, number>();
      for (const g of h.gear ?? []) counts.set(g.set, (counts.get(g.set) ?? 0) + 1);
      const mine = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
      const set = mine && !taken.has(mine) ? mine : (sets.find((s) => !taken.has(s)) ?? sets[0]);
      out.set(h.id, set);
      taken.add(set);
    }
    return out;
  }

  /**
   * Gear: every piece of a hero's set that the inventory holds put on (any piece in an empty slot), then the missing
   * piece of the set nearest done bought with tokens while they pay; once every hero wears its whole set, tokens on
   * Champion's Banners while a hero can take one, then on Victor's Coffers (gold).
   */
  private async gearUp(): Promise<boolean> {
    let moved = false;
    const sets = this.targetSets();
    const inv = await this.inventory();
    const stock = new Map<string, number>();
    for (const i of inv.items) stock.set(i.item_id, (stock.get(i.item_id) ?? 0) + i.quantity);
    const pieceOf = (set: string, slot: string) => GEAR_LIST.find((g) => g.set === set && g.slot === slot)!;
    const missing: { hero: Hero; id: string; done: number }[] = [];
    for (const h of this.team) {
      const set = sets.get(h.id)!;
      let worn = h.gear ?? [];
      for (const slot of GEAR_SLOTS) {
        const want = pieceOf(set, slot).id;
        const on = worn.find((g) => g.slot === slot);
        if (on?.item_id === want) continue;
        let put: string | undefined;
        if ((stock.get(want) ?? 0) > 0) put = want;
        else if (!on) put = GEAR_LIST.find((g) => g.slot === slot && (stock.get(g.id) ?? 0) > 0)?.id;
        if (put && (await this.equip(h, put))) {
          stock.set(put, stock.get(put)! - 1);
          worn = [
            ...worn.filter((g) => g.slot !== slot),
            { slot, item_id: put, set: GEAR_LIST.find((g) => g.id === put)!.set } as (typeof worn)[number],
          ];
          moved = true;
        }
        if (put !== want) missing.push({ hero: h, id: want, done: 0 });
      }
      for (const m of missing) if (m.hero === h) m.done = worn.filter((g) => g.set === set).length;
    }
    missing.sort((a, b) => b.done - a.done);
    let tokens = (await this.me()).combat_tokens;
    for (const m of missing) {
      const price = this.shop.get(m.id)?.cost ?? Infinity;
      if (tokens < price) {
        this.log.wants.set(
          'tokens',
          `gear piece ${this.shop.get(m.id)?.name ?? m.id} (${m.hero.name}): ${fmt(price)} tokens, holds ${fmt(tokens)}`,
        );
        break;
      }
      if (!(await this.buy(m.id)).ok) break;
      tokens -= price;
      if (await this.equip(m.hero, m.id)) moved = true;
    }
    if (missing.length > 0) {
      if (moved) await this.readHeroes();
      return moved;
    }
    // Every set worn: Banners while a hero takes one, then Coffers.
    this.log.wants.delete('tokens');
    for (const h of this.team) {
      for (;;) {
        const banner = this.shop.get('champions_banner');
        if (!banner || tokens < banner.cost || this.capped.has(`${h.id}:champions_banner`)) break;
        if ((await this.held('champions_banner')) === 0) {
          if (!(await this.buy('champions_banner')).ok) break;
          tokens -= banner.cost;
        }
        const r = await this.use('champions_banner', h.id);
        if (!r.ok) {
          this.capped.add(`${h.id}:champions_banner`);
          break;
        }
        moved = true;
      }
    }
    const coffer = this.shop.get('victors_coffer');
    while (coffer && tokens >= coffer.cost) {
      if (!(await this.buy('victors_coffer')).ok) break;
      tokens -= coffer.cost;
      if ((await this.use('victors_coffer')).ok) moved = true;
    }
    if (moved) await this.readHeroes();
    return moved;
  }

  private async equip(h: Hero, itemId: string): Promise<boolean> {
    const r = await this.s.call('post', '/api/heroes/{heroId}/gear', {
      path: { heroId: h.id },
      body: { user_id: this.id, item_id: itemId },
    });
    if (!r.ok) return false;
    this.play(PLAY_S.equip);
    const hero = r.body.hero as Hero;
    this.log.goals.push(`gear ${this.shop.get(itemId)?.name ?? itemId} on ${h.name}`);
    const set = GEAR_LIST.find((g) => g.id === itemId)?.set;
    if (set && (hero.gear ?? []).filter((g) => g.set === set).length === GEAR_SLOTS.length)
      this.log.goals.push(`set ${GEAR_SETS[set as keyof typeof GEAR_SETS].name} on ${h.name}`);
    return true;
  }

  /**
   * Gold: stat upgrades (each hero's stats evenly, until the server says a stat is full), then training — the least
   * trained team hero a level at the price the hero page states (api/rules.ts trainingCost) — the cheaper first;
   * Summoner's Seals once neither is left.
   */
  private async spendGold(): Promise<boolean> {
    let moved = false;
    let gold = (await this.me()).gold;
    const upgrades = ['tempered_edge', 'runed_plating', 'heroic_tonic', 'zephyr_feather'].filter((id) =>
      this.shop.has(id),
    );
    const nextUpgrade = () => {
      let best: { hero: Hero; item: string; n: number } | null = null;
      for (const h of this.team)
        for (const item of upgrades) {
          const key = `${h.id}:${item}`;
          if (this.capped.has(key)) continue;
          const n = this.used.get(key) ?? 0;
          if (!best || n < best.n) best = { hero: h, item, n };
        }
      return best;
    };
    const nextTraining = () => {
      const h = [...this.team].sort((a, b) => (a.training ?? 0) - (b.training ?? 0))[0];
      return h && (h.training ?? 0) < MAX_TRAINING ? { hero: h, cost: trainingCost(h.training ?? 0) } : null;
    };
    for (let guard = 0; guard < 400; guard++) {
      const up = nextUpgrade();
      const upCost = up ? this.shop.get(up.item)!.cost : Infinity;
      const train = nextTraining();
      if (train && train.cost < upCost) {
        if (gold < train.cost) {
          this.log.wants.set(
            'gold',
            `training ${(train.hero.training ?? 0) + 1} (${train.hero.name}): ${fmt(train.cost)} gold, holds ${fmt(gold)}`,
          );
          return moved;
        }
        if (!(await this.train(train.hero))) break;
        gold -= train.cost;
        moved = true;
        continue;
      }
      if (!up) break;
      const key = `${up.hero.id}:${up.item}`;
      if ((await this.held(up.item)) === 0) {
        if (gold < upCost) {
          this.log.wants.set(
            'gold',
            `${this.shop.get(up.item)!.name} (${up.hero.name}): ${fmt(upCost)} gold, holds ${fmt(gold)}`,
          );
          return moved;
        }
        if (!(await this.buy(up.item)).ok) break;
        gold -= upCost;
      }
      const r = await this.use(up.item, up.hero.id);
      if (!r.ok) {
        this.capped.add(key);
        continue;
      }
      this.used.set(key, (this.used.get(key) ?? 0) + 1);
      moved = true;
    }
    // Nothing left to raise: Seals, each a summon.
    const seal = this.shop.get('summoners_seal');
    if (seal && !nextUpgrade() && !nextTraining()) {
      this.log.wants.delete('gold');
      while (gold >= seal.cost) {
        if (!(await this.buy('summoners_seal')).ok) break;
        gold -= seal.cost;
        if ((await this.use('summoners_seal')).ok) moved = true;
      }
    }
    return moved;
  }

  /** A level of training bought (POST /api/heroes/{id}/train); a refusal is noted as what the gold waits for. */
  private async train(h: Hero): Promise<boolean> {
    const r = await this.s.call(
      'post',
      '/api/heroes/{heroId}/train',
      { path: { heroId: h.id }, body: { user_id: this.id } },
      { paying: true },
    );
    if (!r.ok) {
      this.log.wants.set('gold', `training (${h.name}): ${r.error}`);
      return false;
    }
    this.play(PLAY_S.train);
    this.log.goals.push(`training ${h.name} ${r.body.training ?? 0}`);
    await this.readHeroes();
    return true;
  }

  /** Essence and Star Shards past the next star's price: Astral Sigils and fused shards, each a summon. */
  private async spendSurplus(): Promise<boolean> {
    let moved = false;
    const sigil = this.shop.get('astral_sigil');
    let essence = (await this.me()).magic_essence;
    while (sigil && essence - this.reserve.essence >= sigil.cost) {
      if (!(await this.buy('astral_sigil')).ok) break;
      essence -= sigil.cost;
      if ((await this.use('astral_sigil')).ok) moved = true;
    }
    let shards = await this.held('star_shard');
    while (shards - this.reserve.shards >= 100) {
      if (!(await this.use('star_shard')).ok) break;
      shards -= 100;
      moved = true;
    }
    return moved;
  }

  // ---- fights -----------------------------------------------------------------------------------------------------

  private note(r: { battle_id: string }, kind: string): void {
    this.lastBattleId = r.battle_id;
    this.log.fights++;
    this.log.fought[kind] = (this.log.fought[kind] ?? 0) + 1;
  }

  private async quickRandom() {
    const r = await this.s.call('post', '/api/battles', {
      body: { user_id: this.id, team_hero_ids: this.team.map((h) => h.id), mode: 'auto' },
    });
    this.play(PLAY_S.quickFight);
    if (r.ok) this.note(r.body, 'random');
    return r;
  }

  private async duel(opponentId: string) {
    this.play(PLAY_S.choose);
    const r = await this.s.call('post', '/api/arena/battle', {
      body: { user_id: this.id, attacker_hero_id: this.strongest().id, opponent_id: opponentId },
    });
    this.play(PLAY_S.quickFight);
    if (r.ok) this.note(r.body, 'arena');
    return r;
  }

  private async startRun(dungeonId: string, tier: number): Promise<RunView | null> {
    this.play(PLAY_S.choose);
    const r = await this.s.call('post', '/api/dungeons/{dungeonId}/start', {
      path: { dungeonId },
      body: { user_id: this.id, team_hero_ids: this.team.map((h) => h.id), abandon_active: true, tier },
    });
    return r.ok ? r.body : null;
  }

  /** The tiers the player has opened of each dungeon (GET /api/dungeon-tiers), by dungeon id. */
  async openTiers(): Promise<Map<string, number[]>> {
    const r = must(
      await this.s.call('get', '/api/dungeon-tiers', { query: { user_id: this.id } }),
      'the tiers',
    );
    return new Map(r.map((d) => [d.dungeon_id, d.tiers.filter((t) => t.open).map((t) => t.tier)]));
  }

  private async activeRun(): Promise<RunView | null> {
    const r = await this.s.call('get', '/api/dungeon-runs/active', { query: { user_id: this.id } });
    return r.ok ? r.body.run : null;
  }

  /** One floor of a run fought at once; the run as it stands after. */
  private async floor(run: RunView): Promise<{ won: boolean; run: RunView } | null> {
    const r = await this.s.call('post', '/api/dungeon-runs/{runId}/battle', {
      path: { runId: run.id },
      body: { user_id: this.id, floor: run.floor, mode: 'quick' },
    });
    this.play(PLAY_S.quickFight);
    if (!r.ok) return null;
    const b = r.body as Extract<typeof r.body, { run: unknown }>;
    this.note(b, 'dungeon');
    return { won: b.status === 'won', run: b.run };
  }

  /**
   * A campaign stage fought (at once, or turn by turn to its end), with the key of the odds it was shown when it was;
   * whether it was won.
   */
  private async fightStage(
    stageId: string,
    mode: 'auto' | 'turn_based',
    oddsKey?: string,
    team: readonly Hero[] = this.team,
  ): Promise<boolean> {
    const r = await this.s.call('post', '/api/campaign/stages/{stageId}/battle', {
      path: { stageId },
      body: { user_id: this.id, team_hero_ids: team.map((h) => h.id), mode, odds_key: oddsKey },
    });
    if (mode === 'auto') this.play(PLAY_S.quickFight);
    if (!r.ok) return false;
    if (mode === 'auto') this.note(r.body, 'stage');
    const end = mode === 'auto' ? r.body : await this.steer(r.body as BattleView, 'stage');
    const won = end.status === 'won';
    const c = (end as { campaign?: { first_clear: unknown; cleared: number; gear_drop: string | null } })
      .campaign;
    if (won && c?.first_clear) this.log.goals.push(`stage ${stageId}`);
    return won;
  }

  /** A turn-based battle played to its end: the first offered option each turn, after a decision's time. */
  private async steer(state: BattleView, kind: string): Promise<BattleView> {
    let s = state;
    for (let guard = 0; s.status === 'active' && guard < 400; guard++) {
      const option = s.pending_options[0];
      this.play(PLAY_S.decision);
      const r = await this.s.call('post', '/api/battles/{battleId}/action', {
        path: { battleId: s.battle_id },
        body: option ? { option_id: option.id, user_id: this.id } : { auto: true, user_id: this.id },
      });
      if (!r.ok) break;
      this.log.decisions++;
      s = r.body;
    }
    this.note(s, `${kind}, turn by turn`);
    return s;
  }

  /** The next stage while its stated chance is fair, a few losses a day at most; then it is noted if a clock shuts it. */
  async pushCampaign(mode: 'auto' | 'turn_based'): Promise<void> {
    const least = mode === 'auto' ? PLAY_S.quickFight : 60;
    while (this.left() > least && this.campaignLosses < CAMPAIGN_LOSSES[this.style]) {
      const c = await this.campaign();
      const stage = nextStage(c);
      if (!stage) return;
      if (stage.status !== 'open') {
        this.log.waited ??= await this.clockWait(c);
        return;
      }
      let team = this.team;
      let o = await this.odds({ kind: 'campaign', stage_id: stage.id, team: this.teamIds() });
      if (o && o.probability < PUSH_ODDS) ({ team, o } = await this.counterPick(stage.id, team, o));
      if (!o) return;
      if (o.probability < PUSH_ODDS) {
        this.log.short = { stage: stage.id, probability: o.probability };
        return;
      }
      if (await this.fightStage(stage.id, mode, o.key, team)) {
        this.log.short = null; // past the stage a push stopped before
        if ((await this.me()).summoning_scrolls > 0) await this.spend();
      } else this.campaignLosses++;
    }
  }

  /**
   * A stage the team states under PUSH_ODDS at: each bench hero tried in each place of the team, by the stated
   * chance; the best team found and its odds (the team as it was when none states more).
   */
  private async counterPick(
    stageId: string,
    team: Hero[],
    odds: OddsView,
  ): Promise<{ team: Hero[]; o: OddsView | null }> {
    let best = { team, o: odds as OddsView | null };
    const bench = this.bench();
    if (bench.length === 0) return best;
    this.play(PLAY_S.choose);
    for (const b of bench)
      for (let i = 0; i < team.length; i++) {
        const t = team.map((h, j) => (j === i ? b : h));
        const o = await this.odds({ kind: 'campaign', stage_id: stageId, team: this.teamIds(t) });
        if (o && o.probability > (best.o?.probability ?? 0)) best = { team: t, o };
      }
    return best;
  }

  /**
   * What pays best a minute, by the server's figures: each option's stated chance × the gold's worth of its stated
   * win pay, over the seconds it takes (a new dungeon run's choosing shared by its floors; an arena duel's choosing).
   */
  async survey(kinds: readonly Choice['kind'][]): Promise<Choice[]> {
    const c = await this.campaign();
    const team = this.teamIds();
    const out: Choice[] = [];
    const add = (o: OddsView | null, seconds: number, choice: Omit<Choice, 'probability' | 'perSecond'>) => {
      if (o)
        out.push({
          ...choice,
          probability: o.probability,
          perSecond: expected(o, worth(o.win_rewards)) / seconds,
        });
    };
    if (kinds.includes('random'))
      add(await this.odds({ kind: 'random', team }), PLAY_S.quickFight, {
        kind: 'random',
        what: 'random battle',
      });
    if (kinds.includes('dungeon')) {
      // The active run's next floor, and floor 1 of a new run at the deepest SURVEY_TIERS tiers opened of every open
      // dungeon.
      const run = await this.activeRun();
      if (run?.status === 'active')
        add(await this.odds({ kind: 'dungeon', run_id: run.id }), PLAY_S.quickFight, {
          kind: 'dungeon',
          what: `${run.dungeon_name} tier ${run.tier} floor ${run.floor}`,
          dungeonId: run.dungeon_id,
          runId: run.id,
        });
      const dungeons = await this.dungeonsById();
      const tiers = await this.openTiers();
      for (const id of this.openDungeons(c)) {
        const d = dungeons.get(id);
        for (const tier of (tiers.get(id) ?? [1]).slice(-SURVEY_TIERS))
          add(
            await this.odds({ kind: 'dungeon', dungeon_id: id, team, tier }),
            PLAY_S.quickFight + PLAY_S.choose / (d?.floors ?? 1),
            { kind: 'dungeon', what: `${d?.name ?? id} tier ${tier} floor 1`, dungeonId: id, tier },
          );
      }
    }
    if (kinds.includes('arena') && this.arenaOpen(c)) {
      const fair = await this.fairMatches();
      for (const opp of 'opponents' in fair ? fair.opponents : [])
        add(
          await this.odds({ kind: 'arena', hero_id: this.strongest().id, opponent_id: opp.id }),
          PLAY_S.quickFight + PLAY_S.choose,
          { kind: 'arena', what: `arena ${opp.name}`, opponentId: opp.id },
        );
    }
    if (kinds.includes('stage')) {
      const last = c.chapters
        .flatMap((ch) => ch.stages)
        .filter((s) => s.status === 'cleared')
        .at(-1);
      if (last)
        add(await this.odds({ kind: 'campaign', stage_id: last.id, team }), PLAY_S.quickFight, {
          kind: 'stage',
          what: `stage ${last.id} again`,
          stageId: last.id,
        });
    }
    return out.sort((a, b) => b.perSecond - a.perSecond);
  }

  private dungeonList: Map<string, { name: string; floors: number }> | null = null;
  private async dungeonsById() {
    if (!this.dungeonList) {
      const list = must(await this.s.call('get', '/api/dungeons', {}), 'the dungeons');
      this.dungeonList = new Map(list.map((d) => [d.id, { name: d.name, floors: d.floors }]));
    }
    return this.dungeonList;
  }

  /** The rest of the day on what pays best, looked at again every SURVEY_S seconds (and the campaign with it). */
  private async fightForPay(kinds: readonly Choice['kind'][]): Promise<void> {
    while (this.left() > PLAY_S.quickFight) {
      await this.claimAll();
      await this.spend();
      await this.pushCampaign('auto');
      const choices = await this.survey(kinds);
      const best = choices[0];
      if (!best) return;
      const until = this.s.clock.seconds + SURVEY_S;
      if (best.kind === 'arena') {
        // Each opponent of the survey once, best first: a repeat halves the pay (the repeat-win rule).
        for (const ch of choices.filter((x) => x.kind === 'arena'))
          if (this.left() > PLAY_S.quickFight && ch.perSecond >= best.perSecond / 2)
            await this.duel(ch.opponentId!);
        continue;
      }
      while (this.left() > PLAY_S.quickFight && this.s.clock.seconds < until) {
        if (best.kind === 'random') await this.quickRandom();
        else if (best.kind === 'stage') await this.fightStage(best.stageId!, 'auto');
        else {
          let run = best.runId ? await this.activeRun() : await this.startRun(best.dungeonId!, best.tier!);
          best.runId = undefined;
          while (run && run.status === 'active' && this.left() > PLAY_S.quickFight) {
            const f = await this.floor(run);
            if (!f) break;
            run = f.run;
          }
        }
      }
    }
  }

  /** Turn by turn: the turn-based battle whose stated pay a minute (its least, and what a minute adds) is best. */
  private async playTurnByTurn(): Promise<void> {
    const minutes = (PLAY_S.decision * DECISIONS_A_BATTLE) / 60;
    while (this.left() > 60) {
      await this.claimAll();
      await this.spend();
      await this.pushCampaign('turn_based');
      if (this.left() <= 60) return;
      const c = await this.campaign();
      const team = this.teamIds();
      const rate = (o: OddsView | null) =>
        o && o.win_rewards_turn_based && o.turn_based_per_minute
          ? expected(o, worth(o.win_rewards_turn_based) + worth(o.turn_based_per_minute) * minutes) / minutes
          : -1;
      const run = await this.activeRun();
      const options: { rate: number; dungeonId?: string; tier?: number; run?: RunView }[] = [
        { rate: rate(await this.odds({ kind: 'random', team })) },
      ];
      if (run?.status === 'active')
        options.push({
          rate: rate(await this.odds({ kind: 'dungeon', run_id: run.id })),
          dungeonId: run.dungeon_id,
          run,
        });
      const tiers = await this.openTiers();
      for (const id of this.openDungeons(c))
        for (const tier of (tiers.get(id) ?? [1]).slice(-SURVEY_TIERS))
          options.push({
            rate: rate(await this.odds({ kind: 'dungeon', dungeon_id: id, team, tier })),
            dungeonId: id,
            tier,
          });
      const best = options.sort((a, b) => b.rate - a.rate)[0];
      if (!best.dungeonId) {
        const r = await this.s.call('post', '/api/battles', {
          body: { user_id: this.id, team_hero_ids: this.team.map((h) => h.id), mode: 'turn_based' },
        });
        if (!r.ok) return;
        await this.steer(r.body as BattleView, 'random');
        continue;
      }
      const live = best.run ?? (await this.startRun(best.dungeonId, best.tier!));
      if (!live) return;
      const r = await this.s.call('post', '/api/dungeon-runs/{runId}/battle', {
        path: { runId: live.id },
        body: { user_id: this.id, floor: live.floor, mode: 'turn_based' },
      });
      if (!r.ok) return;
      await this.steer(r.body as BattleView, 'dungeon');
    }
  }

  // ---- the dailies ------------------------------------------------------------------------------------------------

  /** Today's three quests, each played until done (or the session's time is out), by the quickest way to it. */
  private async doQuests(): Promise<void> {
    const tries = new Map<string, number>();
    while (this.left() > 0) {
      const day = await this.daily();
      // A quest that has not moved in a few goes is left for the day (the time is better spent elsewhere).
      const q = day.quests.find((x) => x.progress < x.goal && (tries.get(x.id) ?? 0) < QUEST_TRIES);
      if (!q) break;
      const before = q.progress;
      await this.quest(q.kind, q.goal - q.progress);
      const after = (await this.daily()).quests.find((x) => x.id === q.id)!;
      tries.set(q.id, after.progress > before ? 0 : (tries.get(q.id) ?? 0) + 1);
    }
    const day = await this.daily();
    this.log.quests = day.quests.map((q) => `${q.kind} ${q.progress}/${q.goal}`);
  }

  private async quest(kind: DailyView['quests'][number]['kind'], left: number): Promise<void> {
    switch (kind) {
      case 'arena_win':
      case 'underdog_win': {
        const fair = await this.fairMatches(12);
        if ('refused' in fair) return;
        const ranked = fair.opponents
          .map((o, i) => ({ id: o.id, p: fair.probabilities[i] }))
          .filter((o) => kind === 'arena_win' || o.p < 0.5)
          .sort((a, b) => b.p - a.p);
        if (ranked.length === 0) {
          await this.quickRandom();
          return;
        }
        for (const o of ranked.slice(0, left + 2)) if (this.left() > 0) await this.duel(o.id);
        return;
      }
      case 'dungeon_floor': {
        const c = await this.campaign();
        const open = this.openDungeons(c);
        let run = await this.activeRun();
        if (!run || run.status !== 'active') {
          let best: { id: string; p: number } | null = null;
          for (const id of open.length ? open : (await this.dungeonsById()).keys()) {
            const o = await this.odds({ kind: 'dungeon', dungeon_id: id, team: this.teamIds() });
            if (o && (!best || o.probability > best.p)) best = { id, p: o.probability };
          }
          if (!best) return;
          // tier 1: the likeliest floor won (a deeper tier's floor 1 is stated harder)
          run = await this.startRun(best.id, 1);
        }
        while (run && run.status === 'active' && this.left() > 0) {
          const f = await this.floor(run);
          if (!f) return;
          run = f.run;
          if (f.won && --left <= 0) return;
        }
        return;
      }
      case 'battle_win':
        for (let i = 0; i < left + 2 && this.left() > 0; i++) await this.quickRandom();
        return;
      case 'turn_based': {
        const r = await this.s.call('post', '/api/battles', {
          body: { user_id: this.id, team_hero_ids: this.team.map((h) => h.id), mode: 'turn_based' },
        });
        if (r.ok) await this.steer(r.body as BattleView, 'random');
        return;
      }
      case 'summon': {
        if ((await this.me()).summoning_scrolls < 1) {
          if ((await this.buy('summoners_seal')).ok) await this.use('summoners_seal');
        }
        await this.summonAll();
        await this.readHeroes();
        await this.dismissBench();
        return;
      }
      case 'reroll': {
        if ((await this.me()).magic_essence < 50) {
          if ((await this.buy('flask_of_essence')).ok) await this.use('flask_of_essence');
        }
        const low = [...this.team].sort((a, b) => a.rarity - b.rarity || heroPower(a) - heroPower(b))[0];
        const r = await this.s.call(
          'post',
          '/api/heroes/{heroId}/reroll-abilities',
          { path: { heroId: low.id }, body: { user_id: this.id } },
          { paying: true },
        );
        if (r.ok) this.play(PLAY_S.reroll);
        await this.readHeroes();
        return;
      }
      case 'use_item':
      case 'buy_item':
        if ((await this.buy('flask_of_essence')).ok) await this.use('flask_of_essence');
        return;
      case 'watch_replay': {
        if (!this.lastBattleId) await this.quickRandom();
        if (!this.lastBattleId) return;
        await this.s.call('get', '/api/battles/{battleId}/replay', {
          path: { battleId: this.lastBattleId },
          query: { user_id: this.id },
        });
        this.play(PLAY_S.replay);
        return;
      }
    }
  }
}

const emptyLog = (): DayLog => ({
  goals: [],
  wants: new Map(),
  quests: [],
  fights: 0,
  fought: {},
  decisions: 0,
  seconds: 0,
  waited: null,
  short: null,
});

/**
 * A fight's expected gain in gold's worth, by the odds answer: its chance × what a win pays, less the loss's chance ×
 * the gold a loss costs (its stake, `loss_stake`, when the server states one).
 */
function expected(o: OddsView, win: number): number {
  const stake = (o as { loss_stake?: number }).loss_stake ?? 0;
  return o.probability * win - (1 - o.probability) * stake;
}

/** The stage to fight next (open, or shut until the stage before is cleared or a clock opens it). */
export function nextStage(c: CampaignView): StageView | null {
  if (!c.next_stage_id) return null;
  return c.chapters.flatMap((ch) => ch.stages).find((s) => s.id === c.next_stage_id) ?? null;
}
