// How soon a guild fells its week's boss: the real server (SQLite, or db=postgres), its clock moved a guild day at a
// time from Monday 04:00, guilds of 5 and 15 players made and joined through the API, each player attacking twice a
// day through the API with a team of four heroes of one level (3★, levels=3,5,8 by default: the first week's teams
// of the season's players, day 1 to day 7). Prints, for each guild and team level, the day each boss fell and the
// damage of an attack (median). The figures behind BOSS_HP_BASE (docs/game-rules.md "The guild boss").
//   npm run sim:guild -- [db=postgres] [levels=3,5,8] [sizes=5,15]
import { generateHero } from '../src/game/generation.ts';
import { heroRow } from '../src/server/store/hero-rows.ts';
import { openStore } from '../src/server/store/db.ts';
import { GameServer, SimClock } from './season-client.ts';
import type { DatabaseKind } from '../tests/api/helpers.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=') as [string, string]));
const db = (args.db ?? 'sqlite') as DatabaseKind;
const levels = (args.levels ?? '3,5,8').split(',').map(Number);
const sizes = (args.sizes ?? '5,15').split(',').map(Number);
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
    damage.sort((x, y) => x - y);
    return { fell, median: damage[Math.floor(damage.length / 2)] };
  } finally {
    await store.close();
    await s.stop();
  }
}

console.log(`| Guild | Team (4 × 3★) | Median attack | Bosses felled (level, day) | db |`);
console.log(`| --- | --- | --- | --- | --- |`);
for (const size of sizes)
  for (const level of levels) {
    const r = await run(size, level);
    console.log(
      `| ${size} players | level ${level} | ${r.median} | ${r.fell.join(', ') || 'none'} | ${db} |`,
    );
  }
