// The season simulation (issue 30, "The long climb"): the daily player (./daily-player.ts — the economy simulation's
// sensible player on the real rules core, odds, reward tables, level-ups and shop, with the daily layer's quests and
// calendar) plays 15 minutes a day for 60 days with the campaign and idle income: each day it claims what accrued
// while it was away (the furthest cleared stage's rate, up to 12 hours: src/game/campaign.ts), pushes the campaign —
// the next stage the road has opened (a stage a day) while its win chance is at least PUSH_ODDS, at most PUSH_TRIES
// losses a day — and a first clear's
// summoning scroll is summoned with; dungeons and the arena only once a stage has opened them. It prints a row a
// day — furthest stage, team power, stars (the team's rarities), currencies held and spent — and the targets:
// a new goal within reach every day (no 3 days without a stage cleared or a star gained), no currency piling up past
// two days' income, the last chapter reached between day 30 and day 60 (docs/game-rules.md "The campaign").
// Run: npm run sim:season [-- days=60 minutes=15 seed=20261123 samples=400]
import {
  createPrng,
  estimateOdds,
  hashSeed,
  idleAccrued,
  idleRate,
  rewardsFor,
  stageFoes,
  stagesReachable,
  STAGES,
  teamPower,
  type Hero,
} from '../src/game/index.ts';
import { QUICK_FIGHT_S } from '../src/game/play-time.ts';
import { ascend, rungFrom, shardsFor } from '../src/game/ascension.ts';
import { SHARDS_PER_SCROLL, SIGIL_ESSENCE } from '../src/game/data/ascension.ts';
import { wearing } from '../src/game/gear.ts';
import { dungeonGearDrop, stageGearDrop } from '../src/game/gear-drops.ts';
import { GEAR, GEAR_PRICE_TOKENS, GEAR_SLOTS, type GearSetId } from '../src/game/data/gear.ts';
import { fightingFingerprints } from '../src/game/index.ts';
import { playDays, type DayPlayer } from './daily-player.ts';
import { decisionsPerBattle, summonPair, type TimeModel } from './economy.ts';
import { MEASURED_BATTLE_MID_S } from '../src/game/play-time.ts';

/** The least stated win chance the player pushes the next stage at. */
export const PUSH_ODDS = 0.45;
/** Losses on the campaign a day before the player turns to other play. */
export const PUSH_TRIES = 3;
/** Days a currency may be held past two days' income (from day 7) and the target still hold: "a few". */
export const PILE_DAYS = 5;

const CURRENCIES = ['gold', 'magic_essence', 'combat_tokens'] as const;
type Cur = (typeof CURRENCIES)[number];

export interface SeasonRow {
  day: number;
  /** stages cleared so far (the furthest is STAGES[cleared - 1]) */
  cleared: number;
  clearedToday: number;
  power: number;
  levels: number[];
  stars: number;
  held: Record<Cur, number>;
  earned: Record<Cur, number>;
  spent: Record<Cur, number>;
  idle: Record<Cur | 'xp_per_hero', number>;
  /** stars the team rose by ascension today, and the Star Shards held at the day's end */
  ascended: number;
  shards: number;
  /** Star Shards the day brought in (dismissals) */
  shardsEarned: number;
  /** gear: pieces worn by the team, full sets worn, sets completed today, pieces dropped and bought today */
  worn: number;
  sets: number;
  setsToday: number;
  dropped: number;
  bought: number;
  /** scrolls made today from Star Shards (fused) and from essence (Astral Sigils), each summoned with */
  fused: number;
  sigils: number;
}

/** The set each team position collects, in the order the campaign's chapters drop them (data/campaign.ts). */
const SET_OF_POSITION: readonly GearSetId[] = ['verdant', 'gale', 'bulwark', 'ember'];

const oddsCache = new Map<string, number>();
function odds(team: Hero[], foes: Hero[], samples: number): number {
  const key = `${samples}#${fightingFingerprints(team).join('|')}#${fightingFingerprints(foes).join('|')}`;
  let p = oddsCache.get(key);
  if (p === undefined) {
    p = estimateOdds(hashSeed('season-odds', key), team, foes, {
      minSamples: samples,
      maxSamples: samples,
    }).probability;
    oddsCache.set(key, p);
  }
  return p;
}

const unlocked = (cleared: number, what: (u: (typeof STAGES)[number]['unlocks'][number]) => boolean) =>
  STAGES.slice(0, cleared).some((s) => s.unlocks.some(what));

