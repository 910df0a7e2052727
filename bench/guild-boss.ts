// How soon a guild fells its week's boss, on the real server (SQLite, or db=postgres) through its API, its clock moved
// from a Monday. Two ways:
// - mode=season (the default): the season's players (bench/season-bots.ts: the dailies player, the fighter and the
//   turn-by-turn player in turn), 15 minutes a day each from their first day, in one guild of 5 or 15 made and joined
//   through the API; each attacks the boss twice as its session starts, with its best four as they grow, and plays
//   the rest of its day as in the season. Prints, for each guild and week, the day each boss fell and the median attack.
// - mode=teams: every member with four 3★ heroes of one level (levels=3,5,8), attacking twice a day and doing nothing
//   else: the damage of a team of a known level, behind the tiers (docs/game-rules.md "The guild boss").
//   npm run sim:guild -- [db=postgres] [mode=teams] [sizes=5,15] [weeks=2] [levels=3,5,8]
import { generateHero } from '../src/game/generation.ts';
import { heroRow } from '../src/server/store/hero-rows.ts';
import { openStore } from '../src/server/store/db.ts';
import { GameServer, SimClock } from './season-client.ts';
import { Bot, STYLES } from './season-bots.ts';
import { PLAY_HOUR } from './season.ts';
import { writeFileSync } from 'node:fs';
import { ownTeam } from '../src/server/heroes/hero-store.ts';
import type { Hero } from '../src/game/types.ts';
import type { DatabaseKind } from '../tests/api/helpers.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=') as [string, string]));
const db = (args.db ?? 'sqlite') as DatabaseKind;
const levels = (args.levels ?? '3,5,8').split(',').map(Number);
const sizes = (args.sizes ?? '5,15').split(',').map(Number);
const mode = args.mode ?? 'season';
const weeks = Number(args.weeks ?? 2);
/** teams=FILE: every player's team as the server fields it, at the end of each day (to try the boss's numbers on). */
const teamsFile = args.teams;
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
// Monday 2026-12-07 04:00 UTC: a guild week's first instant (the makers' zone is UTC)
const MONDAY = Date.UTC(2026, 11, 7, 4);

