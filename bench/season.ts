// The season (issue "A second week worth playing"): the real server, started in this process on a fresh database
// (SQLite, or PostgreSQL with db=postgres), its game clock moved by the simulation, played through its HTTP API by
// three players (./season-bots.ts) — one who does the dailies, one who fights what pays best, one who plays turn by
// turn — each for `minutes` a day at a fixed hour after its day's reset (04:00 UTC): the dailies player at 18:00, the
// fighter at 19:00, the turn-by-turn player at 20:00. No model of the economy beside the game's own code: every
// figure is the server's — income by source from each player's ledger (GET /api/users/{id}/ledger, by reason), team
// power as the campaign states it, each open dungeon's chance and the fair matches as the odds answers state them.
// Outcomes are the server's own rolls, so two runs differ a little.
//
// A row a day per style, then the targets (seasonChecks), each ok or FAIL with its figure.
// Run: npm run sim:season [-- days=30 minutes=15 db=sqlite|postgres]; SEASON_PROFILE=1 adds each route's calls and time.
import { performance } from 'node:perf_hooks';
import { GameServer, SimClock, must } from './season-client.ts';
import {
  Bot,
  CURRENCIES,
  STYLES,
  worth,
  type Cur,
  type DayLog,
  type Purse,
  type Style,
} from './season-bots.ts';
import type { DatabaseKind } from '../tests/api/helpers.ts';

/** The season's first day, 00:00 UTC: the clock starts here and every day is a day later. */
export const SEASON_START_MS = Date.UTC(2026, 11, 1);
/** The UTC hour each style plays at (its day resets at 04:00). */
export const PLAY_HOUR: Record<Style, number> = { dailies: 18, fighter: 19, turns: 20 };

/** Where a ledger entry's credit came from: the fights, first clears, the daily layer, idle income, or exchanges. */
export const SOURCES = ['fights', 'first_clears', 'daily', 'idle', 'exchange', 'refunds', 'other'] as const;
export type Source = (typeof SOURCES)[number];
const SOURCE_OF: Record<string, Source> = {
  battle_reward: 'fights',
  arena_reward: 'fights',
  dungeon_reward: 'fights',
  dungeon_clear: 'fights',
  campaign_reward: 'fights',
  campaign_first_clear: 'first_clears',
  daily_quest: 'daily',
  daily_bonus: 'daily',
  daily_calendar: 'daily',
  idle_income: 'idle',
  item_use: 'exchange',
  ascension_reset: 'refunds',
};
/** Debits that are a source's own (a lost fight's stake): its income is counted net of them. */
const NET_OF: Record<string, Source> = { fight_stake: 'fights' };
/** The sources that bring new value (not an exchange of one currency for another, a refund or a grant). */
export const INCOME_SOURCES: readonly Source[] = ['fights', 'first_clears', 'daily', 'idle'];

export interface SeasonRow {
  day: number;
  style: Style;
  /** minutes of play the session spent on the clock */
  minutes: number;
  /** the dailies player's quests as it left them after doing them: `arena_win 3/3` */
  quests: string[];
  fights: number;
  /** fights by kind: random, arena, dungeon, stage (', turn by turn' when steered) */
  fought: Record<string, number>;
  decisions: number;
  requests: number;
  /** stages cleared, the furthest of them, the stage to fight next */
  cleared: number;
  furthest: string | null;
  next: string | null;
  /** the campaign answer's team_power */
  teamPower: number;
  team: { name: string; level: number; rarity: number }[];
  heldBefore: Purse;
  held: Purse;
  shards: number;
  /** every credit of the day by the ledger, by source (fights net of lost stakes), and in all */
  bySource: Record<Source, Purse>;
  earned: Purse;
  /** every debit of the day by the ledger, by reason, and in all */
  spentOn: Record<string, Purse>;
  spent: Purse;
  /** the sum of the day's ledger entries, each currency */
  ledgerDelta: Purse;
  goals: string[];
  wants: string[];
  /** each open dungeon's opened tiers: the stated chance (floor 1 of a new run) for the team and its pay a minute */
  dungeons: { id: string; name: string; tier: number; probability: number; perMinute: number }[];
  /** the best pay a minute of every fight the player could start (the fighter's survey: gold's worth) */
  bestPerMinute: number;
  /** Find a fair match for the team's strongest hero: who, and the stated chances */
  fair: { opponents: string[]; probabilities: number[] } | { refused: string };
  waited: DayLog['waited'];
  /** the next stage when the day's push stopped on its stated chance (under PUSH_ODDS) */
  short: DayLog['short'];
  serverErrors: number;
}

