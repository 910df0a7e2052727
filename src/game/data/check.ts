// Every reference between content tables, checked: an id that names nothing is a problem, named one per line.
// The server refuses to start with any (src/server/content/catalog.ts), and the content test runs the same check.
import { ABILITIES, BASIC_ACTIONS } from './abilities.ts';
import { CLASSES } from './classes.ts';
import { DUNGEONS, type DungeonDef } from './dungeons.ts';
import { RACES } from './races.ts';
import { STATUSES } from './statuses.ts';
import { BANES, BOONS } from './traits.ts';
import type { AbilityDef, ClassDef, RaceDef, StatusDef, TraitDef } from './schema.ts';
import { own, type ContentTable } from './table.ts';

export interface Content {
  abilities: ContentTable<AbilityDef>;
  basicActions: Record<string, AbilityDef>;
  classes: ContentTable<ClassDef>;
  races: ContentTable<RaceDef>;
  statuses: ContentTable<StatusDef>;
  boons: ContentTable<TraitDef>;
  banes: ContentTable<TraitDef>;
  dungeons: readonly DungeonDef[];
}

export const GAME_CONTENT: Content = {
  abilities: ABILITIES,
  basicActions: BASIC_ACTIONS,
  classes: CLASSES,
  races: RACES,
  statuses: STATUSES,
  boons: BOONS,
  banes: BANES,
  dungeons: DUNGEONS,
};

/** The largest team a dungeon floor is drawn for. */
const MAX_TEAM = 4;

export function contentProblems(t: Content = GAME_CONTENT): string[] {
  const problems: string[] = [];
  const status = (where: string, id: string | undefined) => {
    if (id === undefined || !own(t.statuses, id)) problems.push(`${where} names status '${id}', which is not in STATUSES`);
  };
  for (const c of Object.values(t.classes)) {
    for (const id of c.abilities) {
      const a = own(t.abilities, id);
      if (!a) problems.push(`class ${c.id} names ability '${id}', which is not in ABILITIES`);
      else if (a.type === 'ultimate') problems.push(`class ${c.id} lists ultimate '${id}' among its abilities`);
    }
    for (const id of c.ultimates) {
      const a = own(t.abilities, id);
      if (!a) problems.push(`class ${c.id} names ultimate '${id}', which is not in ABILITIES`);
      else if (a.type !== 'ultimate') problems.push(`class ${c.id} lists '${id}' as an ultimate, but it is ${a.type}`);
    }
  }
  for (const r of Object.values(t.races))
    for (const id of r.favouredBoons)
      if (!own(t.boons, id)) problems.push(`race ${r.id} favours boon '${id}', which is not in BOONS`);
  for (const a of [...Object.values(t.abilities), ...Object.values(t.basicActions)])
    for (const e of a.effects) if (e.op === 'status') status(`ability ${a.id}`, e.status);
  for (const tr of [...Object.values(t.boons), ...Object.values(t.banes)])
    if (tr.mods.startStatus) status(`trait ${tr.id}`, tr.mods.startStatus.status);
  // Every floor holds a full team's foes, none on two floors (src/game/dungeon-tiers.ts): four NPCs a floor, one boss.
  for (const d of t.dungeons) {
    if (d.npcs.length !== MAX_TEAM * d.floors)
      problems.push(`dungeon ${d.id} has ${d.npcs.length} NPCs, not ${MAX_TEAM} for each of its ${d.floors} floors`);
    if (d.npcs.filter((n) => n.boss).length !== 1) problems.push(`dungeon ${d.id} has not one boss`);
  }
  return [...new Set(problems)];
}
