// Prints the dungeon difficulty table (src/game/difficulty.ts measures it): for teams of four typical heroes at
// several levels, each dungeon's floors' stated win chance, then issue 17's targets; exits non-zero when one fails.
// Then the campaign's stages (issue 30): each stage's team power at an even fight, measured against reference teams
// (levels 1–10 and stronger), beside the recommended power the stage states, and the campaign's targets.
// Then (only=tiers) the dungeons' tiers: each tier's recommended power, where floor 1 is even, the same way; and
// (only=bosses) each dungeon's boss floor tuned to BOSS_FLOOR_ODDS at its deeper tiers' recommendations.
// And (only=tiers tune from=1520 top=8000) the deeper tiers' training, each on its rung of one ladder of power.
// And (only=fielded) how teams a player fields (the four strongest of eight) fare at the deep chapters' first stages,
// and how their standing changes from one chapter to the next.
// Run: npm run difficulty [-- teams=12 samples=400 campaign-teams=8 campaign-samples=300 only=campaign|dungeons|tiers|bosses|fielded from=48]

import {
  campaignChecks,
  campaignTable,
  fieldedTable,
  standingTable,
  CAMPAIGN_SAMPLES,
  CAMPAIGN_TEAMS,
  tuneCampaign,
  difficultyChecks,
  difficultyTable,
  tierChecks,
  tierTable,
  tuneBossFloors,
  tuneTiers,
  type DifficultyRow,
  type TierMeasure,
  type StageMeasure,
} from '../src/game/difficulty.ts';
import { DEEP_FROM, STAGES } from '../src/game/data/campaign.ts';
import { DUNGEONS } from '../src/game/data/dungeons.ts';
import { floorLineUp } from '../src/game/dungeon-tiers.ts';

export function printCampaign(rows: StageMeasure[]): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const lines = [
    '| Stage | Foes (level/rarity) | Recommended power | Measured even power | Odds at recommended | First two summons |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.stage.id} | ${r.stage.foes.map((f) => `${f.level}/${f.rarity}★`).join(' ')} | ${r.stage.recommendedPower} | ${r.evenPower} | ${pct(r.atRecommended)}${r.easier ? ' (easier than any team)' : ''} | ${r.firstTwo === undefined ? '' : pct(r.firstTwo)} |`,
    );
  return lines.join('\n');
}

export function printTiers(rows: TierMeasure[]): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const lines = [
    '| Dungeon | Tier | Foes (level, rarity, floor 1 training) | Recommended power | Floor 1 there | Boss floor there |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of [...rows].sort((a, b) => a.power - b.power)) {
    const foes = floorLineUp(r.dungeon, r.tier, 1, 4).enemies;
    const rarities = [...new Set(foes.map((h) => h.rarity))].sort().join('–');
    lines.push(
      `| ${r.dungeon.name} | ${r.tier} | ${foes[0].level}, ${rarities}★, ${foes[0].training ?? 0} | ${r.power} | ${pct(r.atPower)} | ${pct(r.bossAtPower)} |`,
    );
  }
  return lines.join('\n');
}