export interface SeasonReport {
  db: DatabaseKind;
  days: number;
  minutes: number;
  rows: SeasonRow[];
  serverErrors: string[];
  seconds: number;
}

const purse = (): Purse => ({ gold: 0, magic_essence: 0, summoning_scrolls: 0, combat_tokens: 0 });
const balances = (u: Purse): Purse => ({
  gold: u.gold,
  magic_essence: u.magic_essence,
  summoning_scrolls: u.summoning_scrolls,
  combat_tokens: u.combat_tokens,
});

export async function playSeason(o: {
  db?: DatabaseKind;
  days?: number;
  minutes?: number;
  checkAnswers?: boolean;
  progress?: (line: string) => void;
}): Promise<SeasonReport> {
  const started = performance.now();
  const days = o.days ?? 30;
  const minutes = o.minutes ?? 15;
  const clock = new SimClock(SEASON_START_MS);
  const s = await GameServer.start(o.db ?? 'sqlite', clock, { checkAnswers: o.checkAnswers });
  const rows: SeasonRow[] = [];
  try {
    const bots = new Map<Style, Bot>();
    const markers = new Map<Style, string | null>();
    for (let day = 1; day <= days; day++) {
      const dayStarted = performance.now();
      for (const style of STYLES) {
        clock.jumpTo(
          Math.max(clock.ms, SEASON_START_MS + (day - 1) * 86_400_000 + PLAY_HOUR[style] * 3_600_000),
        );
        let bot = bots.get(style);
        if (!bot) {
          bot = await Bot.join(s, style, `season_${style}`);
          bots.set(style, bot);
          // The starting grant is the account's, not the day's: the day's entries start after it.
          markers.set(style, (await ledgerSince(s, bot.id, null)).newest);
        }
        const heldBefore = balances(await bot.me());
        await bot.readHeroes();
        const levels = new Map(bot.heroes.map((h) => [h.id, h.level]));
        const requests = s.requests;
        const errors = s.serverErrors.length;
        await bot.session(minutes);
        const ledger = await ledgerSince(s, bot.id, markers.get(style) ?? null);
        markers.set(style, ledger.newest ?? markers.get(style) ?? null);
        rows.push(
          await measure(s, bot, day, { heldBefore, levels, ledger: ledger.entries, requests, errors }),
        );
      }
      o.progress?.(`day ${day}: ${((performance.now() - dayStarted) / 1000).toFixed(1)} s`);
    }
    return {
      db: o.db ?? 'sqlite',
      days,
      minutes,
      rows,
      serverErrors: [...s.serverErrors],
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await s.stop();
  }
}

interface Entry {
  id: string;
  currency: Cur;
  delta: number;
  reason: string;
}

/** The player's ledger entries newer than `marker` (all of them when null), newest first, and the newest id. */
async function ledgerSince(s: GameServer, userId: string, marker: string | null) {
  const entries: Entry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = must(
      await s.call('get', '/api/users/{id}/ledger', { path: { id: userId }, query: { limit: 100, cursor } }),
      'the ledger',
    );
    for (const e of page.entries) {
      if (e.id === marker) return { entries, newest: entries[0]?.id ?? null };
      entries.push(e);
    }
    if (!page.next_cursor) return { entries, newest: entries[0]?.id ?? null };
    cursor = page.next_cursor;
  }
}