export function playSeason(o: {
  days?: number;
  minutes?: number;
  seed?: number;
  samples?: number;
  time?: TimeModel;
}) {
  const samples = o.samples ?? 400;
  const rows: SeasonRow[] = [];
  let cleared = 0;
  let idleSince: number | null = null;
  let before: Record<Cur, number> = { gold: 0, magic_essence: 0, combat_tokens: 0 };
  let clearedAtMorning = 0;
  let idleToday = { gold: 0, magic_essence: 0, combat_tokens: 0, xp_per_hero: 0 };
  const rng = createPrng(hashSeed('season', o.seed ?? 20261123));
  // Ascension (src/game/ascension.ts): the heroes a summon leaves off the team are dismissed for Star Shards; each
  // evening the team's lowest hero rises a star while the essence and the shards pay for it.
  let shards = 0;
  let letGoSeen = 0;
  let shardsAtMorning = 0;
  // Gear (src/game/gear.ts): pieces held unworn, and the pieces each team position wears (a hero replaced by a rarer
  // recruit hands its gear on, as dismissing gives it back). Tokens buy the missing piece of the set nearest done
  // (GEAR_PRICE_TOKENS) before the shop's Banners and Coffers; drops come from campaign wins and dungeon clears.
  const held = new Map<string, number>();
  const wornBy: string[][] = [[], [], [], []];
  let dropped = 0;
  let bought = 0;
  let setsAtMorning = 0;
  const drop = (id: string | undefined) => {
    if (!id) return;
    held.set(id, (held.get(id) ?? 0) + 1);
    dropped++;
  };
  const fullSets = () =>
    wornBy.filter((ids, i) => GEAR_SLOTS.every((slot) => ids.includes(`${SET_OF_POSITION[i]}_${slot}`)))
      .length;
  /** Puts on every held piece a position's set still lacks; the team dressed as `wornBy` says. */
  const dress = (team: Hero[]): Hero[] => {
    for (const [i, set] of SET_OF_POSITION.entries())
      for (const slot of GEAR_SLOTS) {
        const id = `${set}_${slot}`;
        if (wornBy[i].includes(id) || !held.get(id)) continue;
        held.set(id, held.get(id)! - 1);
        wornBy[i] = [...wornBy[i].filter((x) => GEAR[x].slot !== slot), id];
      }
    return team.map((h, i) => {
      const want = wornBy[i] ?? [];
      const has = (h.gear ?? []).map((g) => g.item_id);
      return want.length === has.length && want.every((x) => has.includes(x)) ? h : wearing(h, want);
    });
  };
  /** The set nearest done that still lacks a piece, and the pieces it lacks (none held unworn either). */
  const lacking = () =>
    SET_OF_POSITION.map((set, i) => ({
      i,
      missing: GEAR_SLOTS.map((slot) => `${set}_${slot}`).filter(
        (id) => !wornBy[i].includes(id) && !held.get(id),
      ),
    }))
      .filter((x) => x.missing.length > 0)
      .sort((a, b) => a.missing.length - b.missing.length)[0];
  /** Tokens on gear: the missing piece of the set nearest done, while one is missing and the tokens pay. */
  const buyGear = (team: Hero[], w: { combat_tokens: number }): Hero[] => {
    for (;;) {
      const lack = lacking();
      if (!lack || w.combat_tokens < GEAR_PRICE_TOKENS) break;
      w.combat_tokens -= GEAR_PRICE_TOKENS;
      held.set(lack.missing[0], (held.get(lack.missing[0]) ?? 0) + 1);
      bought++;
    }
    return dress(team);
  };

  const morning = (p: DayPlayer) => {
    p.spent.tokensFirst = buyGear;
    p.spent.tokensSaved = () => (lacking() ? GEAR_PRICE_TOKENS : 0);
    dropped = 0;
    bought = 0;
    shardsAtMorning = shards;
    setsAtMorning = fullSets();
    clearedAtMorning = cleared;
    before = { gold: p.w.gold, magic_essence: p.w.magic_essence, combat_tokens: p.w.combat_tokens };
    // Idle income first: what accrued since yesterday's claim (capped).
    idleToday = { gold: 0, magic_essence: 0, combat_tokens: 0, xp_per_hero: 0 };
    if (idleSince !== null) {
      const a = idleAccrued(idleRate(cleared), p.t.now - idleSince);
      idleToday = { ...a, combat_tokens: 0 };
      p.credit({ ...a, combat_tokens: 0 });
      idleSince = p.t.now;
    }
    // The campaign: the next stage while it is a fair chance, a few losses at most.
    let losses = 0;
    const reachable = stagesReachable(p.day * 86_400);
    while (cleared < reachable && losses < PUSH_TRIES && p.t.now < p.end) {
      const stage = STAGES[cleared];
      const foes = stageFoes(stage);
      const team = (p.team = dress(p.team));
      const pr = odds(team, foes, samples);
      if (pr < PUSH_ODDS) break;
      p.t.now += QUICK_FIGHT_S;
      const won = rng.next() > 1 - pr;
      if (!won) {
        losses++;
        continue;
      }
      const pay = rewardsFor('campaign', {
        won,
        probability: pr,
        enemyLevel: Math.max(...foes.map((f) => f.level)),
        teamSize: team.length,
      });
      p.credit(pay);
      const first = stage.firstClear;
      p.credit({
        gold: first.gold ?? 0,
        magic_essence: first.magic_essence ?? 0,
        combat_tokens: first.combat_tokens ?? 0,
      });
      for (let s = 0; s < (first.summoning_scrolls ?? 0); s++) p.team = summonPair(p.team, p.spent);
      drop(stageGearDrop(stage, true, `season_${p.day}_${p.t.now}`)?.id);
      cleared++;
      idleSince ??= p.t.now;
    }
  };

  const rest = () =>
    unlocked(cleared, (u) => u.kind === 'dungeon') ? ('dungeon runs' as const) : ('quick battles' as const);

  const afterFight = (p: DayPlayer, o: { bonus?: unknown }) => {
    // a cleared dungeon run (its clear bonus paid) may drop a piece, drawn as the server draws it
    if (o.bonus) drop(dungeonGearDrop(`season_${p.day}_${p.t.now}`)?.id);
  };

  const evening = (p: DayPlayer) => {
    p.team = dress(p.team);
    const letGo = p.spent.letGo ?? [];
    for (const r of letGo.slice(letGoSeen)) shards += shardsFor(r);
    letGoSeen = letGo.length;
    let ascended = 0;
    let spentShards = 0;
    for (;;) {
      const low = p.team.reduce((a, b) => (b.rarity < a.rarity ? b : a));
      const rung = rungFrom(low.rarity);
      if (!rung) break;
      const need = rung.copies * shardsFor(low.rarity);
      if (shards < need || p.w.magic_essence < rung.essence) break;
      const out = ascend(low, [], true);
      if (!out.ok) break;
      shards -= out.paid.shards;
      spentShards += out.paid.shards;
      p.w.magic_essence -= out.paid.essence;
      p.team = p.team.map((h) => (h.id === low.id ? out.hero : h));
      ascended++;
    }
    // The sinks past ascension: Star Shards fused a hundred to a scroll, and essence the next star does not need into
    // Astral Sigils; each scroll summoned with (its let-go hero dismissed for shards, fused in turn).
    const gather = () => {
      const all = p.spent.letGo ?? [];
      for (const r of all.slice(letGoSeen)) shards += shardsFor(r);
      letGoSeen = all.length;
    };
    let fused = 0;
    let sigils = 0;
    for (;;) {
      const low = p.team.reduce((a, b) => (b.rarity < a.rarity ? b : a));
      const reserve = rungFrom(low.rarity)?.essence ?? 0;
      if (shards >= SHARDS_PER_SCROLL) {
        shards -= SHARDS_PER_SCROLL;
        spentShards += SHARDS_PER_SCROLL;
        fused++;
      } else if (p.w.magic_essence - reserve >= SIGIL_ESSENCE) {
        p.w.magic_essence -= SIGIL_ESSENCE;
        sigils++;
      } else break;
      p.team = dress(summonPair(p.team, p.spent));
      gather();
    }
    const held = { gold: p.w.gold, magic_essence: p.w.magic_essence, combat_tokens: p.w.combat_tokens };
    const earned = {} as Record<Cur, number>;
    const spent = {} as Record<Cur, number>;
    for (const c of CURRENCIES) {
      // Earned today = what the day brought in (claims, fights); spent = earned − (held now − held this morning).
      earned[c] = p.earnedToday[c];
      spent[c] = Math.max(0, before[c] + earned[c] - held[c]);
    }
    rows.push({
      day: p.day + 1,
      cleared,
      clearedToday: cleared - clearedAtMorning,
      power: teamPower(p.team),
      levels: p.team.map((h) => h.level),
      stars: p.team.reduce((s, h) => s + h.rarity, 0),
      held,
      earned,
      spent,
      idle: idleToday,
      ascended,
      shards,
      shardsEarned: shards - shardsAtMorning + spentShards,
      worn: wornBy.reduce((n, ids) => n + ids.length, 0),
      sets: fullSets(),
      setsToday: fullSets() - setsAtMorning,
      dropped,
      bought,
      fused,
      sigils,
    });
  };

  playDays({
    days: o.days ?? 60,
    minutesPerDay: o.minutes ?? 15,
    seed: o.seed,
    samples,
    time: o.time,
    season: { morning, rest, evening, afterFight },
  });
  return rows;
}