export function printDifficulty(rows: DifficultyRow[]): string {
  const levels = [...rows[0].odds.keys()];
  const lines = [
    `| Dungeon | Difficulty | Rec. level | Floor | ${levels.map((l) => `L${l}`).join(' | ')} |`,
    `| --- | --- | --- | --- | ${levels.map(() => '---').join(' | ')} |`,
  ];
  for (const r of rows) {
    const boss = r.floor === r.dungeon.floors ? ' (boss)' : '';
    lines.push(
      `| ${r.dungeon.name} | ${r.dungeon.difficulty} | ${r.dungeon.levelRecommendation} | ${r.floor}${boss} | ${levels
        .map((l) => {
          const cell = `${Math.round(r.odds.get(l)! * 100)}%`;
          return l === r.dungeon.levelRecommendation ? `**${cell}**` : cell;
        })
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, dflt: number) =>
    Number(process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? dflt);
  const only = process.argv.find((a) => a.startsWith('only='))?.split('=')[1];
  const started = Date.now();
  const checks: { target: string; ok: boolean; seen: string }[] = [];
  if (only === 'bosses') {
    const tuned = tuneBossFloors(
      arg('campaign-teams', CAMPAIGN_TEAMS),
      arg('campaign-samples', CAMPAIGN_SAMPLES),
    );
    console.log(`Boss floors at each deeper tier's recommended power (data/dungeons.ts bossTraining)\n`);
    for (const t of tuned)
      console.log(
        `  ${t.dungeon.id}: odds at tiers 2–${t.odds.length + 1}: ${t.odds.map((o) => `${Math.round(o * 100)}%`).join(' ')}`,
      );
    console.log('\nBoss training (data/dungeons.ts bossTraining):');
    for (const t of tuned) console.log(`  ${t.dungeon.id}: [${t.bossTraining.join(', ')}]`);
    const stale = tuned.filter((t) => t.bossTraining.join() !== t.dungeon.bossTraining.join());
    checks.push({
      target: 'data/dungeons.ts bossTraining states the tuned offsets',
      ok: stale.length === 0,
      seen: stale.length === 0 ? 'yes' : stale.map((t) => t.dungeon.id).join(', '),
    });
    console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } else if (only === 'tiers' && process.argv.includes('tune')) {
    const tuned = tuneTiers(
      arg('from', 1520),
      arg('top', 8000),
      arg('campaign-teams', CAMPAIGN_TEAMS),
      arg('campaign-samples', CAMPAIGN_SAMPLES),
    );
    console.log(
      'Deeper tiers on one ladder: rung by rung, the power each was to be even at and where it is\n',
    );
    console.log('| Dungeon | Tier | Floor 1 training | Rung power | Measured even power |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const t of tuned)
      console.log(`| ${t.dungeon.name} | ${t.tier} | ${t.training} | ${t.target} | ${t.power} |`);
    console.log('\nTier training (data/dungeons.ts tierTraining):');
    for (const d of DUNGEONS)
      console.log(
        `  ${d.id}: [${tuned
          .filter((t) => t.dungeon.id === d.id)
          .map((t) => t.training)
          .join(', ')}]`,
      );
    const stale = DUNGEONS.filter(
      (d) =>
        tuned
          .filter((t) => t.dungeon.id === d.id)
          .map((t) => t.training)
          .join() !== d.tierTraining.join(),
    );
    checks.push({
      target: 'data/dungeons.ts tierTraining states the tuned training',
      ok: stale.length === 0,
      seen: stale.length === 0 ? 'yes' : stale.map((d) => d.id).join(', '),
    });
    console.log(
      '\nThen measure the tiers (only=tiers) for tierPower and tune the boss floors (only=bosses).',
    );
  } else if (only === 'fielded') {
    console.log(
      "Deep chapters' first stages at their recommended power: random teams of four, and teams a player fields (the four strongest of eight)\n",
    );
    console.log('| Stage | Recommended | Random | Fielded |\n| --- | --- | --- | --- |');
    for (const r of fieldedTable())
      console.log(
        `| ${r.stage.id} | ${r.stage.recommendedPower} | ${Math.round(r.random * 100)}% | ${Math.round(r.fielded * 100)}% |`,
      );
    console.log(
      "\nA chapter's change: fielded teams' standing there (log-odds) less at the stage before — mean, spread, walls (> 1 below the mean)\n",
    );
    console.log('| Stage | Mean | Spread | Walls |\n| --- | --- | --- | --- |');
    const standing = standingTable();
    for (const r of standing)
      console.log(`| ${r.stage.id} | ${r.mean.toFixed(2)} | ${r.spread.toFixed(2)} | ${r.walls} |`);
    const all = standing.reduce((sum, r) => sum + r.spread, 0) / standing.length;
    const walls = standing.reduce((sum, r) => sum + r.walls, 0);
    console.log(`\nMean spread ${all.toFixed(2)}; walls ${walls} of ${standing.length * 32}`);
  } else if (only === 'tiers') {
    const rows = tierTable(arg('campaign-teams', CAMPAIGN_TEAMS), arg('campaign-samples', CAMPAIGN_SAMPLES));
    console.log(
      `Dungeon tiers: the team power at which floor 1 is even (reference teams of four), by power\n`,
    );
    console.log(printTiers(rows));
    console.log('\nTier powers (data/dungeons.ts tierPower):');
    for (const d of DUNGEONS)
      console.log(
        `  ${d.id}: [${rows
          .filter((r) => r.dungeon === d)
          .map((r) => r.power)
          .join(', ')}]`,
      );
    console.log('');
    checks.push(...tierChecks(rows));
  } else if (only !== 'campaign') {
    const rows = difficultyTable(arg('teams', 12), arg('samples', 400));
    console.log(
      `Dungeon floors' stated win chance for teams of four typical heroes (bold: the recommended level)\n`,
    );
    console.log(printDifficulty(rows));
    console.log('');
    checks.push(...difficultyChecks(rows));
  }
  if (process.argv.includes('tune') && only !== 'tiers') {
    const top = process.argv.find((a) => a.startsWith('top='));
    const tuned = tuneCampaign(arg('from', 6), undefined, undefined, top ? arg('top', 0) : undefined);
    console.log(
      `Campaign seed variants (data/campaign.ts VARIANTS): [${tuned.map((t) => t.variant).join(', ')}]`,
    );
    console.log(
      `Recommended powers (data/campaign.ts RECOMMENDED_POWER): [${tuned.map((t) => t.power).join(', ')}]`,
    );
    console.log(
      `Deep training (data/campaign.ts DEEP_TRAINING): [${tuned
        .slice(DEEP_FROM)
        .map((t) => t.training ?? 0)
        .join(', ')}]`,
    );
    const pcts = (odds: number[]) => odds.map((o) => `${Math.round(o * 100)}%`).join('/');
    console.log(
      `Odds there (this measurement / 6 teams, 200 battles): ${tuned.map((t, k) => `${STAGES[k].id} ${pcts(t.odds)}`).join(', ')}`,
    );
    console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } else if (!['dungeons', 'tiers', 'bosses', 'fielded'].includes(only ?? '')) {
    const rows = campaignTable(
      arg('campaign-teams', CAMPAIGN_TEAMS),
      arg('campaign-samples', CAMPAIGN_SAMPLES),
      STAGES.slice(arg('from', 0)),
    );
    console.log(`Campaign stages: the team power of an even fight (reference teams of the foes' number)\n`);
    console.log(printCampaign(rows));
    console.log('');
    checks.push(...campaignChecks(rows));
  }
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.target}: ${c.seen}`);
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}