/** The day's row: what the server answers after the session (reads only: the clock does not move). */
async function measure(
  s: GameServer,
  bot: Bot,
  day: number,
  o: { heldBefore: Purse; levels: Map<string, number>; ledger: Entry[]; requests: number; errors: number },
): Promise<SeasonRow> {
  const c = await bot.campaign();
  const held = balances(await bot.me());
  const inv = must(await s.call('get', '/api/inventory', { query: { user_id: bot.id } }), 'the inventory');
  const shards = inv.items.filter((i) => i.item_id === 'star_shard').reduce((n, i) => n + i.quantity, 0);
  const bySource = Object.fromEntries(SOURCES.map((k) => [k, purse()])) as Record<Source, Purse>;
  const earned = purse();
  const spent = purse();
  const spentOn: Record<string, Purse> = {};
  const ledgerDelta = purse();
  for (const e of o.ledger) {
    ledgerDelta[e.currency] += e.delta;
    if (e.reason in NET_OF) bySource[NET_OF[e.reason]][e.currency] += e.delta;
    if (e.delta > 0) {
      bySource[SOURCE_OF[e.reason] ?? 'other'][e.currency] += e.delta;
      earned[e.currency] += e.delta;
    } else {
      (spentOn[e.reason] ??= purse())[e.currency] -= e.delta;
      spent[e.currency] -= e.delta;
    }
  }
  const goals = [...bot.log.goals];
  for (const h of bot.team) {
    const was = o.levels.get(h.id);
    if (was !== undefined && h.level > was) goals.push(`level ${h.name} ${was}→${h.level}`);
  }
  const stages = c.chapters.flatMap((ch) => ch.stages);
  const dungeonNames = new Map(
    must(await s.call('get', '/api/dungeons', {}), 'the dungeons').map((d) => [d.id, d.name]),
  );
  // Every fight the player could start now, by its stated pay a minute (the fighter's survey): each opened tier of
  // each open dungeon among them.
  const choices = await bot.survey(['random', 'dungeon', 'arena', 'stage']);
  const dungeons: SeasonRow['dungeons'] = choices
    .filter((ch) => ch.kind === 'dungeon' && ch.tier !== undefined)
    .map((ch) => ({
      id: ch.dungeonId!,
      name: `${dungeonNames.get(ch.dungeonId!) ?? ch.dungeonId} ${ch.tier}`,
      tier: ch.tier!,
      probability: ch.probability,
      perMinute: ch.perSecond * 60,
    }));
  const bestPerMinute = Math.max(0, ...choices.map((ch) => ch.perSecond * 60));
  const fm = await bot.fairMatches();
  return {
    day,
    style: bot.style,
    minutes: bot.log.seconds / 60,
    quests: [...bot.log.quests],
    fights: bot.log.fights,
    fought: { ...bot.log.fought },
    decisions: bot.log.decisions,
    requests: s.requests - o.requests,
    cleared: c.cleared,
    furthest: stages.filter((st) => st.status === 'cleared').at(-1)?.id ?? null,
    next: c.next_stage_id,
    teamPower: c.team_power,
    team: bot.team.map((h) => ({ name: h.name, level: h.level, rarity: h.rarity })),
    heldBefore: o.heldBefore,
    held,
    shards,
    bySource,
    earned,
    spentOn,
    spent,
    ledgerDelta,
    goals,
    wants: [...bot.log.wants.values()],
    dungeons,
    bestPerMinute,
    fair:
      'refused' in fm ? fm : { opponents: fm.opponents.map((h) => h.id), probabilities: fm.probabilities },
    waited: bot.log.waited ?? (await bot.clockWait(c)),
    short: bot.log.short,
    serverErrors: s.serverErrors.length - o.errors,
  };
}

// ---- the targets ----------------------------------------------------------------------------------------------------

export interface SeasonCheck {
  target: string;
  ok: boolean;
  seen: string;
  /** the figure the target is judged by, where it is one (a share, a count of days) */
  measured?: number;
}

/** Days a currency may be held before it counts as piled (from day 3) and days its spending on a goal may take. */
const PILE_DAYS = 3;
const DUNGEON_BAND = [0.4, 0.75] as const;
const FAIR_BAND = [0.4, 0.6] as const;
const pct = (x: number) => `${Math.round(x * 100)}%`;
const income = (r: SeasonRow) => {
  const p = purse();
  for (const src of [...INCOME_SOURCES, 'exchange'] as const)
    for (const c of CURRENCIES) p[c] += r.bySource[src][c];
  return p;
};
const newValue = (r: SeasonRow, sources: readonly Source[] = INCOME_SOURCES) =>
  sources.reduce((s, src) => s + worth(r.bySource[src]), 0);