async function post(base: string, path: string, body: unknown) {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as Record<string, unknown>;
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** The middle attack's damage (the upper of the two middle ones when even; 0 when none): both modes print it. */
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

let seed = 70_000;
async function run(size: number, level: number) {
  const clock = new SimClock(MONDAY - 3_600_000);
  const s = await GameServer.start(db, clock);
  const store = openStore(s.db.url, { poolSize: 1 });
  try {
    const players: { id: string; team: string[] }[] = [];
    for (let i = 0; i < size; i++) {
      const u = await post(s.base, '/api/users', { username: `g${size}_${level}_${i}_${seed}` });
      const team: string[] = [];
      for (let k = 0; k < 4; k++) {
        const hero = generateHero(seed++, { id: `h_sim_${seed}`, userId: u.id as string, level, rarity: 3 });
        await store.db
          .insertInto('heroes')
          .values(heroRow(hero, { user_id: hero.user_id!, created_at: 1 }))
          .execute();
        team.push(hero.id);
      }
      players.push({ id: u.id as string, team });
    }
    const guild = await post(s.base, '/api/guilds', {
      user_id: players[0].id,
      name: `Sim ${size} ${level} ${seed}`,
      join_policy: 'open',
    });
    for (const p of players.slice(1)) await post(s.base, `/api/guilds/${guild.id}/join`, { user_id: p.id });
    const fell: string[] = [];
    const damage: number[] = [];
    for (let day = 0; day < 7; day++) {
      clock.jumpTo(MONDAY + day * 86_400_000 + 3_600_000);
      for (const round of [0, 1])
        for (const p of players) {
          const a = await post(s.base, `/api/guilds/${guild.id}/boss/attack`, {
            user_id: p.id,
            hero_ids: p.team,
          });
          damage.push(a.damage as number);
          if (a.killed) fell.push(`L${a.level as number} ${DAYS[day]}${round ? ' (2nd)' : ''}`);
        }
    }
    return { fell, median: median(damage) };
  } finally {
    await store.close();
    await s.stop();
  }
}

const dayName = (ms: number): string => DAYS[Math.floor((ms - MONDAY) / 86_400_000) % 7];

/** A guild of `size` season players, each playing 15 minutes a day for `weeks` weeks from a Monday. */
async function season(size: number) {
  const clock = new SimClock(MONDAY);
  const s = await GameServer.start(db, clock);
  const store = openStore(s.db.url, { poolSize: 1 });
  const teams: { day: number; style: string; heroes: Hero[] }[] = [];
  try {
    const bots: Bot[] = [];
    for (let day = 0; day < weeks * 7; day++) {
      clock.jumpTo(
        Math.max(clock.ms, MONDAY - 4 * 3_600_000 + day * 86_400_000 + PLAY_HOUR.dailies * 3_600_000),
      );
      for (let i = 0; i < size; i++) {
        let bot = bots[i];
        if (!bot) {
          bot = await Bot.join(s, STYLES[i % STYLES.length], `guild${size}_${i}`);
          if (i === 0) {
            const made = await post(s.base, '/api/guilds', {
              user_id: bot.id,
              name: `Season ${size}`,
              join_policy: 'open',
            });
            bot.guild = made.id as string;
          } else {
            await post(s.base, `/api/guilds/${bots[0].guild}/join`, { user_id: bot.id });
            bot.guild = bots[0].guild;
          }
          bots.push(bot);
        }
        await bot.readHeroes();
        await bot.session(15);
      }
      process.stderr.write(`guild of ${size}: day ${day + 1} played\n`);
      if (teamsFile)
        for (const bot of bots) {
          const fielded = await ownTeam(
            store.db,
            bot.team.map((h) => h.id),
            bot.id,
          );
          teams.push({ day: day + 1, style: bot.style, heroes: fielded.map((h) => h.hero) });
        }
    }
    if (teamsFile) writeFileSync(teamsFile, JSON.stringify(teams));
    if (s.serverErrors.length > 0) throw new Error(`server errors: ${s.serverErrors.join('; ')}`);
    const attacks = bots.flatMap((b) => b.bossAttacks).sort((a, b) => a.ms - b.ms);
    return Array.from({ length: weeks }, (_, w) => {
      const week = attacks.filter((a) => Math.floor((a.ms - MONDAY) / (7 * 86_400_000)) === w);
      return {
        attacks: week.length,
        median: median(week.map((a) => a.damage)),
        fell: week.filter((a) => a.killed).map((a) => `L${a.level} ${dayName(a.ms)}`),
        byDay: DAYS.map((d) => week.filter((a) => dayName(a.ms) === d).reduce((sum, a) => sum + a.damage, 0)),
      };
    });
  } finally {
    await store.close();
    await s.stop();
  }
}

if (mode === 'season') {
  console.log(
    `| Guild | Week | Attacks | Median attack | Damage a day, Mon–Sun (thousands) | Bosses felled (level, day) | db |`,
  );
  console.log(`| --- | --- | --- | --- | --- | --- | --- |`);
  for (const size of sizes) {
    const result = await season(size);
    result.forEach((r, w) =>
      console.log(
        `| ${size} players | ${w + 1} | ${r.attacks} | ${r.median} | ${r.byDay.map((d) => Math.round(d / 1000)).join(' ')} | ${r.fell.join(', ') || 'none'} | ${db} |`,
      ),
    );
  }
} else {
  console.log(`| Guild | Team (4 × 3★) | Median attack | Bosses felled (level, day) | db |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  for (const size of sizes)
    for (const level of levels) {
      const r = await run(size, level);
      console.log(
        `| ${size} players | level ${level} | ${r.median} | ${r.fell.join(', ') || 'none'} | ${db} |`,
      );
    }
}