export interface SeasonCheck {
  target: string;
  ok: boolean;
  seen: string;
}

export function seasonChecks(rows: SeasonRow[]): SeasonCheck[] {
  // A new goal within reach every day: no 3 days in a row without a stage cleared or a star gained.
  let worst = 0;
  let run = 0;
  for (const [i, r] of rows.entries()) {
    const starUp = i > 0 && r.stars > rows[i - 1].stars;
    run = r.clearedToday > 0 || starUp || r.setsToday > 0 ? 0 : run + 1;
    worst = Math.max(worst, run);
  }
  const lastChapter = STAGES.findIndex((s) => s.chapter === 6);
  const reached = rows.find((r) => r.cleared > lastChapter);
  // No currency piling up: held at the end of a day ≤ two days' income (the mean of the last 7 days' earnings × 2).
  // Star Shards are counted as a currency: what dismissals bring in a day against what is held.
  const piles: string[] = [];
  const overDays: Record<string, number> = {};
  const kinds: { name: string; held: (r: SeasonRow) => number; earned: (r: SeasonRow) => number }[] = [
    ...CURRENCIES.map((c) => ({
      name: c,
      held: (r: SeasonRow) => r.held[c],
      earned: (r: SeasonRow) => r.earned[c],
    })),
    { name: 'star_shards', held: (r) => r.shards, earned: (r) => r.shardsEarned },
  ];
  for (const k of kinds) {
    let over = 0;
    for (const [i, r] of rows.entries()) {
      const week = rows.slice(Math.max(0, i - 6), i + 1);
      const income = week.reduce((s, x) => s + k.earned(x), 0) / week.length;
      if (i >= 6 && k.held(r) > 2 * income + 1) over++;
    }
    overDays[k.name] = over;
    if (over > PILE_DAYS) piles.push(`${k.name} on ${over} days`);
  }
  return [
    {
      target:
        'a new goal every day: never 3 days without a stage cleared, a star gained or a gear set completed',
      ok: worst < 3,
      seen: `longest stretch without: ${worst} day(s)`,
    },
    {
      target: 'the last chapter reached (6-1 cleared) between day 30 and day 60',
      ok: reached !== undefined && reached.day >= 30 && reached.day <= 60,
      seen: reached ? `day ${reached.day}` : 'not reached',
    },
    {
      target: `no currency (Star Shards too) held past two days' income (the last 7 days' mean) on more than ${PILE_DAYS} of the days from day 7`,
      ok: piles.length === 0,
      seen: Object.entries(overDays)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    },
  ];
}