/** The dungeon a row names as its best: the hardest one in the 40–75% band, else the one nearest it. */
export function bestDungeon(r: SeasonRow): SeasonRow['dungeons'][number] | null {
  const inBand = r.dungeons.filter(
    (d) => d.probability >= DUNGEON_BAND[0] && d.probability <= DUNGEON_BAND[1],
  );
  if (inBand.length) return inBand.reduce((a, b) => (b.probability < a.probability ? b : a));
  const off = (p: number) => (p < DUNGEON_BAND[0] ? DUNGEON_BAND[0] - p : p - DUNGEON_BAND[1]);
  return r.dungeons.reduce<SeasonRow['dungeons'][number] | null>(
    (a, b) => (!a || off(b.probability) < off(a.probability) ? b : a),
    null,
  );
}

/**
 * The issue's targets over a season's rows. A currency is piled on a day (from day 3) when what is held at its end
 * exceeds three days of its income (the mean of the last seven days' credits of it, exchanges in) — unless the next
 * three days' spending of it covers the excess (saved for a goal and spent on it); days whose next three are not
 * played are not judged. Shares of income are in gold's worth (season-bots.ts WORTH), of new value only (fights,
 * first clears, the daily layer, idle income).
 */
export function seasonChecks(report: SeasonReport): SeasonCheck[] {
  const by = (style: Style) => report.rows.filter((r) => r.style === style).sort((a, b) => a.day - b.day);
  const checks: SeasonCheck[] = [];

  const piles: string[] = [];
  for (const style of STYLES) {
    const rows = by(style);
    for (const c of CURRENCIES) {
      const days: number[] = [];
      for (const [i, r] of rows.entries()) {
        if (r.day < 3 || i + PILE_DAYS >= rows.length) continue;
        const week = rows.slice(Math.max(0, i - 6), i + 1);
        const daily = week.reduce((s, x) => s + income(x)[c], 0) / week.length;
        const excess = r.held[c] - PILE_DAYS * daily;
        if (excess <= 0) continue;
        const after = rows.slice(i + 1, i + 1 + PILE_DAYS).reduce((s, x) => s + x.spent[c], 0);
        if (after < excess) days.push(r.day);
      }
      if (days.length) piles.push(`${style} ${c} on day${days.length > 1 ? 's' : ''} ${days.join(', ')}`);
    }
  }
  checks.push({
    target: 'from day 3 no currency held above 3 days of its income unless spent on a goal within 3 days',
    ok: piles.length === 0,
    seen: piles.length ? piles.join('; ') : 'none piled',
  });

  const goalless = report.rows.filter((r) => r.goals.length === 0).map((r) => `${r.style} day ${r.day}`);
  checks.push({
    target: 'a new goal reached every day by every style',
    ok: goalless.length === 0,
    measured: goalless.length,
    seen: goalless.length ? `none on ${goalless.join(', ')}` : 'every day',
  });

  const fighter = by('fighter');
  let run = 0;
  let worst = 0;
  let total = 0;
  for (const [i, r] of fighter.entries()) {
    const prev = i > 0 ? fighter[i - 1].cleared : 0;
    if (prev >= total && r.next === null && r.cleared === prev) break; // every stage cleared
    run = r.cleared > prev ? 0 : run + 1;
    worst = Math.max(worst, run);
    total = r.cleared;
  }
  checks.push({
    target: 'the fighter never 2 days without a new stage',
    ok: worst < 2,
    measured: worst,
    seen: `longest stretch without: ${worst} day(s); ${fighter.at(-1)?.cleared ?? 0} stages by day ${fighter.at(-1)?.day ?? 0}`,
  });

  const waits = report.rows.filter((r) => r.waited);
  checks.push({
    target: 'no stage waiting on a clock while the team states ≥ 40%',
    ok: waits.length === 0,
    seen: waits.length
      ? `${waits.length} day(s), e.g. ${waits
          .slice(0, 3)
          .map((r) => `${r.style} day ${r.day} ${r.waited!.stage} at ${pct(r.waited!.probability)}`)
          .join(', ')}`
      : 'none',
  });

  const share = (rows: SeasonRow[], sources: readonly Source[]) => {
    const all = rows.reduce((s, r) => s + newValue(r), 0);
    return all > 0 ? rows.reduce((s, r) => s + newValue(r, sources), 0) / all : 0;
  };
  const fights = share(fighter, ['fights']);
  checks.push({
    target: "fights ≥ 50% of the fighter's income",
    ok: fights >= 0.5,
    measured: fights,
    seen: `${pct(fights)} (gold's worth over the season)`,
  });
  const daily = share(by('dailies'), ['daily']);
  checks.push({
    target: "the daily layer ⅓–½ of the dailies player's income",
    ok: daily >= 1 / 3 && daily <= 1 / 2,
    measured: daily,
    seen: `${pct(daily)} (gold's worth over the season)`,
  });

  const noDungeon = report.rows
    .filter(
      (r) => !r.dungeons.some((d) => d.probability >= DUNGEON_BAND[0] && d.probability <= DUNGEON_BAND[1]),
    )
    .map((r) => `${r.style} day ${r.day}${r.dungeons.length ? '' : ' (none open)'}`);
  checks.push({
    target: 'a dungeon at 40–75% every day',
    ok: noDungeon.length === 0,
    measured: noDungeon.length,
    seen: noDungeon.length
      ? `not on ${noDungeon.length} day(s): ${noDungeon.slice(0, 6).join(', ')}`
      : 'every day',
  });
  const underpaid = report.rows
    .filter(
      (r) =>
        !r.dungeons.some(
          (d) =>
            d.probability >= DUNGEON_BAND[0] &&
            d.probability <= DUNGEON_BAND[1] &&
            d.perMinute * 2 >= r.bestPerMinute,
        ),
    )
    .map((r) => `${r.style} day ${r.day}`);
  checks.push({
    target: 'a dungeon at 40–75% paying within 2× of the best fight a minute, every day',
    ok: underpaid.length === 0,
    measured: underpaid.length,
    seen: underpaid.length
      ? `not on ${underpaid.length} day(s): ${underpaid.slice(0, 6).join(', ')}`
      : 'every day',
  });

  const unfair: string[] = [];
  const same: string[] = [];
  for (const style of STYLES) {
    const rows = by(style);
    for (const [i, r] of rows.entries()) {
      // a refusal counts as no fair match, and says why
      if ('refused' in r.fair) {
        unfair.push(`${style} day ${r.day} (refused: ${r.fair.refused})`);
        continue;
      }
      const ps = r.fair.probabilities;
      if (ps.length === 0 || ps.some((p) => p < FAIR_BAND[0] || p > FAIR_BAND[1]))
        unfair.push(
          `${style} day ${r.day} (${ps.length ? `${pct(Math.min(...ps))}–${pct(Math.max(...ps))}` : 'none'})`,
        );
      const prior = i > 0 ? rows[i - 1].fair : undefined;
      const before = prior && 'opponents' in prior ? prior.opponents : undefined;
      const now = r.fair.opponents;
      if (before && now && [...before].sort().join() === [...now].sort().join())
        same.push(`${style} day ${r.day}`);
    }
  }
  checks.push({
    target: 'fair matches at 40–60%, not the same list two days running',
    ok: unfair.length === 0 && same.length === 0,
    measured: unfair.length + same.length,
    seen:
      `outside 40–60% on ${unfair.length} day(s)${unfair.length ? ` (${unfair.slice(0, 4).join(', ')})` : ''}; ` +
      `the same list as the day before on ${same.length}${same.length ? ` (${same.slice(0, 4).join(', ')})` : ''}`,
  });

  checks.push({
    target: 'no server error (5xx)',
    ok: report.serverErrors.length === 0,
    seen: report.serverErrors.length ? report.serverErrors.slice(0, 3).join('; ') : 'none',
  });
  return checks;
}