const f0 = (x: number) => Math.round(x).toLocaleString('en-US');

export function printSeason(rows: SeasonRow[]): string {
  const lines = [
    '| Day | Furthest stage | Cleared today | Team power | Levels | Stars (ascended today) | Gear worn (sets; dropped, bought today) | Star Shards held / earned | Scrolls fused / from sigils | Gold held / spent | Essence held / spent | Tokens held / spent | Idle claimed (gold, xp, essence) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.day} | ${r.cleared > 0 ? STAGES[r.cleared - 1].id : '—'} | ${r.clearedToday} | ${f0(r.power)} | ${r.levels.join(' ')} | ${r.stars}${r.ascended ? ` (+${r.ascended})` : ''} | ${r.worn} (${r.sets}${r.setsToday ? ` +${r.setsToday}` : ''}; ${r.dropped}, ${r.bought}) | ${f0(r.shards)} / ${f0(r.shardsEarned)} | ${r.fused} / ${r.sigils} | ${f0(r.held.gold)} / ${f0(r.spent.gold)} | ${f0(r.held.magic_essence)} / ${f0(r.spent.magic_essence)} | ${f0(r.held.combat_tokens)} / ${f0(r.spent.combat_tokens)} | ${f0(r.idle.gold)}, ${f0(r.idle.xp_per_hero)}, ${f0(r.idle.magic_essence)} |`,
    );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
  const started = Date.now();
  const d = decisionsPerBattle(20);
  const time: TimeModel = { decisionS: MEASURED_BATTLE_MID_S / d.median, medianDecisions: d.median };
  const rows = playSeason({
    days: Number(arg('days') ?? 60),
    minutes: Number(arg('minutes') ?? 15),
    seed: Number(arg('seed') ?? 20261123),
    samples: Number(arg('samples') ?? 400),
    time,
  });
  console.log(printSeason(rows));
  console.log('');
  const checks = seasonChecks(rows);
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.target}: ${c.seen}`);
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}