// ---- printing -------------------------------------------------------------------------------------------------------

const f0 = (x: number) => Math.round(x).toLocaleString('en-US');

/** held / earned / spent of one currency, as `1,200 / +800 / −650`. */
const flow = (r: SeasonRow, c: Cur) => `${f0(r.held[c])} / +${f0(r.earned[c])} / −${f0(r.spent[c])}`;

/** The day's new value by source, in shares of gold's worth. */
function sourceShares(r: SeasonRow): string {
  const all = newValue(r);
  if (all <= 0) return '—';
  const name: Record<string, string> = {
    fights: 'fights',
    first_clears: 'first',
    daily: 'daily',
    idle: 'idle',
  };
  return INCOME_SOURCES.map((src) => `${name[src]} ${pct(worth(r.bySource[src]) / all)}`).join(', ');
}

function foughtText(r: SeasonRow): string {
  const kinds = Object.entries(r.fought).sort((a, b) => b[1] - a[1]);
  return `${r.fights}${kinds.length ? ` (${kinds.map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`;
}

/**
 * The best open dungeon tier (bestDungeon): its stated chance and pay a minute beside the best fight's, and how many
 * tiers were open: `Crypt 3 62%, 41/min of 55 (9 open)`.
 */
function dungeonText(r: SeasonRow, best: SeasonRow['dungeons'][number] | null): string {
  if (!best) return '—';
  const name = best.name.replace(/^The /, '').split(' ').slice(-2).join(' ');
  return `${name} ${pct(best.probability)}, ${f0(best.perMinute)}/min of ${f0(r.bestPerMinute)} (${r.dungeons.length} open)`;
}

function fairText(r: SeasonRow): string {
  if ('refused' in r.fair) return `refused: ${r.fair.refused}`;
  const ps = r.fair.probabilities;
  return ps.length ? `${pct(Math.min(...ps))}–${pct(Math.max(...ps))} (${ps.length})` : '—';
}

export function printSeason(report: SeasonReport, days?: readonly number[]): string {
  const out: string[] = [];
  for (const style of STYLES) {
    out.push(`\n### ${style}\n`);
    out.push(
      '| Day | Min | Quests | Fights | Stage (cleared) | Power | Levels | Stars | Gold held / earned / spent | Essence | Tokens | Scrolls earned / spent | Shards | Income (worth) | Goals | Could not buy | Open dungeons (best) | Fair matches | Waited on a clock |',
    );
    out.push(
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const r of report.rows.filter((x) => x.style === style && (!days || days.includes(x.day)))) {
      const best = bestDungeon(r);
      out.push(
        `| ${r.day} | ${r.minutes.toFixed(1)} | ${r.quests.join(', ') || '—'} | ${foughtText(r)} | ${r.furthest ?? '—'} (${r.cleared})${r.short ? `, ${r.short.stage} at ${pct(r.short.probability)}` : ''} | ${f0(r.teamPower)} | ` +
          `${r.team.map((h) => h.level).join(' ')} | ${r.team.map((h) => h.rarity).join(' ')} | ${flow(r, 'gold')} | ` +
          `${flow(r, 'magic_essence')} | ${flow(r, 'combat_tokens')} | +${f0(r.earned.summoning_scrolls)} / −${f0(r.spent.summoning_scrolls)} | ` +
          `${f0(r.shards)} | ${f0(newValue(r))}: ${sourceShares(r)} | ${summarize(r.goals)} | ${r.wants.join('; ') || '—'} | ` +
          `${dungeonText(r, best)} | ${fairText(r)} | ` +
          `${r.waited ? `${r.waited.stage} at ${pct(r.waited.probability)}` : '—'} |`,
      );
    }
  }
  return out.join('\n');
}

/** Goals of one kind counted together: `level ×6, stage 1-3, stage 1-4, gear ×4`. */
function summarize(goals: string[]): string {
  if (goals.length === 0) return '—';
  const kinds = new Map<string, string[]>();
  for (const g of goals) {
    const k = g.split(' ')[0];
    kinds.set(k, [...(kinds.get(k) ?? []), g]);
  }
  return [...kinds.entries()]
    .map(([k, gs]) =>
      k === 'stage' || k === 'star' || k === 'set' || gs.length === 1 ? gs.join(', ') : `${k} ×${gs.length}`,
    )
    .join(', ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
  const report = await playSeason({
    db: (arg('db') ?? 'sqlite') as DatabaseKind,
    days: Number(arg('days') ?? 30),
    minutes: Number(arg('minutes') ?? 15),
    progress: (line) => console.error(line),
  });
  console.log(`Season: ${report.days} days of ${report.minutes} minutes a day, ${report.db}`);
  console.log(printSeason(report));
  console.log('');
  const checks = seasonChecks(report);
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.target}: ${c.seen}`);
  console.log(`\n(${report.seconds.toFixed(1)} s)`);
  if (process.env.SEASON_PROFILE) {
    const { PROFILE } = await import('./season-client.ts');
    for (const [k, [n, ms]] of [...PROFILE.entries()].sort((a, b) => b[1][1] - a[1][1]).slice(0, 25))
      console.log(`${k}: ${n} calls, ${(ms / 1000).toFixed(1)} s, ${(ms / n).toFixed(1)} ms each`);
  }
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}
